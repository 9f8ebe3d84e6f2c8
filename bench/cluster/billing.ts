// Subscription changes under the cluster bench. Some virtual users subscribe through Stripe Checkout, schedule
// a plan change and take it back, cancel and reactivate; Stripe (the stub the tests use, pointed at by
// STRIPE_API_BASE) completes their checkouts and fails and recovers their payments. Every change on Stripe's
// side reaches the instances as Stripe sends it: a signed event POSTed to the webhook through nginx, retried
// until it is acknowledged, now and then delivered twice. The ledger keeps what each side was told, for
// checkSubscriptions (checks.ts).
import crypto from 'node:crypto';
import type pg from 'pg';
import { startStripeStub, stripeTestEnv } from '../../apps/server/src/test/stubs/stripe-stub.ts';
import { callPath, type Context, type VirtualUser } from './workload.ts';

export type PaidPlan = 'iniciante' | 'profissional';

/** A user's subscription as the database must hold it: what the user was last told, or read back. */
export type BillingState = {
  plan: PaidPlan;
  pendingPlan: PaidPlan | null;
  cancelAtPeriodEnd: boolean;
  status: 'active' | 'past_due';
};

/** The user's steps (a call to the API), then Stripe's own (events only). */
export type StepKind =
  | 'subscribe'
  /** iniciante -> profissional: applies at once, the difference charged with Stripe's proration. */
  | 'upgrade'
  /** profissional -> iniciante: scheduled for the period's end. */
  | 'change plan'
  | 'take the change back'
  | 'cancel'
  | 'reactivate'
  | 'payment failed'
  | 'payment recovered';

export type BillingStep = {
  kind: StepKind;
  userId: string;
  startedAt: number;
  endedAt: number;
  /** The user's call answered 2xx; for Stripe's steps, every event of the step acknowledged. */
  isAcknowledged: boolean;
  /** Stripe's subscription changed: the database must show this change once, whatever the answer was. */
  isEffective: boolean;
  /** The user's call got no 2xx answer, yet Stripe's subscription changed. */
  isHalfDone: boolean;
};

export type Delivery = {
  status: number;
  /** The webhook's answer: the event was already applied. */
  duplicate?: boolean;
  /** first; retry: Stripe's retry after no answer or a non-2xx; redelivery: delivering an acknowledged event again. */
  reason: 'first' | 'retry' | 'redelivery';
};
export type StripeEventRecord = { id: string; type: string; userId: string; deliveries: Delivery[] };

export type BillingAccount = {
  user: VirtualUser;
  subscriptionId?: string;
  /** Undefined while the user is on the free plan. */
  state?: BillingState;
  /** The last step got no 2xx answer (the state was read back from the server afterwards). */
  isUncertain: boolean;
  /** The account's steps, one after another (the user's and Stripe's). */
  chain: Promise<void>;
};

export type BillingLedger = { accounts: BillingAccount[]; steps: BillingStep[]; events: StripeEventRecord[] };

/** One in this many virtual users (of the free ones) pays; each takes a billing step every this often. */
const BILLING_USER_EVERY = 8;
const STEP_MEAN_MS = 30_000;
/** Stripe retries an unacknowledged delivery for days; the bench after 1, 2, 4, 8, 8… s, for this long. */
const RETRY_BOUND_MS = 120_000;
/** The share of acknowledged events delivered a second time (Stripe delivers at least once). */
const REDELIVERY_SHARE = 0.1;
const MONTH_MS = 30 * 86_400_000;
const priceInCents: Record<PaidPlan, number> = { iniciante: 4900, profissional: 14900 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const otherPlan = (plan: PaidPlan): PaidPlan => (plan === 'iniciante' ? 'profissional' : 'iniciante');

/** The Stripe stub the instances are pointed at, with its webhook secret. */
export async function startStripe() {
  const stripe = await startStripeStub();
  const webhookSecret = `whsec_bench_${crypto.randomBytes(16).toString('hex')}`;
  return { stripe, webhookSecret, env: stripeTestEnv(stripe, webhookSecret) };
}

export type Billing = Awaited<ReturnType<typeof createBilling>>;
type StripeSide = Awaited<ReturnType<typeof startStripe>>;

/** The plan a Stripe price stands for (the bench's settings: stripeTestEnv). */
function planOfPrice(side: StripeSide, priceId: string): PaidPlan {
  return priceId === side.env.STRIPE_PRICE_INICIANTE ? 'iniciante' : 'profissional';
}

/** Stripe's side of one account: the plan its price bills next, its status and scheduled cancellation. */
export function stripeViewOf(side: StripeSide, account: BillingAccount) {
  const subscription = account.subscriptionId && side.stripe.subscriptions.get(account.subscriptionId);
  if (!subscription) return undefined;
  return {
    id: subscription.id as string,
    plan: planOfPrice(side, subscription.items.data[0].price.id),
    status: subscription.status as string,
    cancelAtPeriodEnd: subscription.cancel_at_period_end as boolean,
  };
}

export type StripeView = NonNullable<ReturnType<typeof stripeViewOf>>;

/**
 * The billing accounts among the virtual users: one free user in BILLING_USER_EVERY, with a verified address
 * (set in the database, as the plans are): billing notices go to verified addresses only.
 */
export async function createBilling(side: StripeSide, users: VirtualUser[], client: pg.Client) {
  const ledger: BillingLedger = {
    accounts: users
      .filter((user) => user.plan === 'free' && user.index % BILLING_USER_EVERY === 1)
      .map((user) => ({ user, isUncertain: false, chain: Promise.resolve() })),
    steps: [],
    events: [],
  };
  await client.query(`update users set email_verified_at = now() where id = any($1::uuid[])`, [
    ledger.accounts.map((account) => account.user.userId),
  ]);
  return { side, ledger };
}

/**
 * Delivers one event as Stripe does: signed at each attempt, retried after no answer or a non-2xx until
 * acknowledged (or RETRY_BOUND_MS); now and then, once acknowledged, delivered again (retried likewise).
 * True once acknowledged.
 */
async function deliver(context: Context, billing: Billing, userId: string, event: Record<string, any>) {
  const { stripe, webhookSecret } = billing.side;
  const record: StripeEventRecord = { id: event.id, type: event.type, userId, deliveries: [] };
  billing.ledger.events.push(record);
  const payload = JSON.stringify(event);
  const attempt = async (reason: Delivery['reason']) => {
    const answer = await callPath(context, 'POST', '/api/subscription/webhook', {
      rawBody: payload,
      headers: { 'stripe-signature': stripe.sign(payload, webhookSecret, new Date()) },
    });
    record.deliveries.push({ status: answer.status, duplicate: answer.body?.duplicate, reason });
    return answer.status === 200;
  };
  const untilAcknowledged = async (reason: Delivery['reason']) => {
    const giveUpAt = Date.now() + RETRY_BOUND_MS;
    let isAcknowledged = await attempt(reason);
    for (let wait = 1000; !isAcknowledged && Date.now() + wait < giveUpAt; wait = Math.min(wait * 2, 8000)) {
      await sleep(wait);
      isAcknowledged = await attempt('retry');
    }
    return isAcknowledged;
  };
  const isAcknowledged = await untilAcknowledged('first');
  if (isAcknowledged && Math.random() < REDELIVERY_SHARE) await untilAcknowledged('redelivery');
  return isAcknowledged;
}

/** Stripe sends the events of one change together; they arrive in any order, here at once. */
async function deliverAll(context: Context, billing: Billing, userId: string, events: Record<string, any>[]) {
  const results = await Promise.all(events.map((event) => deliver(context, billing, userId, event)));
  return results.every(Boolean);
}

/** The account's state as the server tells it (after an unanswered step: what the user would see). */
async function readBack(context: Context, account: BillingAccount) {
  const answer = await callPath(context, 'GET', '/api/subscription/current', { token: account.user.token });
  if (answer.status !== 200) return;
  const { plan, subscription } = answer.body.data;
  account.state =
    plan.id === 'free'
      ? undefined
      : {
          plan: plan.id,
          pendingPlan: subscription.pendingPlan ?? null,
          cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
          status: subscription.status,
        };
}

type Outcome = Pick<BillingStep, 'isAcknowledged' | 'isEffective' | 'isHalfDone'>;

/** Checkout, Stripe completes it (the customer paid), then checkout.session.completed and customer.subscription.created. */
async function subscribe(context: Context, billing: Billing, account: BillingAccount): Promise<Outcome> {
  const plan = pick(['iniciante', 'profissional'] as const);
  const checkout = await callPath(context, 'POST', '/api/subscription/checkout', {
    token: account.user.token,
    body: { planId: plan },
  });
  // no session, nothing paid: the plan is unchanged whatever happened on the server
  if (checkout.status !== 200) return { isAcknowledged: false, isEffective: false, isHalfDone: false };
  const now = new Date();
  const { stripe } = billing.side;
  const { session, subscription } = stripe.completeCheckout(
    checkout.body.data.sessionId,
    { start: now, end: new Date(now.getTime() + MONTH_MS) },
    priceInCents[plan],
  );
  account.subscriptionId = subscription.id;
  const isAcknowledged = await deliverAll(context, billing, account.user.userId, [
    stripe.event('checkout.session.completed', session),
    stripe.event('customer.subscription.created', subscription),
  ]);
  account.state = { plan, pendingPlan: null, cancelAtPeriodEnd: false, status: 'active' };
  return { isAcknowledged, isEffective: true, isHalfDone: false };
}

/** What a user step leaves, when acknowledged. */
function stateAfter(state: BillingState, kind: StepKind): BillingState {
  if (kind === 'upgrade') return { ...state, plan: 'profissional', pendingPlan: null };
  if (kind === 'change plan') return { ...state, pendingPlan: otherPlan(state.plan) };
  if (kind === 'cancel') return { ...state, cancelAtPeriodEnd: true };
  if (kind === 'payment failed') return { ...state, status: 'past_due' };
  if (kind === 'payment recovered') return { ...state, status: 'active' };
  // taking a change back and reactivating are both a checkout of the plan in force
  return { ...state, pendingPlan: null, cancelAtPeriodEnd: false };
}

const fingerprint = (billing: Billing, account: BillingAccount) =>
  JSON.stringify(stripeViewOf(billing.side, account));

/**
 * A change on a paid subscription: the call, then Stripe's echo (customer.subscription.updated) when
 * Stripe's subscription changed, which it may have even when the call got no answer.
 */
async function changeSubscription(
  context: Context,
  billing: Billing,
  account: BillingAccount,
  kind: StepKind,
): Promise<Outcome> {
  const state = account.state!;
  const before = fingerprint(billing, account);
  const answer =
    kind === 'cancel'
      ? await callPath(context, 'POST', '/api/subscription/cancel', {
          token: account.user.token,
        })
      : await callPath(context, 'POST', '/api/subscription/checkout', {
          token: account.user.token,
          body: { planId: kind === 'change plan' || kind === 'upgrade' ? otherPlan(state.plan) : state.plan },
        });
  const isAcknowledged = answer.status === 200;
  const isEffective = fingerprint(billing, account) !== before;
  if (isEffective) {
    const { stripe } = billing.side;
    const subscription = stripe.subscriptions.get(account.subscriptionId!)!;
    await deliverAll(context, billing, account.user.userId, [
      stripe.event('customer.subscription.updated', subscription),
    ]);
  }
  if (isAcknowledged) account.state = stateAfter(state, kind);
  else await readBack(context, account);
  return { isAcknowledged, isEffective, isHalfDone: !isAcknowledged && isEffective };
}

/** Stripe's own change: a renewal payment declined (past_due, invoice.payment_failed) or recovered. */
async function changePayment(
  context: Context,
  billing: Billing,
  account: BillingAccount,
  kind: StepKind,
): Promise<Outcome> {
  const { stripe } = billing.side;
  const isFailure = kind === 'payment failed';
  const subscription = stripe.updateSubscription(account.subscriptionId!, {
    status: isFailure ? 'past_due' : 'active',
  });
  const plan = planOfPrice(billing.side, subscription.items.data[0].price.id);
  const invoice = {
    id: `in_bench_${crypto.randomBytes(8).toString('hex')}`,
    object: 'invoice',
    customer: subscription.customer,
    subscription: subscription.id,
    amount_due: priceInCents[plan],
    currency: 'brl',
    status: 'open',
  };
  const isAcknowledged = await deliverAll(context, billing, account.user.userId, [
    ...(isFailure ? [stripe.event('invoice.payment_failed', invoice)] : []),
    stripe.event('customer.subscription.updated', subscription),
  ]);
  account.state = stateAfter(account.state!, kind);
  return { isAcknowledged, isEffective: true, isHalfDone: false };
}

/** The next step of an account: subscribe; then undo what is pending; else a change, a cancel or a declined card. */
function chooseStep(account: BillingAccount): StepKind {
  const state = account.state;
  if (!state) return 'subscribe';
  if (state.status === 'past_due') return 'payment recovered';
  if (state.pendingPlan) return 'take the change back';
  if (state.cancelAtPeriodEnd) return 'reactivate';
  // a move up applies now; a move down waits for the period's end (and may be taken back)
  const change = state.plan === 'iniciante' ? 'upgrade' : 'change plan';
  return pick([change, change, 'cancel', 'cancel', 'payment failed'] as const);
}

/** Runs `kind` after the account's earlier steps and records it. */
function enqueue(
  context: Context,
  billing: Billing,
  account: BillingAccount,
  kind: () => StepKind | undefined,
) {
  account.chain = account.chain.then(async () => {
    const chosen = kind();
    if (!chosen) return;
    const startedAt = Date.now();
    const outcome =
      chosen === 'subscribe'
        ? await subscribe(context, billing, account)
        : chosen === 'payment failed' || chosen === 'payment recovered'
          ? await changePayment(context, billing, account, chosen)
          : await changeSubscription(context, billing, account, chosen);
    account.isUncertain = !outcome.isAcknowledged && chosen !== 'subscribe';
    billing.ledger.steps.push({
      kind: chosen,
      userId: account.user.userId,
      startedAt,
      endedAt: Date.now(),
      ...outcome,
    });
  });
  return account.chain;
}

/** Each billing account takes a step every STEP_MEAN_MS or so (exponential gaps) for `durationMs`. */
export async function runBilling(context: Context, billing: Billing, durationMs: number) {
  const endAt = Date.now() + durationMs;
  await Promise.all(
    billing.ledger.accounts.map(async (account) => {
      for (;;) {
        const gap = -Math.log(1 - Math.random()) * STEP_MEAN_MS;
        if (Date.now() + gap >= endAt) break;
        await sleep(gap);
        await enqueue(context, billing, account, () => chooseStep(account));
      }
      await account.chain;
    }),
  );
}

/**
 * Stripe declines at once the renewals of every other active subscription (each step queues behind the
 * account's current one): a burst of signed events through nginx, timed so that deliveries are in flight at
 * the kill. Returns how many were queued.
 */
export function declinePayments(context: Context, billing: Billing): number {
  const active = billing.ledger.accounts
    .filter((account) => account.state?.status === 'active')
    .filter((_account, index) => index % 2 === 0);
  for (const account of active)
    void enqueue(context, billing, account, () =>
      account.state?.status === 'active' ? 'payment failed' : undefined,
    );
  return active.length;
}

// What the cluster bench checks against the database after killing an instance: no acknowledged write lost
// or duplicated (subscription changes and Stripe's events included), each e-mail delivered once, each
// scheduled job once per period, limits shared.
import pg from 'pg';
import type {
  BillingAccount,
  BillingLedger,
  BillingState,
  StripeEventRecord,
  StripeView,
} from './billing.ts';
import type { Ledger, Sample } from './workload.ts';

export type Check = { name: string; isPassed: boolean; detail: string };

const idOfMessage = (messageId: string) => /^<([^@>]+)@/.exec(messageId)?.[1] ?? messageId;

/** Acknowledged writes against the rows: each there once, in the last acknowledged state. */
export async function checkWrites(client: pg.Client, ledger: Ledger): Promise<Check[]> {
  return [
    ...(await checkAlerts(client, ledger)),
    await checkFavourites(client, ledger),
    await checkChats(client, ledger),
    await checkSignUps(client, ledger),
  ];
}

const countOf = <T>(list: T[], test: (item: T) => boolean) => list.filter(test).length;

/** States the clients were told of, against the stored ones; those with an unanswered change after are skipped. */
function compareStates<T>(
  states: Map<string, { isUncertain: boolean } & T>,
  matches: (key: string, state: T) => boolean,
) {
  let mismatches = 0;
  let uncertain = 0;
  for (const [key, state] of states) {
    if (state.isUncertain) uncertain += 1;
    else if (!matches(key, state)) mismatches += 1;
  }
  return { checked: states.size - uncertain, mismatches, uncertain };
}

async function checkAlerts(client: pg.Client, ledger: Ledger): Promise<Check[]> {
  const creations = ledger.alertCreations;
  const { rows: alerts } = await client.query<{
    id: string;
    name: string;
    user_id: string;
    is_active: boolean;
  }>(`select id, name, user_id, is_active from alerts where name like 'bench %'`);
  const alertById = new Map(alerts.map((row) => [row.id, row]));
  const lost = countOf(creations, (creation) => creation.isAcknowledged && !alertById.has(creation.id!));
  const copies = new Map<string, number>();
  for (const row of alerts)
    copies.set(`${row.user_id}|${row.name}`, (copies.get(`${row.user_id}|${row.name}`) ?? 0) + 1);
  const duplicated = countOf([...copies.values()], (count) => count > 1);
  const unanswered = creations.filter((creation) => !creation.isAcknowledged);
  const committed = countOf(unanswered, (creation) => copies.has(`${creation.userId}|${creation.name}`));
  const toggles = compareStates(
    ledger.alertStates,
    (id, state) => alertById.get(id)?.is_active === state.isActive,
  );
  return [
    {
      name: 'alerts created',
      isPassed: lost === 0 && duplicated === 0,
      detail: `${creations.length - unanswered.length} acknowledged, ${lost} lost, ${duplicated} stored twice; ${unanswered.length} unanswered (${committed} of them committed)`,
    },
    {
      name: 'alert toggles',
      isPassed: toggles.mismatches === 0,
      detail: `${toggles.checked} alerts in their last acknowledged state, ${toggles.mismatches} not; ${toggles.uncertain} with an unanswered toggle after it (either state)`,
    },
  ];
}

async function checkFavourites(client: pg.Client, ledger: Ledger): Promise<Check> {
  const { rows } = await client.query<{ user_id: string; coin_id: string }>(
    `select user_id, coin_id from favorites`,
  );
  const isFavourite = new Set(rows.map((row) => `${row.user_id}|${row.coin_id}`));
  const result = compareStates(
    ledger.favouriteStates,
    (key, state) => isFavourite.has(key) === state.isFavorite,
  );
  return {
    name: 'favourites',
    isPassed: result.mismatches === 0,
    detail: `${result.checked} in their last acknowledged state, ${result.mismatches} not; ${result.uncertain} with an unanswered change after it`,
  };
}

async function checkChats(client: pg.Client, ledger: Ledger): Promise<Check> {
  const { rows } = await client.query<{ id: string; message: string }>(
    `select id, message from chat_messages where message like '%(b%)'`,
  );
  const ids = new Set(rows.map((row) => row.id));
  const copies = new Map<string, number>();
  for (const row of rows) {
    const tag = /\((b[\d.]+)\)$/.exec(row.message)?.[1];
    if (tag) copies.set(tag, (copies.get(tag) ?? 0) + 1);
  }
  const acknowledged = ledger.chats.filter((chat) => chat.isAcknowledged);
  const lost = countOf(acknowledged, (chat) => !ids.has(chat.id!));
  const duplicated = countOf([...copies.values()], (count) => count > 1);
  return {
    name: 'chat messages',
    isPassed: lost === 0 && duplicated === 0,
    detail: `${acknowledged.length} acknowledged, ${lost} lost, ${duplicated} stored twice; ${ledger.chats.length - acknowledged.length} unanswered`,
  };
}

async function checkSignUps(client: pg.Client, ledger: Ledger): Promise<Check> {
  const acknowledged = ledger.signUps.filter((signUp) => signUp.isAcknowledged);
  const { rows } = await client.query<{ id: string; verifications: number }>(
    `select u.id, (select count(*)::int from email_outbox o
                    where o.user_id = u.id and o.template = 'email-verification') as verifications
       from users u where u.id = any($1::uuid[])`,
    [acknowledged.map((signUp) => signUp.userId!)],
  );
  const wrong = countOf(rows, (row) => row.verifications !== 1);
  return {
    name: 'sign-ups and their verification e-mail (outbox)',
    isPassed: rows.length === acknowledged.length && wrong === 0,
    detail: `${acknowledged.length} acknowledged, ${acknowledged.length - rows.length} lost, ${wrong} without exactly one verification e-mail queued`,
  };
}

/** Every outbox e-mail delivered, once; a repeat only with the same Message-ID (a crash between hand-off and marking). */
export async function checkDeliveries(client: pg.Client, received: { messageId: string }[]): Promise<Check> {
  const { rows } = await client.query<{ id: string; status: string; locked: boolean }>(
    `select id, status, (locked_until > now()) as locked from email_outbox where channel = 'email'`,
  );
  const times = new Map<string, number>();
  for (const mail of received)
    times.set(idOfMessage(mail.messageId), (times.get(idOfMessage(mail.messageId)) ?? 0) + 1);
  const sent = rows.filter((row) => row.status === 'sent');
  const notDelivered = sent.filter((row) => !times.has(row.id)).length;
  const waiting = rows.filter((row) => row.status !== 'sent');
  const repeats = [...times.values()].filter((count) => count > 1).length;
  const known = new Set(rows.map((row) => row.id));
  const strangers = [...times.keys()].filter((id) => !known.has(id)).length;
  return {
    name: 'e-mails (outbox → SMTP peer)',
    isPassed: notDelivered === 0 && strangers === 0 && waiting.length === 0,
    detail: `${rows.length} queued, ${sent.length} sent, ${received.length} received (${times.size} distinct Message-IDs); ${repeats} repeated with the same Message-ID, ${notDelivered} marked sent but never received, ${waiting.length} not sent yet (${waiting.filter((row) => row.locked).length} still leased), ${strangers} received that no row queued`,
  };
}

/** Each cluster job once per period: pg-boss's rows (live and archived) per job and minute of creation. */
export async function checkJobs(client: pg.Client, since: Date, names: string[]): Promise<Check> {
  const { rows } = await client.query<{ name: string; minute: Date; runs: number; states: string }>(
    `select name, date_trunc('minute', created_on) as minute, count(*)::int as runs, string_agg(state::text, ',') as states
       from (select name, created_on, state from pgboss.job union all select name, created_on, state from pgboss.archive) jobs
      where name = any($1) and created_on >= $2
      group by 1, 2 order by 1, 2`,
    [names, since],
  );
  const twice = rows.filter((row) => row.runs > 1);
  const summary = names
    .map((name) => {
      const mine = rows.filter((row) => row.name === name);
      const states = new Map<string, number>();
      for (const row of mine)
        for (const state of row.states.split(',')) states.set(state, (states.get(state) ?? 0) + 1);
      return `${name}: ${mine.length} periods (${[...states].map(([state, count]) => `${count} ${state}`).join(', ') || 'none'})`;
    })
    .join('; ');
  // market-refresh runs every minute: a minute without its job between the first and the last is a gap
  const minutes = rows.filter((row) => row.name === 'market-refresh').map((row) => row.minute.getTime());
  const expected = minutes.length ? (Math.max(...minutes) - Math.min(...minutes)) / 60_000 + 1 : 0;
  return {
    name: 'scheduled jobs once per period (pg-boss)',
    isPassed: twice.length === 0 && minutes.length === expected,
    detail: `${summary}; ${twice.length} periods with more than one run; market-refresh missed ${expected - minutes.length} of ${expected} minutes`,
  };
}

/**
 * Requests that failed: only those in flight when the instance was killed may. In flight: sent before the
 * process was gone (its exit seen, `exitedAt`) and not answered before the kill (`killedAt`).
 */
export function checkFailures(samples: Sample[], killedAt: number, exitedAt: number): Check {
  const failed = samples.filter((sample) => sample.status === 0 || sample.status >= 500);
  const inFlight = failed.filter((sample) => sample.startedAt <= exitedAt && sample.endedAt >= killedAt);
  const others = failed.filter((sample) => !inFlight.includes(sample));
  // by route and answer: how many, sent when (ms from the kill; negative: before it)
  const describe = (list: Sample[]) => {
    const groups = new Map<string, number[]>();
    for (const sample of list) {
      const key = `${sample.route} → ${sample.status || 'no answer'}`;
      groups.set(key, [...(groups.get(key) ?? []), sample.startedAt - killedAt]);
    }
    return [...groups]
      .map(([key, sentAt]) => {
        const [first, last] = [Math.min(...sentAt), Math.max(...sentAt)];
        const when = first === last ? `${first} ms` : `${first} to ${last} ms`;
        return `${key} ×${sentAt.length}, sent ${when} after the kill`;
      })
      .join('; ');
  };
  return {
    name: 'failed requests (after the client retry)',
    isPassed: others.length === 0,
    detail: `${failed.length} of ${samples.length}: ${inFlight.length} in flight at the kill (the process was gone ${exitedAt - killedAt} ms after SIGKILL)${inFlight.length ? ` (${describe(inFlight)})` : ''}, ${others.length} others${others.length ? ` (${describe(others)})` : ''}`,
  };
}

type BillingRow = {
  user_id: string;
  plan: string;
  pending_plan: string | null;
  cancel_at_period_end: boolean;
  status: string;
  stripe_subscription_id: string | null;
  changes: number;
};

/** The billing accounts' rows with the length of their plan history (subscription_changes). */
async function billingRows(client: pg.Client, ledger: BillingLedger) {
  const { rows } = await client.query<BillingRow>(
    `select s.user_id, s.plan, s.pending_plan, s.cancel_at_period_end, s.status, s.stripe_subscription_id,
            (select count(*)::int from subscription_changes c where c.user_id = s.user_id) as changes
       from subscriptions s where s.user_id = any($1::uuid[])`,
    [ledger.accounts.map((account) => account.user.userId)],
  );
  return new Map(rows.map((row) => [row.user_id, row]));
}

const isStateOf = (row: BillingRow, state: BillingState | undefined) =>
  state
    ? row.plan === state.plan &&
      row.pending_plan === state.pendingPlan &&
      row.cancel_at_period_end === state.cancelAtPeriodEnd &&
      row.status === state.status
    : row.plan === 'free';

/**
 * Subscription changes: each change Stripe's subscription took is one line of the plan history; the row is
 * in the state the user was last told of (unless a step after it got no answer) and agrees with Stripe.
 */
export async function checkSubscriptions(
  client: pg.Client,
  billing: { ledger: BillingLedger; view: (account: BillingAccount) => StripeView | undefined },
  kill: { killedAt: number; exitedAt: number },
): Promise<Check> {
  const { ledger } = billing;
  const rows = await billingRows(client, ledger);
  const effective = new Map<string, number>();
  for (const step of ledger.steps.filter((step) => step.isEffective))
    effective.set(step.userId, (effective.get(step.userId) ?? 0) + 1);
  let short = 0;
  let over = 0;
  let mismatches = 0;
  let disagreements = 0;
  for (const account of ledger.accounts) {
    const row = rows.get(account.user.userId);
    const expected = effective.get(account.user.userId) ?? 0;
    if (!row || row.changes < expected) short += 1;
    else if (row.changes > expected) over += 1;
    if (!row || (!account.isUncertain && !isStateOf(row, account.state))) mismatches += 1;
    const stripe = billing.view(account);
    const agrees =
      row &&
      (stripe
        ? row.stripe_subscription_id === stripe.id &&
          row.status === stripe.status &&
          row.cancel_at_period_end === stripe.cancelAtPeriodEnd &&
          (row.pending_plan ?? row.plan) === stripe.plan
        : row.plan === 'free');
    if (!agrees) disagreements += 1;
  }
  const kinds = new Map<string, number>();
  for (const step of ledger.steps) kinds.set(step.kind, (kinds.get(step.kind) ?? 0) + 1);
  const inFlight = ledger.steps.filter(
    (step) => step.startedAt <= kill.exitedAt && step.endedAt >= kill.killedAt,
  );
  const uncertain = ledger.accounts.filter((account) => account.isUncertain).length;
  return {
    name: 'subscription changes (Stripe Checkout, plan changes, cancellations, payments)',
    isPassed: short === 0 && over === 0 && mismatches === 0 && disagreements === 0,
    detail: `${ledger.accounts.length} paying users, ${ledger.steps.length} steps (${[...kinds].map(([kind, count]) => `${kind} ${count}`).join(', ')}), ${countOf(ledger.steps, (step) => step.isAcknowledged)} acknowledged, ${countOf(ledger.steps, (step) => step.isEffective)} changed Stripe's subscription (${countOf(ledger.steps, (step) => step.isHalfDone)} of them without an answer to the user); ${inFlight.length} steps in flight at the kill (${countOf(inFlight, (step) => !step.isAcknowledged)} unanswered); plan history: ${ledger.accounts.length - short - over} users with one subscription_changes line per change, ${short} with fewer, ${over} with more; ${ledger.accounts.length - uncertain - mismatches} rows in the last acknowledged state, ${mismatches} not, ${uncertain} with an unanswered step after it (read back); ${ledger.accounts.length - disagreements} rows agree with Stripe's subscription, ${disagreements} not`,
  };
}

/** Per event: its answers in order; applied twice when an answer after the first acknowledgment is not `duplicate`. */
function deliveryFacts(event: StripeEventRecord) {
  const answered = event.deliveries.filter((delivery) => delivery.status === 200);
  const firstAnswer = event.deliveries.findIndex((delivery) => delivery.status === 200);
  return {
    isAcknowledged: answered.length > 0,
    isAppliedTwice: answered.slice(1).some((delivery) => delivery.duplicate !== true),
    // acknowledged as a duplicate first: a delivery before it applied the event without an answer
    isHalfHandled: answered[0]?.duplicate === true,
    isUnexplained: answered[0]?.duplicate === true && firstAnswer === 0,
    isRedelivered: event.deliveries.some((delivery) => delivery.reason === 'redelivery'),
  };
}

/**
 * Stripe's events: each acknowledged and recorded in stripe_events, applied by one delivery only. A delivery
 * the killed instance applied without answering shows as a retry answered `duplicate`: half-handled, once.
 */
export async function checkStripeEvents(client: pg.Client, ledger: BillingLedger): Promise<Check> {
  const { rows } = await client.query<{ id: string }>(`select id from stripe_events where id = any($1)`, [
    ledger.events.map((event) => event.id),
  ]);
  const recorded = new Set(rows.map((row) => row.id));
  const facts = ledger.events.map((event) => ({ event, ...deliveryFacts(event) }));
  const acknowledged = facts.filter((fact) => fact.isAcknowledged);
  const unrecorded = countOf(acknowledged, (fact) => !recorded.has(fact.event.id));
  const appliedTwice = countOf(facts, (fact) => fact.isAppliedTwice);
  const unexplained = countOf(facts, (fact) => fact.isUnexplained);
  const deliveries = ledger.events.flatMap((event) => event.deliveries);
  const types = new Map<string, number>();
  for (const event of ledger.events) types.set(event.type, (types.get(event.type) ?? 0) + 1);
  return {
    name: 'Stripe webhook events applied once',
    isPassed:
      acknowledged.length === ledger.events.length &&
      unrecorded === 0 &&
      appliedTwice === 0 &&
      unexplained === 0,
    detail: `${ledger.events.length} signed events (${[...types].map(([type, count]) => `${type} ${count}`).join(', ')}) in ${deliveries.length} deliveries through nginx, ${countOf(deliveries, (delivery) => delivery.reason === 'retry')} of them Stripe's retries after no answer or a non-2xx; ${countOf(facts, (fact) => fact.isRedelivered)} events delivered again once acknowledged; ${ledger.events.length - acknowledged.length} never acknowledged, ${unrecorded} acknowledged but not in stripe_events, ${appliedTwice} applied by two deliveries (an answer after the first acknowledgment not \`duplicate\`); ${countOf(facts, (fact) => fact.isHalfHandled)} half-handled (applied by a delivery that got no answer, then answered \`duplicate\` on Stripe's retry)${unexplained ? `; ${unexplained} answered \`duplicate\` at their first delivery` : ''}`,
  };
}

/**
 * The e-mails subscription changes queue, in the transaction of the change: one welcome per subscription
 * (one more is allowed per plan change half done: Stripe's echo then applies the new plan at once), one
 * cancellation notice per cancellation, one payment-failed notice per invoice.payment_failed event.
 */
export async function checkBillingEmails(client: pg.Client, ledger: BillingLedger): Promise<Check> {
  const { rows } = await client.query<{ user_id: string; template: string; count: number }>(
    `select user_id, template, count(*)::int as count from email_outbox
      where user_id = any($1::uuid[]) and template = any($2) group by 1, 2`,
    [
      ledger.accounts.map((account) => account.user.userId),
      ['subscription-started', 'subscription-cancelled', 'payment-failed'],
    ],
  );
  const queued = new Map(rows.map((row) => [`${row.user_id}|${row.template}`, row.count]));
  const wrong = new Map<string, number>();
  const totals = new Map<string, number>();
  for (const account of ledger.accounts) {
    const steps = ledger.steps.filter((step) => step.userId === account.user.userId && step.isEffective);
    const expect = (template: string, least: number, most: number) => {
      const count = queued.get(`${account.user.userId}|${template}`) ?? 0;
      totals.set(template, (totals.get(template) ?? 0) + count);
      if (count < least || count > most) wrong.set(template, (wrong.get(template) ?? 0) + 1);
    };
    // a new plan in force is announced: each subscription, each upgrade (it applies at once)
    const started = countOf(steps, (step) => step.kind === 'subscribe' || step.kind === 'upgrade');
    const halfDoneChanges = countOf(steps, (step) => step.kind === 'change plan' && step.isHalfDone);
    expect('subscription-started', started, started + halfDoneChanges);
    const cancellations = countOf(steps, (step) => step.kind === 'cancel');
    expect('subscription-cancelled', cancellations, cancellations);
    const declines = countOf(steps, (step) => step.kind === 'payment failed');
    expect('payment-failed', declines, declines);
  }
  return {
    name: 'billing e-mails queued once (outbox)',
    isPassed: wrong.size === 0,
    detail: `${[...totals].map(([template, count]) => `${count} ${template}`).join(', ')}; users with a count other than one per change: ${[...totals.keys()].map((template) => `${template} ${wrong.get(template) ?? 0}`).join(', ')}`,
  };
}

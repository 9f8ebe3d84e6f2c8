import {
  CUSTOM_PRICE,
  isPaidPlanId,
  type BillingInterval,
  type CatalogPlanId,
  type CancelResponse,
  type ChangePreviewResponse,
  type CheckoutResponse,
  type CurrentSubscriptionResponse,
  type PaidPlanId,
  type Plan,
  type PlanLimitsView,
  type SubscriptionStatus,
  type SyncResponse,
  type UsageResponse,
} from '@farol/contract';
import { translate, type Language } from '@farol/i18n';
import type { Db } from '../../db/client.ts';
import type { SubscriptionRow } from '../../db/schema/subscriptions.ts';
import type { Actor } from '../../plugins/auth.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  intervalOfPriceId,
  isYearlyAvailable,
  planForPriceId,
  priceIdForPlan,
} from '../../providers/stripe/client.ts';
import {
  isLiveStatus,
  noScheduledChangeMetadata,
  scheduledChangeMetadata,
  toBillingSnapshot,
  type BillingSnapshot,
} from '../../providers/stripe/mapper.ts';
import type { Config } from '../../config.ts';
import { describeAiUsage, includedAnswersOfPlan } from '../chat/chat.answerer.ts';
import { countConversationsToday } from '../chat/chat.repository.ts';
import { effectivePlan, entitlementsFor, isWithinLimit } from '../entitlements/entitlements.service.ts';
import { planCatalog, yearlyPriceOf, type PlanLimits } from '../entitlements/plans.ts';
import {
  findSubscription,
  linkStripeCustomer,
  type SubscriptionWithUser,
} from './subscription.repository.ts';
import {
  callStripe,
  fetchCustomerSnapshot,
  requireStripe,
  planName,
  reconcileUser,
  scheduledPlans,
  writeSubscriptionChange,
  type BillingContext,
} from './subscription.reconcile.ts';

/** Data is kept this long after a paid plan ends (legal copy), so reactivating finds everything. */
export const DATA_RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const BILLING_TIME_ZONE = 'America/Sao_Paulo';

const toLimitsView = (limits: PlanLimits): PlanLimitsView => ({
  dailyConversations: limits.conversationsPerDay,
  coinsVisible: limits.coinsVisible,
  coinList: limits.coinList,
  marketSignals: limits.marketSignals,
  advancedAnalysis: limits.advancedAnalysis,
  coinSearch: limits.coinSearch,
  alerts: limits.alerts,
  advancedAlerts: limits.advancedAlerts,
});

// The number each feature line shows comes from the limits, so the copy can never disagree with them.
function featureCount(feature: string, limits: PlanLimits): number | undefined {
  if (feature === 'topCoins' || feature === 'mainCoins') return limits.coinsVisible;
  if (feature === 'signals' || feature === 'premiumSignals') return limits.marketSignals;
  if (feature === 'conversations' || feature === 'conversationsOwnKey') return limits.conversationsPerDay;
  if (feature === 'alerts') return limits.alerts;
  return undefined;
}

/** GET /plans: the catalogue in the caller's language. */
export function listPlans(language: Language, config: Config): Plan[] {
  return planCatalog.map((entry) => ({
    id: entry.id,
    name: planName(language, entry.id),
    description: translate(language, `billing:plans.${entry.id}.description`),
    price: entry.price === 'custom' ? CUSTOM_PRICE : entry.price,
    currency: 'BRL',
    interval: 'month',
    features: [
      ...honestFeatures(config, entry.id, entry.features).map((feature) =>
        translate(language, `billing:features.${feature}`, { count: featureCount(feature, entry.limits) }),
      ),
      ...includedAiFeature(language, config, entry.id),
    ],
    limitations: [],
    limits: toLimitsView(entry.limits),
    ...(entry.popular ? { popular: true } : {}),
    ...(entry.contactSales ? { contactSales: true } : {}),
    ...(typeof entry.price === 'number' && entry.price > 0 && isYearlyAvailable(config)
      ? { yearlyPrice: yearlyPriceOf(entry.price) }
      : {}),
  }));
}

/** Without included AI, the lines that would promise it say what the plan gives instead. */
const withoutIncludedAi: Record<string, string | null> = {
  conversations: 'conversationsOwnKey',
  unlimitedConversations: 'unlimitedConversationsOwnKey',
  specialistAgents: 'specialistAgentsBuiltIn',
  // the conversations line already says the AI answers with the user's own key
  ownApiKeys: null,
};

/**
 * A plan's feature keys as the product can keep them: a plan with no included AI (no operator AI key, or the
 * free plan) promises AI answers only with the user's own key, and the built-in analyst's unlimited ones.
 */
function honestFeatures(config: Config, plan: CatalogPlanId, features: readonly string[]): string[] {
  if (includedAnswersOfPlan(config, plan) > 0) return [...features];
  return features.flatMap((feature) => {
    const replacement = withoutIncludedAi[feature];
    if (replacement === undefined) return [feature];
    return replacement === null ? [] : [replacement];
  });
}

/** With operator AI keys, the paid plans say how many answers a day their included AI writes. */
function includedAiFeature(language: Language, config: Config, plan: CatalogPlanId): string[] {
  const count = includedAnswersOfPlan(config, plan);
  return count > 0 ? [translate(language, 'billing:features.includedAi', { count })] : [];
}

const formatDate = (language: Language, date: Date) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: BILLING_TIME_ZONE }).format(date);

async function requireSubscription(db: Db, userId: string): Promise<SubscriptionWithUser> {
  const row = await findSubscription(db, userId);
  if (!row) throw new AppError('session_expired');
  return row;
}

/** The status shown: a paid plan that has run out reads as cancelled. */
function displayedStatus(row: SubscriptionRow, now: Date): SubscriptionStatus {
  if (row.plan !== 'free' && effectivePlan(row, now) === 'free' && isLiveStatus(row.status))
    return 'canceled';
  return row.status as SubscriptionStatus;
}

/** GET /current */
export async function getCurrentSubscription(
  deps: { db: Db; config: Config; now: () => Date },
  actor: Actor,
): Promise<CurrentSubscriptionResponse['data']> {
  const now = deps.now();
  const row = await requireSubscription(deps.db, actor.id);
  const plan = effectivePlan(row, now);
  const entitlements = entitlementsFor(plan, row.isAdmin);
  const catalogEntry = listPlans(actor.language, deps.config).find((entry) => entry.id === plan)!;
  const hasEnded = row.plan !== 'free' && plan === 'free';
  const isEnding = row.cancelAtPeriodEnd || row.status === 'canceled' || hasEnded;
  return {
    plan: {
      id: plan,
      name: catalogEntry.name,
      price: catalogEntry.price,
      interval: 'month',
      features: catalogEntry.features,
      // admins are exempt from every limit: the limits shown are the ones that apply to them
      limits: toLimitsView(entitlements),
    },
    isActive: plan !== 'free' || row.isAdmin,
    subscription: {
      cancelAtPeriodEnd: row.cancelAtPeriodEnd && !hasEnded,
      currentPeriodEnd: plan === 'free' ? null : (row.currentPeriodEnd?.toISOString() ?? null),
      isAdmin: row.isAdmin,
      status: hasEnded ? 'canceled' : displayedStatus(row, now),
      grantedByAdmin: row.grantedByAdmin && !hasEnded,
      ...(row.pendingPlan && !hasEnded ? { pendingPlan: row.pendingPlan as PaidPlanId } : {}),
      ...(isEnding && row.currentPeriodEnd && row.plan !== 'free'
        ? {
            dataRetainedUntil: new Date(
              row.currentPeriodEnd.getTime() + DATA_RETENTION_DAYS * DAY_MS,
            ).toISOString(),
          }
        : {}),
    },
  };
}

/**
 * GET /usage: conversations today (calendar day in America/Sao_Paulo) against the plan's limit, and who
 * answers the chat now (own key, the plan's included AI and what is left of it today, or the built-in analyst).
 */
export async function getUsage(
  deps: { db: Db; config: Config; now: () => Date },
  actor: Actor,
): Promise<UsageResponse['data']> {
  const now = deps.now();
  const conversationsToday = await countConversationsToday(deps.db, actor.id, now);
  const limit = actor.entitlements.conversationsPerDay;
  return {
    conversationsToday,
    limit,
    canChat: isWithinLimit(limit, conversationsToday),
    ai: await describeAiUsage(deps, actor, now),
  };
}

const appUrl = (context: BillingContext, pathname: string) =>
  new URL(pathname, context.config.APP_URL).toString();

const hasLiveStripeSubscription = (row: SubscriptionRow, now: Date) =>
  Boolean(row.stripeSubscriptionId) && isLiveStatus(row.status) && effectivePlan(row, now) !== 'free';

/** One Stripe customer per user, created once (the idempotency key makes two racing requests share it). */
async function ensureStripeCustomer(context: BillingContext, row: SubscriptionWithUser): Promise<string> {
  if (row.stripeCustomerId) return row.stripeCustomerId;
  const stripe = requireStripe(context);
  const customer = await callStripe(() =>
    stripe.customers.create(
      { email: row.email, name: row.name, metadata: { userId: row.userId } },
      { idempotencyKey: `farol-customer-${row.userId}` },
    ),
  );
  return (await linkStripeCustomer(context.db, row.userId, customer.id)) ?? customer.id;
}

const checkoutLocales = { 'pt-BR': 'pt-BR', en: 'en', es: 'es' } as const;

const CENTAVOS_PER_REAL = 100;

/**
 * Pix beside the card when the Stripe account has it (the catalogue is in reais, Pix's only currency). A
 * subscription paid by Pix is a Pix Automático mandate the customer authorises in the bank app; its ceiling
 * is the dearest plan's price on the same interval, so an upgrade's prorated charge and later renewals on
 * the new plan stay within it.
 */
function pixCheckoutOptions(config: Config, interval: BillingInterval) {
  if (!config.STRIPE_PIX_ENABLED) return {};
  const dearest = Math.max(...planCatalog.map((plan) => (typeof plan.price === 'number' ? plan.price : 0)));
  const ceiling = interval === 'year' ? yearlyPriceOf(dearest) : dearest;
  return {
    payment_method_types: ['card' as const, 'pix' as const],
    payment_method_options: {
      pix: {
        mandate_options: {
          amount: ceiling * CENTAVOS_PER_REAL,
          amount_type: 'maximum' as const,
          currency: 'brl',
          payment_schedule: interval === 'year' ? ('yearly' as const) : ('monthly' as const),
          reference: 'Farol',
        },
      },
    },
  };
}

const planRank = (plan: string) => planCatalog.findIndex((entry) => entry.id === plan);
/** A move to a dearer plan than the one this period is paid for: it applies now, with proration. */
const isUpgrade = (row: SubscriptionRow, planId: PaidPlanId) => planRank(planId) > planRank(row.plan);

/**
 * GET /change-preview: what a paying subscriber's plan change costs now. An upgrade asks Stripe for the
 * invoice the change would create at once (prorated, as `always_invoice` bills it); a downgrade costs
 * nothing now and waits for the period's end.
 */
export async function previewPlanChange(
  context: BillingContext,
  actor: Actor,
  planId: PaidPlanId,
): Promise<ChangePreviewResponse['data']> {
  const stripe = requireStripe(context);
  const row = await requireSubscription(context.db, actor.id);
  if (!hasLiveStripeSubscription(row, context.now())) throw new AppError('no_active_subscription');
  if (row.plan === planId && !row.pendingPlan) throw new AppError('plan_already_active');
  if (!isUpgrade(row, planId))
    return {
      plan: planId,
      change: 'downgrade',
      amountDue: 0,
      currency: 'BRL',
      effectiveAt: row.currentPeriodEnd?.toISOString() ?? null,
      prorationDate: null,
    };
  const current = await retrieveSnapshot(context, row.stripeSubscriptionId!);
  const priceId = priceIdForPlan(context.config, planId, intervalOfPriceId(context.config, current.priceId));
  if (!priceId) throw new AppError('payments_unavailable');
  const prorationDate = Math.floor(context.now().getTime() / 1000);
  const invoice = await callStripe(() =>
    stripe.invoices.createPreview({
      customer: row.stripeCustomerId ?? current.customerId,
      subscription: row.stripeSubscriptionId!,
      subscription_details: {
        ...(current.itemId ? { items: [{ id: current.itemId, price: priceId }] } : {}),
        proration_behavior: 'always_invoice',
        proration_date: prorationDate,
      },
    }),
  );
  return {
    plan: planId,
    change: 'upgrade',
    // Stripe's amounts are in the currency's minor unit (centavos for BRL)
    amountDue: invoice.amount_due / 100,
    currency: invoice.currency.toUpperCase(),
    effectiveAt: context.now().toISOString(),
    prorationDate,
  };
}

async function retrieveSnapshot(context: BillingContext, subscriptionId: string): Promise<BillingSnapshot> {
  const stripe = requireStripe(context);
  return toBillingSnapshot(await callStripe(() => stripe.subscriptions.retrieve(subscriptionId)), (price) =>
    planForPriceId(context.config, price),
  );
}

/**
 * POST /checkout. A new subscriber goes to Stripe Checkout. A paying subscriber is not charged twice: an
 * upgrade applies now and Stripe charges the prorated difference at once (at the preview's
 * `prorationDate`, so the amount shown is the amount charged); a downgrade is made without proration and
 * applies at the next billing cycle (legal copy); asking again for the current plan undoes a scheduled
 * change or a scheduled cancellation.
 */
export async function startCheckout(
  context: BillingContext,
  actor: Actor,
  request: { planId: PaidPlanId; interval?: BillingInterval; prorationDate?: number },
): Promise<CheckoutResponse['data']> {
  const { planId, prorationDate } = request;
  const stripe = requireStripe(context);
  const row = await requireSubscription(context.db, actor.id);
  const now = context.now();
  if (hasLiveStripeSubscription(row, now)) {
    // a subscriber changes plan on the billing interval they have (the portal changes the interval)
    const current = await retrieveSnapshot(context, row.stripeSubscriptionId!);
    const currentPrice = priceIdForPlan(
      context.config,
      planId,
      intervalOfPriceId(context.config, current.priceId),
    );
    if (!currentPrice) throw new AppError('payments_unavailable');
    return isUpgrade(row, planId)
      ? upgradeNow(context, row, current, currentPrice, actor.language, prorationDate)
      : changeSubscribedPlan(context, row, current, planId, currentPrice, actor.language);
  }
  const interval = request.interval ?? 'month';
  const priceId = priceIdForPlan(context.config, planId, interval);
  if (!priceId) throw new AppError('payments_unavailable');
  if (effectivePlan(row, now) === planId) throw new AppError('plan_already_active');
  const customerId = await ensureStripeCustomer(context, row);
  const session = await callStripe(() =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: actor.id,
      line_items: [{ price: priceId, quantity: 1 }],
      ...pixCheckoutOptions(context.config, interval),
      metadata: { userId: actor.id, planId },
      subscription_data: { metadata: { userId: actor.id, planId } },
      locale: checkoutLocales[actor.language],
      success_url: appUrl(context, '/settings?subscription=success'),
      cancel_url: appUrl(context, '/pricing?subscription=cancelled'),
    }),
  );
  if (!session.url) throw new AppError('billing_provider_error', { reason: 'checkout session without url' });
  return { url: session.url, sessionId: session.id };
}

/**
 * The upgrade on Stripe: the new price from now, the difference invoiced and paid at once (a payment that
 * fails refuses the change, so the plan is never given unpaid), and no earlier plan kept for the period.
 * The row follows Stripe's answer; Stripe's echo of the same state changes nothing more.
 */
async function upgradeNow(
  context: BillingContext,
  row: SubscriptionWithUser,
  current: BillingSnapshot,
  priceId: string,
  language: Language,
  prorationDate: number | undefined,
): Promise<CheckoutResponse['data']> {
  const stripe = requireStripe(context);
  const planId = planForPriceId(context.config, priceId)!;
  const updated = await callStripe(() =>
    stripe.subscriptions.update(row.stripeSubscriptionId!, {
      cancel_at_period_end: false,
      proration_behavior: 'always_invoice',
      payment_behavior: 'error_if_incomplete',
      ...(prorationDate ? { proration_date: prorationDate } : {}),
      ...(current.itemId ? { items: [{ id: current.itemId, price: priceId }] } : {}),
      metadata: noScheduledChangeMetadata(),
    }),
  );
  const snapshot = toBillingSnapshot(updated, (price) => planForPriceId(context.config, price));
  const now = context.now();
  await context.db.transaction(async (tx) => {
    const locked = await findSubscription(tx, row.userId, { forUpdate: true });
    if (!locked) throw new AppError('session_expired');
    // a change scheduled earlier on the row is superseded by this one
    await writeSubscriptionChange(tx, locked, { pendingPlan: null }, { source: 'user', now });
    await reconcileUser(tx, row.userId, snapshot, now);
  });
  return {
    url: appUrl(context, '/settings?subscription=upgraded'),
    sessionId: null,
    upgradedTo: planId,
    message: translate(language, 'billing:messages.upgraded', { plan: planName(language, planId) }),
  };
}

async function changeSubscribedPlan(
  context: BillingContext,
  row: SubscriptionWithUser,
  current: BillingSnapshot,
  planId: PaidPlanId,
  priceId: string,
  language: Language,
): Promise<CheckoutResponse['data']> {
  const isCurrentPlan = row.plan === planId;
  if (isCurrentPlan && !row.pendingPlan && !row.cancelAtPeriodEnd) throw new AppError('plan_already_active');
  const stripe = requireStripe(context);
  const planOfPrice = (price: string | undefined) => planForPriceId(context.config, price);
  // The new price and the plan this period was paid for go to Stripe in one call, so Stripe's echo of it
  // (a webhook, a sync) says the change waits for the next cycle even when it is read before this call's
  // answer, or instead of it.
  const periodPlan = current.plan ? scheduledPlans(row, { ...current, plan: current.plan }).plan : row.plan;
  const updated = await callStripe(() =>
    stripe.subscriptions.update(row.stripeSubscriptionId!, {
      cancel_at_period_end: false,
      proration_behavior: 'none',
      ...(current.itemId ? { items: [{ id: current.itemId, price: priceId }] } : {}),
      ...(isPaidPlanId(periodPlan)
        ? { metadata: scheduledChangeMetadata(periodPlan, current.currentPeriodEnd) }
        : {}),
    }),
  );
  const snapshot = toBillingSnapshot(updated, planOfPrice);
  const now = context.now();
  await context.db.transaction(async (tx) => {
    const locked = await findSubscription(tx, row.userId, { forUpdate: true });
    if (!locked) throw new AppError('session_expired');
    await writeSubscriptionChange(
      tx,
      locked,
      { pendingPlan: isCurrentPlan ? null : planId },
      { source: 'user', now },
    );
    await reconcileUser(tx, row.userId, snapshot, now);
  });
  const effectiveAt = snapshot.currentPeriodEnd ?? row.currentPeriodEnd;
  const message = isCurrentPlan
    ? translate(
        language,
        row.cancelAtPeriodEnd ? 'billing:messages.reactivated' : 'billing:messages.changeReverted',
        {
          plan: planName(language, planId),
          date: effectiveAt ? formatDate(language, effectiveAt) : '',
        },
      )
    : translate(language, 'billing:messages.changeScheduled', {
        plan: planName(language, planId),
        date: effectiveAt ? formatDate(language, effectiveAt) : '',
      });
  return {
    url: appUrl(context, `/settings?subscription=${isCurrentPlan ? 'updated' : 'scheduled'}`),
    sessionId: null,
    ...(isCurrentPlan ? {} : { pendingPlan: planId }),
    ...(effectiveAt ? { effectiveAt: effectiveAt.toISOString() } : {}),
    message,
  };
}

/** POST /portal: Stripe's billing portal for the user's customer. */
export async function openBillingPortal(context: BillingContext, actor: Actor): Promise<{ url: string }> {
  const stripe = requireStripe(context);
  const row = await requireSubscription(context.db, actor.id);
  if (!row.stripeCustomerId) throw new AppError('no_active_subscription');
  const session = await callStripe(() =>
    stripe.billingPortal.sessions.create({
      customer: row.stripeCustomerId!,
      return_url: appUrl(context, '/settings'),
    }),
  );
  return { url: session.url };
}

/**
 * POST /cancel: a paid subscription ends at the period end (access kept until then); a granted plan with
 * an end date likewise; a granted plan without one ends now.
 */
export async function cancelSubscription(
  context: BillingContext,
  actor: Actor,
): Promise<CancelResponse['data']> {
  const row = await requireSubscription(context.db, actor.id);
  const now = context.now();
  const plan = effectivePlan(row, now);
  if (plan === 'free') throw new AppError('no_active_subscription');
  const scheduledMessage = (periodEnd: Date) => ({
    message: translate(actor.language, 'billing:messages.cancelScheduled', {
      plan: planName(actor.language, plan),
      date: formatDate(actor.language, periodEnd),
    }),
    currentPeriodEnd: periodEnd.toISOString(),
  });
  if (row.cancelAtPeriodEnd && row.currentPeriodEnd) return scheduledMessage(row.currentPeriodEnd);
  if (hasLiveStripeSubscription(row, now)) {
    const stripe = requireStripe(context);
    const updated = await callStripe(() =>
      stripe.subscriptions.update(row.stripeSubscriptionId!, { cancel_at_period_end: true }),
    );
    const snapshot = toBillingSnapshot(updated, (price) => planForPriceId(context.config, price));
    const saved = await context.db.transaction(async (tx) => reconcileUser(tx, actor.id, snapshot, now));
    return scheduledMessage(saved?.currentPeriodEnd ?? snapshot.currentPeriodEnd ?? now);
  }
  const saved = await context.db.transaction(async (tx) => {
    const locked = (await findSubscription(tx, actor.id, { forUpdate: true }))!;
    const changes = locked.currentPeriodEnd
      ? { cancelAtPeriodEnd: true, pendingPlan: null }
      : {
          plan: 'free',
          status: 'active',
          cancelAtPeriodEnd: false,
          pendingPlan: null,
          grantedByAdmin: false,
          grantedBy: null,
        };
    return writeSubscriptionChange(tx, locked, changes, { source: 'user', now });
  });
  if (saved.currentPeriodEnd && saved.plan !== 'free') return scheduledMessage(saved.currentPeriodEnd);
  return {
    message: translate(actor.language, 'billing:messages.cancelEndedNow', {
      plan: planName(actor.language, plan),
    }),
    currentPeriodEnd: null,
  };
}

/** POST /sync: reads the customer's subscriptions from Stripe and reconciles the local row. */
export async function syncSubscription(context: BillingContext, actor: Actor): Promise<SyncResponse['data']> {
  requireStripe(context);
  let row: SubscriptionRow = await requireSubscription(context.db, actor.id);
  if (row.stripeCustomerId) {
    const snapshot = await callStripe(() => fetchCustomerSnapshot(context, row.stripeCustomerId!));
    row =
      (await context.db.transaction(async (tx) => reconcileUser(tx, actor.id, snapshot, context.now()))) ??
      row;
  }
  const now = context.now();
  return {
    plan: effectivePlan(row, now),
    status: displayedStatus(row, now),
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    ...(row.pendingPlan ? { pendingPlan: row.pendingPlan as PaidPlanId } : {}),
  };
}

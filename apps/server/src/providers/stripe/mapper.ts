import { isPaidPlanId, type PaidPlanId, type SubscriptionStatus } from '@farol/contract';
import { stripeSubscriptionSchema, type StripeSubscription } from './schemas.ts';

/**
 * A Stripe subscription as Farol stores it. `plan` is the plan of its price (what the next cycle bills;
 * undefined for a price that is not ours); `periodPlan` the plan the current period was paid for, when a
 * plan change scheduled for the next cycle says so (see `scheduledChangeMetadata`), else undefined.
 */
export type BillingSnapshot = {
  stripeSubscriptionId: string;
  customerId: string;
  status: SubscriptionStatus;
  plan: PaidPlanId | undefined;
  periodPlan: PaidPlanId | undefined;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  created: number;
  itemId: string | undefined;
  priceId: string | undefined;
};

export const customerIdOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : value?.id;

// The statuses in which the customer is (still) paying for the plan.
const liveStatuses = new Set<SubscriptionStatus>(['active', 'trialing', 'past_due']);
export const isLiveStatus = (status: string) => liveStatuses.has(status as SubscriptionStatus);

// Metadata a plan change writes on the subscription with its new price, in the same call: the plan paid for
// until `farol_period_end` (the period's end, Unix seconds). Stripe's object then says both what the period
// is paid for and what the next one bills, so whoever reads it (the call's answer, a webhook, a sync) in
// whatever order reaches the same row.
const PERIOD_PLAN_KEY = 'farol_period_plan';
const PERIOD_END_KEY = 'farol_period_end';

/** The metadata that keeps `periodPlan` for the period ending at `periodEnd` while the price bills another. */
export function scheduledChangeMetadata(
  periodPlan: PaidPlanId,
  periodEnd: Date | null,
): Record<string, string> {
  return {
    [PERIOD_PLAN_KEY]: periodPlan,
    [PERIOD_END_KEY]: periodEnd ? String(Math.floor(periodEnd.getTime() / 1000)) : '',
  };
}

/** An upgrade applied now: the period is paid for on the new price, so no earlier plan is kept for it. */
export const noScheduledChangeMetadata = (): Record<string, string> => ({
  [PERIOD_PLAN_KEY]: '',
  [PERIOD_END_KEY]: '',
});

export function toBillingSnapshot(
  raw: unknown,
  planForPriceId: (priceId: string | undefined) => PaidPlanId | undefined,
): BillingSnapshot {
  const subscription: StripeSubscription = stripeSubscriptionSchema.parse(raw);
  const item = subscription.items.data[0];
  const periodEnd = item?.current_period_end ?? subscription.current_period_end;
  const metadata = subscription.metadata ?? {};
  // written for this period only: after a renewal the price's plan is the plan
  const isThisPeriod = periodEnd !== undefined && metadata[PERIOD_END_KEY] === String(periodEnd);
  const periodPlan = metadata[PERIOD_PLAN_KEY] ?? '';
  return {
    stripeSubscriptionId: subscription.id,
    customerId: customerIdOf(subscription.customer)!,
    status: subscription.status,
    plan: planForPriceId(item?.price.id),
    periodPlan: isThisPeriod && isPaidPlanId(periodPlan) ? periodPlan : undefined,
    currentPeriodEnd: periodEnd === undefined ? null : new Date(periodEnd * 1000),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    created: subscription.created,
    itemId: item?.id,
    priceId: item?.price.id,
  };
}

/** The subscription that decides the customer's plan: a live one first, then the newest. */
export function chooseCurrentSnapshot(snapshots: BillingSnapshot[]): BillingSnapshot | undefined {
  return [...snapshots].sort(
    (a, b) => Number(isLiveStatus(b.status)) - Number(isLiveStatus(a.status)) || b.created - a.created,
  )[0];
}

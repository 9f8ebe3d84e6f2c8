import type { PaidPlanId, SubscriptionStatus } from '@farol/contract';
import { stripeSubscriptionSchema, type StripeSubscription } from './schemas.ts';

/** A Stripe subscription as Farol stores it. `plan` is undefined for a price that is not ours. */
export type BillingSnapshot = {
  stripeSubscriptionId: string;
  customerId: string;
  status: SubscriptionStatus;
  plan: PaidPlanId | undefined;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  created: number;
  itemId: string | undefined;
};

export const customerIdOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : value?.id;

// The statuses in which the customer is (still) paying for the plan.
const liveStatuses = new Set<SubscriptionStatus>(['active', 'trialing', 'past_due']);
export const isLiveStatus = (status: string) => liveStatuses.has(status as SubscriptionStatus);

export function toBillingSnapshot(
  raw: unknown,
  planForPriceId: (priceId: string | undefined) => PaidPlanId | undefined,
): BillingSnapshot {
  const subscription: StripeSubscription = stripeSubscriptionSchema.parse(raw);
  const item = subscription.items.data[0];
  const periodEnd = item?.current_period_end ?? subscription.current_period_end;
  return {
    stripeSubscriptionId: subscription.id,
    customerId: customerIdOf(subscription.customer)!,
    status: subscription.status,
    plan: planForPriceId(item?.price.id),
    currentPeriodEnd: periodEnd === undefined ? null : new Date(periodEnd * 1000),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    created: subscription.created,
    itemId: item?.id,
  };
}

/** The subscription that decides the customer's plan: a live one first, then the newest. */
export function chooseCurrentSnapshot(snapshots: BillingSnapshot[]): BillingSnapshot | undefined {
  return [...snapshots].sort(
    (a, b) => Number(isLiveStatus(b.status)) - Number(isLiveStatus(a.status)) || b.created - a.created,
  )[0];
}

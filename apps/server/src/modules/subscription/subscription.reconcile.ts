import type { PaidPlanId } from '@farol/contract';
import { isLanguage, translate, type Language } from '@farol/i18n';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Db, DbExecutor } from '../../db/client.ts';
import type { SubscriptionRow } from '../../db/schema/subscriptions.ts';
import { planForPriceId, type StripeClient } from '../../providers/stripe/client.ts';
import {
  chooseCurrentSnapshot,
  isLiveStatus,
  toBillingSnapshot,
  type BillingSnapshot,
} from '../../providers/stripe/mapper.ts';
import { enqueueNotice } from '../email/email.outbox.ts';
import { effectivePlan } from '../entitlements/entitlements.service.ts';
import { planCatalog } from '../entitlements/plans.ts';
import {
  findSubscription,
  recordSubscriptionChange,
  updateSubscription,
  type SubscriptionChanges,
  type SubscriptionWithUser,
} from './subscription.repository.ts';

export type BillingContext = {
  db: Db;
  config: Config;
  stripe: StripeClient | undefined;
  now: () => Date;
};

export type ChangeSource = 'stripe' | 'admin' | 'cli' | 'user';

const languageOf = (row: SubscriptionWithUser): Language =>
  isLanguage(row.language) ? row.language : 'pt-BR';
export const planName = (language: Language, plan: string) =>
  translate(language, `billing:plans.${plan}.name`);

export function requireStripe(context: BillingContext): StripeClient {
  if (!context.stripe) throw new AppError('payments_unavailable');
  return context.stripe;
}

/** Wraps a Stripe call: its failures become one translated 502, with the detail kept for the log. */
export async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('billing_provider_error', { reason: (error as Error).message });
  }
}

/** Reads every subscription of a Stripe customer and returns the one that decides the plan. */
export async function fetchCustomerSnapshot(
  context: BillingContext,
  customerId: string,
): Promise<BillingSnapshot | undefined> {
  const list = await context.stripe!.subscriptions.list({ customer: customerId, status: 'all', limit: 20 });
  const snapshots = list.data.map((subscription) =>
    toBillingSnapshot(subscription, (priceId) => planForPriceId(context.config, priceId)),
  );
  return chooseCurrentSnapshot(snapshots);
}

/**
 * The plan paid for in the snapshot's period and the one scheduled for the next. Stripe's object says so
 * when the change was made with `scheduledChangeMetadata` (in the same call as the new price); a change
 * scheduled before that was written carries only the new price, and the row's pending plan says it.
 */
export function scheduledPlans(
  row: SubscriptionRow,
  snapshot: BillingSnapshot & { plan: PaidPlanId },
): { plan: string; pendingPlan: string | null } {
  if (snapshot.periodPlan)
    return {
      plan: snapshot.periodPlan,
      pendingPlan: snapshot.periodPlan === snapshot.plan ? null : snapshot.plan,
    };
  const samePeriod =
    row.stripeSubscriptionId === snapshot.stripeSubscriptionId &&
    row.currentPeriodEnd?.getTime() === snapshot.currentPeriodEnd?.getTime();
  const keepsScheduledChange = samePeriod && row.pendingPlan === snapshot.plan && row.plan !== snapshot.plan;
  return keepsScheduledChange
    ? { plan: row.plan, pendingPlan: row.pendingPlan }
    : { plan: snapshot.plan, pendingPlan: null };
}

/**
 * The local row Stripe's state implies. Order-independent: it depends on Stripe's current state only (the
 * row only for a change scheduled before Stripe carried the period's plan), so events that arrive late,
 * twice, or before the answer to the call that caused them change nothing more. Undefined when nothing
 * should change.
 */
export function changesFromSnapshot(
  row: SubscriptionRow,
  snapshot: BillingSnapshot | undefined,
): SubscriptionChanges | undefined {
  if (!snapshot?.plan) return undefined;
  // A plan granted by an admin outlives a Stripe subscription that is no longer paid.
  if (row.grantedByAdmin && !isLiveStatus(snapshot.status)) return undefined;
  return {
    ...scheduledPlans(row, { ...snapshot, plan: snapshot.plan }),
    status: snapshot.status,
    currentPeriodEnd: snapshot.currentPeriodEnd,
    cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
    stripeSubscriptionId: snapshot.stripeSubscriptionId,
    grantedByAdmin: false,
    grantedBy: null,
  };
}

/**
 * Writes a subscription change, its history line and the e-mail it calls for, in the caller's transaction.
 * E-mails follow transitions (not events), so news that arrives twice sends nothing twice; `notify: false`
 * leaves the e-mail to the caller (a refund sends one message that says both).
 */
export async function writeSubscriptionChange(
  tx: DbExecutor,
  row: SubscriptionWithUser,
  changes: SubscriptionChanges,
  options: { source: ChangeSource; actorId?: string | null; now: Date; notify?: boolean },
): Promise<SubscriptionRow> {
  const updated = (await updateSubscription(tx, row.userId, changes))!;
  const isSame =
    updated.plan === row.plan &&
    updated.status === row.status &&
    updated.currentPeriodEnd?.getTime() === row.currentPeriodEnd?.getTime() &&
    updated.cancelAtPeriodEnd === row.cancelAtPeriodEnd &&
    updated.pendingPlan === row.pendingPlan;
  if (isSame) return updated;
  await recordSubscriptionChange(tx, {
    userId: row.userId,
    source: options.source,
    plan: updated.plan,
    status: updated.status,
    currentPeriodEnd: updated.currentPeriodEnd,
    actorId: options.actorId ?? null,
  });
  if (options.notify === false) return updated;
  const language = languageOf(row);
  const before = effectivePlan(row, options.now);
  const after = effectivePlan(updated, options.now);
  const common = { to: row.email, userId: row.userId, language };
  if (after !== 'free' && (after !== before || (isLiveStatus(updated.status) && !isLiveStatus(row.status)))) {
    // a plan granted by an admin is not paid for: the e-mail shows no price
    const price = updated.grantedByAdmin ? undefined : planCatalog.find((plan) => plan.id === after)?.price;
    await enqueueNotice(tx, {
      ...common,
      template: 'subscription-started',
      data: {
        name: row.name,
        planName: planName(language, after),
        ...(typeof price === 'number' ? { price, currency: 'BRL', interval: 'month' as const } : {}),
        ...(updated.currentPeriodEnd ? { currentPeriodEnd: updated.currentPeriodEnd.toISOString() } : {}),
      },
    });
  }
  const becameCancelled =
    (updated.cancelAtPeriodEnd && !row.cancelAtPeriodEnd) ||
    (updated.status === 'canceled' && row.status !== 'canceled' && !row.cancelAtPeriodEnd);
  if (becameCancelled && before !== 'free') {
    await enqueueNotice(tx, {
      ...common,
      template: 'subscription-cancelled',
      data: {
        name: row.name,
        planName: planName(language, before),
        ...(updated.currentPeriodEnd && after !== 'free'
          ? { accessUntil: updated.currentPeriodEnd.toISOString() }
          : {}),
      },
    });
  }
  return updated;
}

/** Applies Stripe's current state to one user's row, locked until the caller's transaction ends. */
export async function reconcileUser(
  tx: DbExecutor,
  userId: string,
  snapshot: BillingSnapshot | undefined,
  now: Date,
): Promise<SubscriptionRow | undefined> {
  const row = await findSubscription(tx, userId, { forUpdate: true });
  if (!row) return undefined;
  const changes = changesFromSnapshot(row, snapshot);
  return changes ? writeSubscriptionChange(tx, row, changes, { source: 'stripe', now }) : row;
}

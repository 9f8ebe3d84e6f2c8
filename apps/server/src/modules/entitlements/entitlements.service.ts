import { analysisSymbols, isAnalysisSymbol, type AnalysisSymbol } from '@farol/contract';
import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { subscriptions, type SubscriptionRow } from '../../db/schema/subscriptions.ts';
import { users } from '../../db/schema/users.ts';
import { adminLimits, isPlanId, planLimits, type PlanId, type PlanLimits } from './plans.ts';

export type Entitlements = PlanLimits & { plan: PlanId; isAdmin: boolean };

/** The subscription fields the plan in force depends on. */
export type PlanState = Pick<SubscriptionRow, 'plan' | 'status' | 'currentPeriodEnd'> &
  Partial<Pick<SubscriptionRow, 'cancelAtPeriodEnd' | 'stripeSubscriptionId'>>;

/**
 * Stripe renews a subscription up to about an hour after its period ends and tells us by webhook; a paid
 * subscription that is not cancelled keeps its plan this long past the period end while that news travels.
 */
export const RENEWAL_GRACE_MS = 3 * 24 * 60 * 60 * 1000;

// Stripe states without paid access: nothing paid for the current period, or a subscription Stripe has ended.
// Stripe sets `canceled` only when the subscription is over: at the period end for a scheduled cancellation
// (cancel_at_period_end), at once for a refund, a dispute or an immediate cancel, so it never keeps access.
const statusesWithoutAccess = new Set(['incomplete', 'incomplete_expired', 'unpaid', 'paused', 'canceled']);

/**
 * The plan in force now. A scheduled cancellation keeps access until the end of the paid period, then the
 * account is back to free; a subscription Stripe ended is free at once; a grant without an end date lasts
 * until an admin changes it.
 */
export function effectivePlan(subscription: PlanState | undefined, now: Date): PlanId {
  if (!subscription || !isPlanId(subscription.plan) || subscription.plan === 'free') return 'free';
  if (statusesWithoutAccess.has(subscription.status)) return 'free';
  const periodEnd = subscription.currentPeriodEnd;
  if (!periodEnd) return subscription.plan;
  if (periodEnd > now) return subscription.plan;
  const awaitsRenewal = !subscription.cancelAtPeriodEnd && Boolean(subscription.stripeSubscriptionId);
  return awaitsRenewal && now.getTime() - periodEnd.getTime() < RENEWAL_GRACE_MS ? subscription.plan : 'free';
}

/** The one answer to "what may this user do?": routes ask this and never compare plan ids. */
export function entitlementsFor(plan: PlanId, isAdmin: boolean): Entitlements {
  return { ...(isAdmin ? adminLimits : planLimits[plan]), plan, isAdmin };
}

/** The subscription columns `planStateOf` reads, for selects that join `subscriptions` to `users`. */
export const planStateColumns = {
  plan: subscriptions.plan,
  status: subscriptions.status,
  currentPeriodEnd: subscriptions.currentPeriodEnd,
  cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
  stripeSubscriptionId: subscriptions.stripeSubscriptionId,
};

/** The plan state of a left-joined row (`planStateColumns`); undefined when the user has no subscription row. */
export function planStateOf(row: {
  plan: string | null;
  status: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean | null;
  stripeSubscriptionId: string | null;
}): PlanState | undefined {
  if (!row.plan) return undefined;
  return {
    plan: row.plan,
    status: row.status ?? 'active',
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd ?? false,
    stripeSubscriptionId: row.stripeSubscriptionId,
  };
}

export async function getUserEntitlements(db: DbExecutor, userId: string, now: Date): Promise<Entitlements> {
  const [row] = await db
    .select({ isAdmin: users.isAdmin, ...planStateColumns })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return entitlementsFor('free', false);
  return entitlementsFor(effectivePlan(planStateOf(row), now), row.isAdmin);
}

/** Whether a limit of -1 (unlimited) or N still allows `used + 1`. */
export const isWithinLimit = (limit: number, used: number) => limit < 0 || used < limit;

/** What is left of a limit: -1 when unlimited, never below 0. */
export const remainingOf = (limit: number, used: number) => (limit < 0 ? -1 : Math.max(0, limit - used));

/** What a visitor (no session) may see: the free plan's limits. */
export const visitorEntitlements: Entitlements = entitlementsFor('free', false);

/**
 * The analysed coins whose signal (score and summary) a plan shows on the coin pages: the first
 * `marketSignals` of the ten, in list order, the same coins its dashboard shows by default.
 */
export function signalSymbolsFor(
  entitlements: Pick<Entitlements, 'marketSignals'>,
): readonly AnalysisSymbol[] {
  const { marketSignals } = entitlements;
  return marketSignals < 0 ? analysisSymbols : analysisSymbols.slice(0, marketSignals);
}

/**
 * Whether the coin page shows the signal (score and table) of a market symbol: the plan's coins of the ten
 * (`signalSymbolsFor`), and every coin with a pair for plans with `allCoinSignals` (profissional, admins).
 */
export const maySeeSignalSummary = (
  entitlements: Pick<Entitlements, 'marketSignals' | 'allCoinSignals'>,
  symbol: string,
): boolean =>
  entitlements.allCoinSignals || signalSymbolsFor(entitlements).includes(symbol as AnalysisSymbol);

/**
 * Whether the dashboard may list a coin's signal (its `marketSignals` count applies on top): any of the ten,
 * and every coin with a pair for plans with `allCoinSignals`.
 */
export const maySeeDashboardSignal = (
  entitlements: Pick<Entitlements, 'allCoinSignals'>,
  symbol: string,
): boolean => entitlements.allCoinSignals || isAnalysisSymbol(symbol);

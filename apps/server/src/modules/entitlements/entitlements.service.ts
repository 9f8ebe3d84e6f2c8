import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { subscriptions, type SubscriptionRow } from '../../db/schema/subscriptions.ts';
import { users } from '../../db/schema/users.ts';
import { adminLimits, isPlanId, planLimits, type PlanId, type PlanLimits } from './plans.ts';

export type Entitlements = PlanLimits & { plan: PlanId; isAdmin: boolean };

/**
 * The plan in force now: a paid plan whose period has ended (cancelled, or not renewed) is back to free.
 * Cancellation keeps access until the period end (spec section 4).
 */
export function effectivePlan(subscription: Pick<SubscriptionRow, 'plan' | 'status' | 'currentPeriodEnd'> | undefined, now: Date): PlanId {
  if (!subscription || !isPlanId(subscription.plan) || subscription.plan === 'free') return 'free';
  if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
    return subscription.currentPeriodEnd && subscription.currentPeriodEnd > now ? subscription.plan : 'free';
  }
  if (subscription.currentPeriodEnd && subscription.currentPeriodEnd <= now) return 'free';
  return subscription.plan;
}

/** The one answer to "what may this user do?": routes ask this and never compare plan ids. */
export function entitlementsFor(plan: PlanId, isAdmin: boolean): Entitlements {
  return { ...(isAdmin ? adminLimits : planLimits[plan]), plan, isAdmin };
}

export async function getUserEntitlements(db: DbExecutor, userId: string, now: Date): Promise<Entitlements> {
  const [row] = await db
    .select({
      isAdmin: users.isAdmin,
      plan: subscriptions.plan,
      status: subscriptions.status,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return entitlementsFor('free', false);
  const plan = effectivePlan(
    row.plan ? { plan: row.plan, status: row.status ?? 'active', currentPeriodEnd: row.currentPeriodEnd } : undefined,
    now,
  );
  return entitlementsFor(plan, row.isAdmin);
}

/** Whether a limit of -1 (unlimited) or N still allows `used + 1`. */
export const isWithinLimit = (limit: number, used: number) => limit < 0 || used < limit;

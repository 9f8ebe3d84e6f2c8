import type {
  AdminUser,
  AdminUsersQuery,
  AdminUsersResponse,
  PlanId,
  SubscriptionStatus,
} from '@farol/contract';
import type { DbExecutor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { describePage } from '../../lib/pagination.ts';
import { isLiveStatus } from '../../providers/stripe/mapper.ts';
import { effectivePlan } from '../entitlements/entitlements.service.ts';
import { isPlanId } from '../entitlements/plans.ts';
import { findSubscription } from '../subscription/subscription.repository.ts';
import { writeSubscriptionChange } from '../subscription/subscription.reconcile.ts';
import { findUserByEmail, updateUser } from '../users/users.repository.ts';
import { findUserWithSubscription, listUsersPage, type UserWithSubscription } from './admin.repository.ts';

function toAdminUser(row: UserWithSubscription, now: Date): AdminUser {
  const subscription = row.subscription;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    isAdmin: row.isAdmin,
    createdAt: row.createdAt.toISOString(),
    plan: subscription && isPlanId(subscription.plan) ? subscription.plan : 'free',
    effectivePlan: effectivePlan(subscription ?? undefined, now),
    status: (subscription?.status ?? 'active') as SubscriptionStatus,
    currentPeriodEnd: subscription?.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: subscription?.cancelAtPeriodEnd ?? false,
    grantedByAdmin: subscription?.grantedByAdmin ?? false,
    hasStripeCustomer: Boolean(subscription?.stripeCustomerId),
  };
}

export async function listUsers(
  db: DbExecutor,
  query: AdminUsersQuery,
  now: Date,
): Promise<AdminUsersResponse['data']> {
  const { rows, total } = await listUsersPage(db, {
    query: query.query || undefined,
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  return {
    users: rows.map((row) => toAdminUser(row, now)),
    pagination: describePage(query.page, query.limit, total),
  };
}

/** Calendar months later (UTC); a day missing in the target month becomes its last day (31 Jan + 1 = 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  target.setUTCHours(
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    date.getUTCMilliseconds(),
  );
  return target;
}

export type GrantInput = {
  userId: string;
  plan: PlanId;
  months?: number;
  /** The admin who granted it (null from the command line). */
  actorId: string | null;
  source: 'admin' | 'cli';
};

/**
 * Gives a plan without payment, recorded as granted (by whom, in the history). 'free' removes a grant.
 * A user who is paying through Stripe is refused: the paid subscription would overwrite the grant at its
 * next renewal, so it must be cancelled first.
 */
export async function grantPlan(db: DbExecutor, input: GrantInput, now: Date): Promise<AdminUser> {
  await db.transaction(async (tx) => {
    const row = await findSubscription(tx, input.userId, { forUpdate: true });
    if (!row) throw new AppError('not_found');
    const isPaying =
      Boolean(row.stripeSubscriptionId) &&
      isLiveStatus(row.status) &&
      !row.cancelAtPeriodEnd &&
      effectivePlan(row, now) !== 'free';
    if (isPaying && !row.grantedByAdmin) throw new AppError('conflict');
    const changes =
      input.plan === 'free'
        ? { plan: 'free', status: 'active', currentPeriodEnd: null, grantedByAdmin: false, grantedBy: null }
        : {
            plan: input.plan,
            status: 'active',
            currentPeriodEnd: input.months ? addMonths(now, input.months) : null,
            grantedByAdmin: true,
            grantedBy: input.actorId,
          };
    await writeSubscriptionChange(
      tx,
      row,
      { ...changes, cancelAtPeriodEnd: false, pendingPlan: null, stripeSubscriptionId: null },
      { source: input.source, actorId: input.actorId, now },
    );
  });
  return (await getAdminUser(db, input.userId, now))!;
}

/** Sets or clears the admin flag; an admin cannot remove their own flag (no one would be left to restore it). */
export async function setAdminFlag(
  db: DbExecutor,
  input: { userId: string; isAdmin: boolean; actorId: string | null },
  now: Date,
): Promise<AdminUser> {
  if (input.actorId === input.userId && !input.isAdmin) throw new AppError('conflict');
  const updated = await updateUser(db, input.userId, { isAdmin: input.isAdmin });
  if (!updated) throw new AppError('not_found');
  return (await getAdminUser(db, input.userId, now))!;
}

export async function getAdminUser(
  db: DbExecutor,
  userId: string,
  now: Date,
): Promise<AdminUser | undefined> {
  const row = await findUserWithSubscription(db, userId);
  return row && toAdminUser(row, now);
}

/** The command line names users by e-mail. */
export async function findUserIdByEmail(db: DbExecutor, email: string): Promise<string | undefined> {
  return (await findUserByEmail(db, email))?.id;
}

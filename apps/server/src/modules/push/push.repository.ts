import { and, desc, eq, gt, isNull, notInArray, sql } from 'drizzle-orm';
import type { PushSubscriptionRequest } from '@farol/contract';
import type { DbExecutor } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { pushSubscriptions, type PushSubscriptionRow } from '../../db/schema/push.ts';

/**
 * Stores a browser's subscription; an endpoint seen before moves to this user with its new keys (and, paused,
 * is resumed: subscribing again is the owner saying it works). Past `maxPerUser` the user's oldest go, under a
 * lock on the user (taken here: call it inside a transaction) so two subscriptions at once cannot both stay
 * past it.
 */
export async function upsertPushSubscription(
  tx: DbExecutor,
  userId: string,
  subscription: PushSubscriptionRequest,
  maxPerUser: number,
): Promise<void> {
  const values = {
    userId,
    endpoint: subscription.endpoint,
    ...subscription.keys,
    consecutiveFailures: 0,
    pausedAt: null,
  };
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  await tx
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, createdAt: sql`now()` } });
  const kept = tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(maxPerUser);
  await tx
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)));
}

/** Removes one of the user's subscriptions; true when there was one. */
export async function deleteUserPushSubscription(db: DbExecutor, userId: string, endpoint: string) {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

/** Removes a subscription its push service says is gone (404/410), whoever owns it. */
export async function deletePushSubscription(db: DbExecutor, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}

export async function listPushSubscriptions(db: DbExecutor, userId: string): Promise<PushSubscriptionRow[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/** The browsers a notice goes to: the user's, but those paused by their failures. */
export async function listActivePushSubscriptions(
  db: DbExecutor,
  userId: string,
): Promise<PushSubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), isNull(pushSubscriptions.pausedAt)));
}

/** A push went through: the browser's run of failures ends. */
export async function recordPushSuccess(db: DbExecutor, endpoint: string): Promise<void> {
  await db
    .update(pushSubscriptions)
    .set({ consecutiveFailures: 0 })
    .where(and(eq(pushSubscriptions.endpoint, endpoint), gt(pushSubscriptions.consecutiveFailures, 0)));
}

/**
 * Counts a failed push; answers the subscription when this failure paused it (the caller tells its owner), once:
 * the update that crosses the limit is the only one that sees the count equal to it with the pause just set.
 */
export async function recordPushFailure(
  db: DbExecutor,
  endpoint: string,
  maxFailures: number,
  now: Date,
): Promise<PushSubscriptionRow | undefined> {
  const [row] = await db
    .update(pushSubscriptions)
    .set({
      consecutiveFailures: sql`${pushSubscriptions.consecutiveFailures} + 1`,
      pausedAt: sql`case when ${pushSubscriptions.consecutiveFailures} + 1 >= ${maxFailures} and ${pushSubscriptions.pausedAt} is null then ${now.toISOString()}::timestamptz else ${pushSubscriptions.pausedAt} end`,
    })
    .where(eq(pushSubscriptions.endpoint, endpoint))
    .returning();
  return row && row.consecutiveFailures === maxFailures && row.pausedAt ? row : undefined;
}

export async function findPushSubscription(
  db: DbExecutor,
  endpoint: string,
): Promise<PushSubscriptionRow | undefined> {
  const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
  return row;
}

/** The user's subscriptions, newest first. */
export async function listUserPushSubscriptions(
  db: DbExecutor,
  userId: string,
): Promise<PushSubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt));
}

/** Removes one of the user's subscriptions by id; true when there was one. */
export async function deleteUserPushSubscriptionById(db: DbExecutor, userId: string, id: string) {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.id, id)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

import { and, desc, eq } from 'drizzle-orm';
import type { PushSubscriptionRequest } from '@farol/contract';
import type { DbExecutor } from '../../db/client.ts';
import { pushSubscriptions, type PushSubscriptionRow } from '../../db/schema/push.ts';

/** Stores a browser's subscription; an endpoint seen before moves to this user with its new keys. */
export async function upsertPushSubscription(
  db: DbExecutor,
  userId: string,
  subscription: PushSubscriptionRequest,
): Promise<void> {
  const values = { userId, endpoint: subscription.endpoint, ...subscription.keys };
  await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
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

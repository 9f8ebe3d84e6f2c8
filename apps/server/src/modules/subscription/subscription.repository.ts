import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { stripeEvents, subscriptionChanges } from '../../db/schema/billing.ts';
import { subscriptions, type SubscriptionRow } from '../../db/schema/subscriptions.ts';
import { users } from '../../db/schema/users.ts';

export type SubscriptionWithUser = SubscriptionRow & {
  email: string;
  name: string;
  language: string;
  isAdmin: boolean;
};

const withUserColumns = {
  subscription: subscriptions,
  email: users.email,
  name: users.name,
  language: users.language,
  isAdmin: users.isAdmin,
};

const flatten = (row: {
  subscription: SubscriptionRow;
  email: string;
  name: string;
  language: string;
  isAdmin: boolean;
}) => ({
  ...row.subscription,
  email: row.email,
  name: row.name,
  language: row.language,
  isAdmin: row.isAdmin,
});

/**
 * The user's subscription row with the user's contact fields. `forUpdate` locks the row until the
 * transaction ends, so two deliveries of news about one customer apply one after the other.
 */
export async function findSubscription(
  db: DbExecutor,
  userId: string,
  options: { forUpdate?: boolean } = {},
): Promise<SubscriptionWithUser | undefined> {
  const query = db
    .select(withUserColumns)
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(eq(subscriptions.userId, userId))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update', { of: subscriptions }) : await query;
  return row && flatten(row);
}

export async function findUserIdByCustomer(db: DbExecutor, customerId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.stripeCustomerId, customerId))
    .limit(1);
  return row?.userId;
}

/** Records the user's Stripe customer unless one is already set; returns the one on record. */
export async function linkStripeCustomer(
  db: DbExecutor,
  userId: string,
  customerId: string,
): Promise<string | undefined> {
  await db
    .update(subscriptions)
    .set({ stripeCustomerId: customerId, updatedAt: sql`now()` })
    .where(and(eq(subscriptions.userId, userId), isNull(subscriptions.stripeCustomerId)));
  const [row] = await db
    .select({ customerId: subscriptions.stripeCustomerId })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .limit(1);
  return row?.customerId ?? undefined;
}

export type SubscriptionChanges = Partial<
  Pick<
    SubscriptionRow,
    | 'plan'
    | 'status'
    | 'currentPeriodEnd'
    | 'cancelAtPeriodEnd'
    | 'stripeSubscriptionId'
    | 'pendingPlan'
    | 'grantedByAdmin'
    | 'grantedBy'
  >
>;

export async function updateSubscription(db: DbExecutor, userId: string, changes: SubscriptionChanges) {
  const [row] = await db
    .update(subscriptions)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(subscriptions.userId, userId))
    .returning();
  return row;
}

export async function recordSubscriptionChange(
  db: DbExecutor,
  change: typeof subscriptionChanges.$inferInsert,
): Promise<void> {
  await db.insert(subscriptionChanges).values(change);
}

export async function isStripeEventRecorded(db: DbExecutor, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: stripeEvents.id })
    .from(stripeEvents)
    .where(eq(stripeEvents.id, eventId))
    .limit(1);
  return Boolean(row);
}

/** Records an event as applied; false when it already was (a redelivery): the caller then changes nothing. */
export async function recordStripeEvent(db: DbExecutor, eventId: string, type: string): Promise<boolean> {
  const inserted = await db
    .insert(stripeEvents)
    .values({ id: eventId, type })
    .onConflictDoNothing({ target: stripeEvents.id })
    .returning({ id: stripeEvents.id });
  return inserted.length > 0;
}

import { asc, count, eq, ilike, or } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { subscriptions, type SubscriptionRow } from '../../db/schema/subscriptions.ts';
import { users } from '../../db/schema/users.ts';

export type UserWithSubscription = {
  id: string;
  name: string;
  email: string;
  isAdmin: boolean;
  createdAt: Date;
  subscription: SubscriptionRow | null;
};

const userWithSubscriptionColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  isAdmin: users.isAdmin,
  createdAt: users.createdAt,
  subscription: subscriptions,
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

const matching = (query: string | undefined) => {
  if (!query) return undefined;
  const pattern = `%${escapeLike(query)}%`;
  return or(ilike(users.name, pattern), ilike(users.email, pattern));
};

/** One page of users (oldest first), filtered by a case-insensitive substring of name or e-mail. */
export async function listUsersPage(
  db: DbExecutor,
  options: { query?: string; offset: number; limit: number },
): Promise<{ rows: UserWithSubscription[]; total: number }> {
  const where = matching(options.query);
  const [totals] = await db.select({ total: count() }).from(users).where(where);
  const rows = await db
    .select(userWithSubscriptionColumns)
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(where)
    .orderBy(asc(users.createdAt), asc(users.id))
    .offset(options.offset)
    .limit(options.limit);
  return { rows, total: Number(totals?.total ?? 0) };
}

export async function findUserWithSubscription(
  db: DbExecutor,
  userId: string,
): Promise<UserWithSubscription | undefined> {
  const [row] = await db
    .select(userWithSubscriptionColumns)
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

import { eq, sql } from 'drizzle-orm';
import type { Preferences } from '@farol/contract';
import type { DbExecutor } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/subscriptions.ts';
import { users, type UserRow } from '../../db/schema/users.ts';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findUserById(db: DbExecutor, id: string): Promise<UserRow | undefined> {
  // ids come from tokens and URLs: anything that is not a uuid matches no one (and must not reach SQL as one)
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return undefined;
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByEmail(db: DbExecutor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.emailNormalized, normalizeEmail(email)))
    .limit(1);
  return row;
}

/** Creates the user and their free-plan subscription row together; undefined when the e-mail is taken. */
export async function insertUserWithFreePlan(
  db: DbExecutor,
  input: {
    name: string;
    email: string;
    passwordHash: string;
    preferences: Preferences;
    isAdmin: boolean;
    language: string;
  },
): Promise<UserRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({ ...input, emailNormalized: normalizeEmail(input.email) })
      .onConflictDoNothing({ target: users.emailNormalized })
      .returning();
    if (!row) return undefined;
    await tx.insert(subscriptions).values({ userId: row.id, plan: 'free' }).onConflictDoNothing();
    return row;
  });
}

export async function updateUser(
  db: DbExecutor,
  id: string,
  changes: Partial<
    Pick<
      UserRow,
      'name' | 'preferences' | 'isAdmin' | 'language' | 'passwordHash' | 'emailVerifiedAt' | 'adminGrantedAt'
    >
  >,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Stores a new password hash and bumps the token version so every older token stops working. */
export async function replacePassword(
  db: DbExecutor,
  id: string,
  passwordHash: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Moves the token version on: every session token issued so far stops working. */
export async function endAllSessions(db: DbExecutor, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/**
 * Locks the user's row until the transaction ends: creations that check a per-user count (API tokens,
 * webhooks) take it first, so two concurrent requests cannot both pass the check.
 */
export async function lockUserRow(executor: DbExecutor, id: string): Promise<void> {
  await executor.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
}

import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/client.ts';
import { apiTokens, type ApiTokenRow } from '../../db/schema/api-tokens.ts';

export const countApiTokens = async (db: DbExecutor, userId: string): Promise<number> => {
  const [row] = await db.select({ total: count() }).from(apiTokens).where(eq(apiTokens.userId, userId));
  return row?.total ?? 0;
};

export const insertApiToken = async (
  db: DbExecutor,
  values: { userId: string; name: string; tokenHash: string; expiresAt: Date },
): Promise<ApiTokenRow> => {
  const [row] = await db.insert(apiTokens).values(values).returning();
  return row!;
};

export const selectApiTokens = (db: Db, userId: string): Promise<ApiTokenRow[]> =>
  db.select().from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(desc(apiTokens.createdAt));

/** Deletes one of the user's tokens; false when the user has no token with that id. */
export const deleteApiToken = async (db: Db, userId: string, id: string): Promise<boolean> => {
  const deleted = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)))
    .returning({ id: apiTokens.id });
  return deleted.length > 0;
};

/**
 * Finds the unexpired token by its hash and records this use (last used, one more request) in the same statement,
 * prepared once: every request that sends a token runs it.
 */
export function prepareApiTokenUse(db: Db) {
  return db
    .update(apiTokens)
    .set({
      lastUsedAt: sql`${sql.placeholder('now')}::timestamptz`,
      requestCount: sql`${apiTokens.requestCount} + 1`,
    })
    .where(
      and(
        eq(apiTokens.tokenHash, sql.placeholder('tokenHash')),
        gt(apiTokens.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
      ),
    )
    .returning({ id: apiTokens.id, userId: apiTokens.userId })
    .prepare('farol_api_token_use');
}

import { and, eq, sql } from 'drizzle-orm';
import type { KeyProvider } from '@farol/contract';
import type { DbExecutor } from '../../db/client.ts';
import { userApiKeys, type UserApiKeyRow } from '../../db/schema/chat.ts';

export async function listApiKeys(db: DbExecutor, userId: string): Promise<UserApiKeyRow[]> {
  return db.select().from(userApiKeys).where(eq(userApiKeys.userId, userId));
}

export async function findApiKey(
  db: DbExecutor,
  userId: string,
  provider: KeyProvider,
): Promise<UserApiKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(userApiKeys)
    .where(and(eq(userApiKeys.userId, userId), eq(userApiKeys.provider, provider)))
    .limit(1);
  return row;
}

export type ApiKeyUpsert = { provider: KeyProvider; encryptedKey: string; verified: boolean };

/** Stores all the given keys or none. */
export async function upsertApiKeys(db: DbExecutor, userId: string, keys: ApiKeyUpsert[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .insert(userApiKeys)
    .values(keys.map((key) => ({ userId, ...key })))
    .onConflictDoUpdate({
      target: [userApiKeys.userId, userApiKeys.provider],
      set: {
        encryptedKey: sql`excluded.encrypted_key`,
        verified: sql`excluded.verified`,
        updatedAt: sql`now()`,
      },
    });
}

export async function markApiKeyVerified(
  db: DbExecutor,
  userId: string,
  provider: KeyProvider,
): Promise<void> {
  await db
    .update(userApiKeys)
    .set({ verified: true, updatedAt: sql`now()` })
    .where(and(eq(userApiKeys.userId, userId), eq(userApiKeys.provider, provider)));
}

export async function deleteApiKey(db: DbExecutor, userId: string, provider: KeyProvider): Promise<boolean> {
  const deleted = await db
    .delete(userApiKeys)
    .where(and(eq(userApiKeys.userId, userId), eq(userApiKeys.provider, provider)))
    .returning({ provider: userApiKeys.provider });
  return deleted.length > 0;
}

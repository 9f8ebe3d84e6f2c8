import { eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { marketSnapshots } from '../../db/schema/market.ts';
import type { CacheEntry, SnapshotStore } from '../../lib/cache.ts';

export async function loadSnapshot(db: DbExecutor, key: string): Promise<CacheEntry | undefined> {
  const [row] = await db.select().from(marketSnapshots).where(eq(marketSnapshots.cacheKey, key)).limit(1);
  if (!row) return undefined;
  return { value: row.payload, source: row.source, fetchedAt: row.fetchedAt.getTime(), freshUntil: row.freshUntil.getTime() };
}

export async function saveSnapshot(db: DbExecutor, key: string, entry: CacheEntry): Promise<void> {
  const values = {
    source: entry.source,
    payload: entry.value,
    fetchedAt: new Date(entry.fetchedAt),
    freshUntil: new Date(entry.freshUntil),
  };
  await db
    .insert(marketSnapshots)
    .values({ cacheKey: key, ...values })
    .onConflictDoUpdate({ target: marketSnapshots.cacheKey, set: { ...values, updatedAt: sql`now()` } });
}

export const createSnapshotStore = (db: DbExecutor): SnapshotStore => ({
  load: (key) => loadSnapshot(db, key),
  save: (key, entry) => saveSnapshot(db, key, entry),
});

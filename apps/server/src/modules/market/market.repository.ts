import { and, asc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { marketDominanceHistory, marketSnapshots } from '../../db/schema/market.ts';
import type { CacheEntry, SnapshotStore } from '../../lib/cache.ts';
import type { DominanceHistoryStore, DominancePoint } from './market.types.ts';

export async function loadSnapshot(db: DbExecutor, key: string): Promise<CacheEntry | undefined> {
  const [row] = await db.select().from(marketSnapshots).where(eq(marketSnapshots.cacheKey, key)).limit(1);
  if (!row) return undefined;
  return {
    value: row.payload,
    source: row.source,
    fetchedAt: row.fetchedAt.getTime(),
    freshUntil: row.freshUntil.getTime(),
  };
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

/** One row per source and 15-minute UTC slot: the first fetch of a slot is kept, later ones add nothing. */
export const DOMINANCE_SLOT_MS = 15 * 60_000;
export const DOMINANCE_RETENTION_DAYS = 90;

/** Stores a fresh global snapshot unless its slot has one; prunes rows past 90 days when it stores. True when stored. */
export async function recordDominance(
  db: DbExecutor,
  source: string,
  point: DominancePoint,
): Promise<boolean> {
  const slotStart = new Date(Math.floor(point.time / DOMINANCE_SLOT_MS) * DOMINANCE_SLOT_MS);
  const inserted = await db
    .insert(marketDominanceHistory)
    .values({
      source,
      slotStart,
      recordedAt: new Date(point.time),
      bitcoinDominance: point.bitcoinDominance,
      ethereumDominance: point.ethereumDominance,
      totalMarketCap: point.totalMarketCap,
    })
    .onConflictDoNothing()
    .returning({ slotStart: marketDominanceHistory.slotStart });
  if (inserted.length === 0) return false;
  const cutoff = new Date(point.time - DOMINANCE_RETENTION_DAYS * 86_400_000);
  await db.delete(marketDominanceHistory).where(lt(marketDominanceHistory.slotStart, cutoff));
  return true;
}

/** The stored points of one source recorded between `sinceMs` and `untilMs`, oldest first. */
export async function listDominance(
  db: DbExecutor,
  source: string,
  sinceMs: number,
  untilMs: number,
): Promise<DominancePoint[]> {
  const rows = await db
    .select()
    .from(marketDominanceHistory)
    .where(
      and(
        eq(marketDominanceHistory.source, source),
        gte(marketDominanceHistory.recordedAt, new Date(sinceMs)),
        lte(marketDominanceHistory.recordedAt, new Date(untilMs)),
      ),
    )
    .orderBy(asc(marketDominanceHistory.recordedAt));
  return rows.map((row) => ({
    time: row.recordedAt.getTime(),
    bitcoinDominance: row.bitcoinDominance,
    ethereumDominance: row.ethereumDominance,
    totalMarketCap: row.totalMarketCap,
  }));
}

export const createDominanceHistoryStore = (db: DbExecutor): DominanceHistoryStore => ({
  record: (source, point) => recordDominance(db, source, point),
  list: (source, sinceMs, untilMs) => listDominance(db, source, sinceMs, untilMs),
});

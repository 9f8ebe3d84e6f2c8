import { and, asc, eq, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client.ts';
import {
  signalHistory,
  signalTrackRecordSummary,
  type SignalHistoryRow,
} from '../../db/schema/signal-history.ts';

export type NewSignalRecord = {
  coin: string;
  time: Date;
  signal: string;
  score: number;
  confidence: number;
  price: number;
  engineVersion: string;
};

/** Stores a signal unless this coin's signal for that close is already stored (another run, another instance). */
export async function insertSignalRecord(db: Db, record: NewSignalRecord): Promise<boolean> {
  const rows = await db
    .insert(signalHistory)
    .values(record)
    .onConflictDoNothing({ target: [signalHistory.coin, signalHistory.time] })
    .returning({ coin: signalHistory.coin });
  return rows.length > 0;
}

/** The outcome columns, one per horizon, in the order of signalHorizons (24 h, 72 h, 7 d). */
export const outcomeColumns = ['price24h', 'price72h', 'price7d'] as const;
export type OutcomeColumn = (typeof outcomeColumns)[number];

/** Rows with an outcome still missing whose horizon has passed by `now` (`horizonHours[i]` for outcomeColumns[i]). */
export function listUnscored(
  db: Db,
  now: Date,
  horizonHours: readonly number[],
): Promise<SignalHistoryRow[]> {
  return db
    .select()
    .from(signalHistory)
    .where(
      or(
        ...outcomeColumns.map((column, i) =>
          and(
            isNull(signalHistory[column]),
            lte(signalHistory.time, new Date(now.getTime() - horizonHours[i]! * 3_600_000)),
          ),
        ),
      ),
    )
    .orderBy(asc(signalHistory.coin), asc(signalHistory.time));
}

/** Writes one outcome once: a second writer finds it set and changes nothing. */
export async function setOutcome(
  db: Db,
  coin: string,
  time: Date,
  column: OutcomeColumn,
  price: number,
): Promise<boolean> {
  const rows = await db
    .update(signalHistory)
    .set({ [column]: price })
    .where(and(eq(signalHistory.coin, coin), eq(signalHistory.time, time), isNull(signalHistory[column])))
    .returning({ coin: signalHistory.coin });
  return rows.length > 0;
}

/** What the measures read of a stored signal (time in ms): the lean columns, no timestamp parsing per row. */
export type StoredSignal = {
  coin: string;
  time: number;
  signal: string;
  confidence: number;
  price: number;
  engineVersion: string;
  price24h: number | null;
  price72h: number | null;
  price7d: number | null;
};

/** Every stored signal, oldest first. */
export function listSignalHistory(db: Db): Promise<StoredSignal[]> {
  return selectRows<StoredSignal>(
    db,
    sql`select coin, (extract(epoch from time) * 1000)::float8 as "time", signal, confidence, price,
          engine_version as "engineVersion", price_24h as "price24h", price_72h as "price72h", price_7d as "price7d"
        from signal_history order by time, coin`,
  );
}

/** Counts of signal_history that only grow (rows are only added, outcomes only filled), and its last close. */
export type HistoryState = { rows: number; day: number; days3: number; week: number; last: number | null };

/** The state of signal_history in one aggregate: what the scheduled refresh compares with the summary's. */
export async function readHistoryState(db: Db): Promise<HistoryState> {
  const [row] = await selectRows<HistoryState>(
    db,
    sql`select count(*)::int as rows, count(price_24h)::int as day, count(price_72h)::int as days3,
          count(price_7d)::int as week, (extract(epoch from max(time)) * 1000)::float8 as last
        from signal_history`,
  );
  return row!;
}

/**
 * The stored summary of the record (signal_track_record_summary): the record of every version together and of
 * each version alone, measured on one state of signal_history, and the fingerprint of that state.
 */
export type StoredSummary<Record> = {
  engineVersions: string[];
  all: Record;
  versions: { [engineVersion: string]: Record };
};

/** The part of the current summary one request needs: one version's record (or all), never the others. */
export async function readSummary(
  db: Db,
  fingerprintPrefix: string,
  engineVersion: string | null,
): Promise<{ engineVersions: string[]; record: unknown } | undefined> {
  const [row] = await selectRows<{ engineVersions: string[]; record: unknown }>(
    db,
    sql`select record -> 'engineVersions' as "engineVersions",
          ${engineVersion === null ? sql`record -> 'all'` : sql`record -> 'versions' -> ${engineVersion}::text`} as record
        from signal_track_record_summary
        where starts_with(fingerprint, ${fingerprintPrefix})
        limit 1`,
  );
  return row;
}

/** Serialises the writers of the summary across instances (a transaction-scoped advisory lock). */
const SUMMARY_LOCK = 35_004;

/**
 * Replaces the summary unless the stored one is of this state or of a later one (`isNewer(stored)`): a slow
 * writer with an older snapshot never overwrites a newer summary, and the same state written twice is a no-op.
 */
export async function storeSummary(
  db: Db,
  fingerprint: string,
  record: StoredSummary<unknown>,
  isStale: (storedFingerprint: string) => boolean,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SUMMARY_LOCK})`);
    const stored = await tx
      .select({ fingerprint: signalTrackRecordSummary.fingerprint })
      .from(signalTrackRecordSummary);
    if (stored.some((row) => !isStale(row.fingerprint))) return false;
    await tx.delete(signalTrackRecordSummary).where(ne(signalTrackRecordSummary.fingerprint, fingerprint));
    await tx.insert(signalTrackRecordSummary).values({ fingerprint, record }).onConflictDoNothing();
    return true;
  });
}

/** The fingerprint of the stored summary, if any. */
export async function readSummaryFingerprints(db: Db): Promise<string[]> {
  const rows = await db
    .select({ fingerprint: signalTrackRecordSummary.fingerprint })
    .from(signalTrackRecordSummary);
  return rows.map((row) => row.fingerprint);
}

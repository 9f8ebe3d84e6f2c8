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

/**
 * The state of the table in one small aggregate: rows only get added and outcomes only get filled, so every
 * change moves at least one of these counts.
 */
export async function readHistoryFingerprint(db: Db): Promise<string> {
  const [row] = await selectRows<{
    rows: number;
    day: number;
    days3: number;
    week: number;
    last: string | null;
  }>(
    db,
    sql`select count(*)::int as rows, count(price_24h)::int as day, count(price_72h)::int as days3,
          count(price_7d)::int as week, max(time)::text as last
        from signal_history`,
  );
  return `${row!.rows}:${row!.day}:${row!.days3}:${row!.week}:${row!.last ?? ''}`;
}

export async function readSummary(db: Db, fingerprint: string): Promise<unknown> {
  const [row] = await db
    .select({ record: signalTrackRecordSummary.record })
    .from(signalTrackRecordSummary)
    .where(eq(signalTrackRecordSummary.fingerprint, fingerprint));
  return row?.record;
}

/** Keeps the summary of the newest state only. */
export async function storeSummary(db: Db, fingerprint: string, record: unknown): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(signalTrackRecordSummary).values({ fingerprint, record }).onConflictDoNothing();
    await tx.delete(signalTrackRecordSummary).where(ne(signalTrackRecordSummary.fingerprint, fingerprint));
  });
}

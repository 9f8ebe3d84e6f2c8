import { and, asc, eq, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { signalHistory, type SignalHistoryRow } from '../../db/schema/signal-history.ts';

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

/** Every stored signal, oldest first. */
export function listSignalHistory(db: Db): Promise<SignalHistoryRow[]> {
  return db.select().from(signalHistory).orderBy(asc(signalHistory.time), asc(signalHistory.coin));
}

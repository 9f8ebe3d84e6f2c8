import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * The engine's signal for a coin at an hourly close, stored once, append-only (migration 0023; a trigger
 * refuses deletes and rewrites). The price at each horizon is written once, after that 1h candle closed.
 */
export const signalHistory = pgTable(
  'signal_history',
  {
    coin: text('coin').notNull(),
    time: timestamp('time', { withTimezone: true }).notNull(),
    signal: text('signal').notNull(),
    score: doublePrecision('score').notNull(),
    confidence: integer('confidence').notNull(),
    price: doublePrecision('price').notNull(),
    engineVersion: text('engine_version').notNull(),
    price24h: doublePrecision('price_24h'),
    price72h: doublePrecision('price_72h'),
    price7d: doublePrecision('price_7d'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.coin, table.time] }),
    index('signal_history_time_idx').on(table.time),
  ],
);

export type SignalHistoryRow = typeof signalHistory.$inferSelect;

/**
 * The measured track record of one state of signal_history, keyed by that state's fingerprint (migration
 * 0023): one row, `{ engineVersions, all, versions }`, written by the track-record jobs after signals are
 * stored or scored, the only thing requests read (track-record.service.ts).
 */
export const signalTrackRecordSummary = pgTable('signal_track_record_summary', {
  fingerprint: text('fingerprint').primaryKey(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  record: jsonb('record').notNull(),
});

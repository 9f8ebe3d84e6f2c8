import {
  doublePrecision,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Last good answer per market cache key (migration 0002). */
export const marketSnapshots = pgTable('market_snapshots', {
  cacheKey: text('cache_key').primaryKey(),
  source: text('source').notNull(),
  payload: jsonb('payload').notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  freshUntil: timestamp('fresh_until', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * BTC/ETH dominance and total market cap per source and 15-minute UTC slot, recorded when the global
 * snapshot is fetched fresh; 90 days kept (migration 0007).
 */
export const marketDominanceHistory = pgTable(
  'market_dominance_history',
  {
    source: text('source').notNull(),
    slotStart: timestamp('slot_start', { withTimezone: true }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    bitcoinDominance: doublePrecision('bitcoin_dominance').notNull(),
    ethereumDominance: doublePrecision('ethereum_dominance').notNull(),
    totalMarketCap: doublePrecision('total_market_cap').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.source, table.slotStart] }),
    index('market_dominance_history_slot_start_idx').on(table.slotStart),
  ],
);

/** A user's favourite coins, by CoinGecko id (migration 0002). */
export const favorites = pgTable(
  'favorites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    coinId: text('coin_id').notNull(),
    coinName: text('coin_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.coinId] })],
);

export type FavoriteRow = typeof favorites.$inferSelect;

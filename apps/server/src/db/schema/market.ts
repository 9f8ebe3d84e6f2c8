import { jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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

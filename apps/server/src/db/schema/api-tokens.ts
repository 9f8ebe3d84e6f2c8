import { bigint, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** A user's personal API tokens, each kept as the SHA-256 of its secret (migrations 0019, 0025). */
export const apiTokens = pgTable('api_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  /** Past it the token is refused (migration 0025). */
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  requestCount: bigint('request_count', { mode: 'number' }).notNull().default(0),
});

export type ApiTokenRow = typeof apiTokens.$inferSelect;

import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** A user's webhook endpoints; the signing secret is kept encrypted (migration 0020). */
export const webhooks = pgTable('webhooks', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  events: text('events').array().notNull(),
  secretEncrypted: text('secret_encrypted').notNull(),
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type WebhookRow = typeof webhooks.$inferSelect;

/** The signal class each analysed coin had at the last hourly close seen (migration 0020). */
export const signalClasses = pgTable('signal_classes', {
  symbol: text('symbol').primaryKey(),
  signal: text('signal').notNull(),
  strength: integer('strength').notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
});

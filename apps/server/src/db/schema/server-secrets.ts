import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Secrets all instances share (migration 0008): created once by the first instance to start. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users.ts';

/** Stripe events already applied: a redelivered event finds its id here and changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every plan change with where it came from, so a granted plan is told apart from a paid one. */
export const subscriptionChanges = pgTable(
  'subscription_changes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    // null once the account is deleted: the paid changes stay as anonymised billing records
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    source: text('source').$type<'stripe' | 'admin' | 'cli' | 'user'>().notNull(),
    plan: text('plan').notNull(),
    status: text('status').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('subscription_changes_user_id_idx').on(table.userId, table.createdAt)],
);

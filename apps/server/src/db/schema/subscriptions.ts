import { boolean, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * One row per user from registration on (plan 'free' until something else applies). Columns from
 * `stripe_customer_id` on come from migration 0003 (billing).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan').notNull().default('free'),
    status: text('status').notNull().default('active'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // one Stripe customer per user, created once at the first checkout
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    // a plan change waiting for the next billing cycle (legal copy: changes apply then)
    pendingPlan: text('pending_plan'),
    grantedByAdmin: boolean('granted_by_admin').notNull().default(false),
    grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [uniqueIndex('subscriptions_stripe_customer_id_key').on(table.stripeCustomerId)],
);

export type SubscriptionRow = typeof subscriptions.$inferSelect;

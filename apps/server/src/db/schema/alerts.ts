import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  AlertChannel,
  AlertConditionKey,
  AlertConditions,
  AlertEventDetail,
  AlertType,
  Currency,
} from '@farol/contract';
import { users } from './users.ts';

/** A user's alert (migrations 0005, 0021, 0027). */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').$type<AlertType>().notNull(),
    coinSymbol: text('coin_symbol').notNull(),
    coinName: text('coin_name').notNull(),
    conditions: jsonb('conditions').$type<AlertConditions>().notNull(),
    // the currency of the price thresholds (migration 0021)
    currency: text('currency').$type<Currency>().notNull().default('USD'),
    // where its firings go (migration 0027); null: every channel the owner has set up
    channels: jsonb('channels').$type<AlertChannel[]>(),
    isActive: boolean('is_active').notNull().default(true),
    // after a firing, the alert stays quiet this long (migration 0026)
    cooldownMinutes: integer('cooldown_minutes').notNull().default(15),
    // edge triggering: the condition keys true at the last check; a key fires when it enters this set
    metConditions: jsonb('met_conditions').$type<AlertConditionKey[]>().notNull().default([]),
    triggeredCount: integer('triggered_count').notNull().default(0),
    lastTriggered: timestamp('last_triggered', { withTimezone: true }),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('alerts_user_created_idx').on(table.userId, table.createdAt),
    // the live market's lookup of a coin's active price alerts on its ticks
    index('alerts_active_price_coin_idx')
      .on(table.coinSymbol)
      .where(sql`${table.isActive} and ${table.type} = 'preco'`),
  ],
);

export type AlertRow = typeof alerts.$inferSelect;

/** One firing of an alert: the value seen, the threshold crossed and when (migrations 0005, 0018). */
export const alertEvents = pgTable('alert_events', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  alertId: uuid('alert_id')
    .notNull()
    .references(() => alerts.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  condition: text('condition').$type<AlertConditionKey>().notNull(),
  observedValue: doublePrecision('observed_value').notNull(),
  threshold: doublePrecision('threshold').notNull(),
  // advanced conditions: the change's window, the signal's new class, the side of the level crossed
  detail: jsonb('detail').$type<AlertEventDetail>(),
  triggeredAt: timestamp('triggered_at', { withTimezone: true }).notNull(),
  // set when the daily digest summarising this firing was queued
  digestedAt: timestamp('digested_at', { withTimezone: true }),
});

export type AlertEventRow = typeof alertEvents.$inferSelect;

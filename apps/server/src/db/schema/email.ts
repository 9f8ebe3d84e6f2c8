import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const outboxStatuses = ['pending', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];

/**
 * How an outbox message leaves: e-mail over SMTP (`to_address` an address), Web Push (the endpoint), a
 * Telegram message (the chat id) or a signed webhook POST (the webhook's id; `template` the event type).
 */
export const outboxChannels = ['email', 'push', 'telegram', 'webhook'] as const;
export type OutboxChannel = (typeof outboxChannels)[number];

/**
 * The transactional outbox: a row is written in the same transaction as the change that causes the
 * message; a delivery worker per channel renders it and hands it to SMTP or to the browser's push service
 * (migrations 0005, 0016).
 */
export const emailOutbox = pgTable('email_outbox', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  channel: text('channel', { enum: outboxChannels }).notNull().default('email'),
  toAddress: text('to_address').notNull(),
  replyTo: text('reply_to'),
  template: text('template').notNull(),
  language: text('language').notNull(),
  // rendered at delivery; the Message-ID derives from id, so a repeat after a crash carries the same one
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  status: text('status', { enum: outboxStatuses }).notNull().default('pending'),
  /** Due rows are claimed highest first (migration 0028): a paying member's contact message is 1. */
  priority: integer('priority').notNull().default(0),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  /** Cut to the millisecond (migration 0029): the worker's clock compares at that precision. */
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true })
    .notNull()
    .default(sql`date_trunc('milliseconds', now())`),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});

export type EmailOutboxRow = typeof emailOutbox.$inferSelect;

/** Single-use password-reset tokens, stored as sha256 hashes (migration 0005). */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use e-mail verification tokens, stored as sha256 hashes (migration 0009). */
export const emailVerificationTokens = pgTable('email_verification_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

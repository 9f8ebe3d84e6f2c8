import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Preferences } from '@farol/contract';

export const users = pgTable('users', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  email: text('email').notNull(),
  // lower(email): e-mails are unique and compared case-insensitively
  emailNormalized: text('email_normalized').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  avatar: text('avatar'),
  preferences: jsonb('preferences').$type<Preferences>().notNull(),
  // bumped on password change/reset: tokens carrying an older version stop working
  tokenVersion: integer('token_version').notNull().default(0),
  isAdmin: boolean('is_admin').notNull().default(false),
  // set when the owner opens the verification link (migration 0009)
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  // when ADMIN_EMAILS made this user admin: granted once, so a later removal sticks
  adminGrantedAt: timestamp('admin_granted_at', { withTimezone: true }),
  language: text('language').notNull().default('pt-BR'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;

/** Signed-out sessions by token id, kept until the token would have expired. */
export const revokedSessions = pgTable(
  'revoked_sessions',
  {
    sessionId: uuid('session_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('revoked_sessions_expires_at_idx').on(table.expiresAt)],
);

import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ChatAiProvider, ChatMetadata, KeyProvider } from '@farol/contract';
import { users } from './users.ts';

// Mirrors migrations/0004_chat.sql.
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    response: text('response').notNull(),
    aiProvider: text('ai_provider').$type<ChatAiProvider>().notNull(),
    metadata: jsonb('metadata').$type<ChatMetadata>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('chat_messages_user_created_idx').on(table.userId, table.createdAt.desc())],
);

export type ChatMessageRow = typeof chatMessages.$inferSelect;

/** Conversations per user and São Paulo calendar day: clearing the history does not give them back. */
export const chatDailyUsage = pgTable(
  'chat_daily_usage',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    conversations: integer('conversations').notNull().default(0),
    /** Of those, the answers written with the operator's AI key (the plan's included allowance). */
    includedAnswers: integer('included_answers').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

export const userApiKeys = pgTable(
  'user_api_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<KeyProvider>().notNull(),
    encryptedKey: text('encrypted_key').notNull(),
    verified: boolean('verified').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.provider] })],
);

export type UserApiKeyRow = typeof userApiKeys.$inferSelect;

import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** A user's Telegram: the pending one-time link code (sha256), then the linked chat (migration 0017). */
export const telegramLinks = pgTable('telegram_links', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  chatId: text('chat_id').unique(),
  codeHash: text('code_hash').unique(),
  codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
  linkedAt: timestamp('linked_at', { withTimezone: true }),
});

export type TelegramLinkRow = typeof telegramLinks.$inferSelect;

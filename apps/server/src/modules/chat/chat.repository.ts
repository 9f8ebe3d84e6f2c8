import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { ChatAiProvider, ChatMetadata } from '@farol/contract';
import type { DbExecutor } from '../../db/client.ts';
import { chatDailyUsage, chatMessages, type ChatMessageRow } from '../../db/schema/chat.ts';

/** Farol's calendar day is Brasília's (alert e-mails go at 9h Brasília time; the daily chat limit too). */
export const CHAT_DAY_TIME_ZONE = 'America/Sao_Paulo';

/** The calendar day ("2025-03-04") containing `now` in `timeZone`. */
export function calendarDay(now: Date, timeZone = CHAT_DAY_TIME_ZONE): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/**
 * Conversations the user had today (calendar day in America/Sao_Paulo): one conversation is one user
 * message answered and stored. Counted apart from the messages, so clearing the history does not reset
 * it. Read by the chat limit and by GET /api/subscription/usage.
 */
export async function countConversationsToday(db: DbExecutor, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ conversations: chatDailyUsage.conversations })
    .from(chatDailyUsage)
    .where(and(eq(chatDailyUsage.userId, userId), eq(chatDailyUsage.day, calendarDay(now))));
  return row?.conversations ?? 0;
}

export type NewChatMessage = {
  userId: string;
  message: string;
  response: string;
  aiProvider: ChatAiProvider;
  metadata: ChatMetadata;
  createdAt: Date;
};

/**
 * Takes one of the day's conversations for the user, before any model is called: one statement, so parallel
 * requests can never take more than `limit` (-1: no limit). False when the day's conversations are used up.
 */
export async function takeChatSlot(
  db: DbExecutor,
  userId: string,
  now: Date,
  limit: number,
): Promise<boolean> {
  if (limit === 0) return false;
  const [row] = await db
    .insert(chatDailyUsage)
    .values({ userId, day: calendarDay(now), conversations: 1 })
    .onConflictDoUpdate({
      target: [chatDailyUsage.userId, chatDailyUsage.day],
      set: { conversations: sql`${chatDailyUsage.conversations} + 1` },
      ...(limit > 0 ? { setWhere: sql`${chatDailyUsage.conversations} < ${limit}` } : {}),
    })
    .returning({ conversations: chatDailyUsage.conversations });
  return row !== undefined;
}

/** Gives back a conversation taken at `takenAt` whose answer never came (an error, a closed connection). */
export async function returnChatSlot(db: DbExecutor, userId: string, takenAt: Date): Promise<void> {
  await db
    .update(chatDailyUsage)
    .set({ conversations: sql`greatest(${chatDailyUsage.conversations} - 1, 0)` })
    .where(and(eq(chatDailyUsage.userId, userId), eq(chatDailyUsage.day, calendarDay(takenAt))));
}

export async function insertChatMessage(db: DbExecutor, input: NewChatMessage): Promise<ChatMessageRow> {
  const [row] = await db.insert(chatMessages).values(input).returning();
  return row!;
}

export async function listChatMessages(
  db: DbExecutor,
  userId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: ChatMessageRow[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.userId, userId))
      .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(chatMessages).where(eq(chatMessages.userId, userId)),
  ]);
  return { rows, total: Number(totals?.total ?? 0) };
}

/** Erases the user's messages (the day's conversation count stays). */
export async function deleteChatMessages(db: DbExecutor, userId: string): Promise<number> {
  const deleted = await db
    .delete(chatMessages)
    .where(eq(chatMessages.userId, userId))
    .returning({ id: chatMessages.id });
  return deleted.length;
}

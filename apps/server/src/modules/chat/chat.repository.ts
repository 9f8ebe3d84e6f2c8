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

export type NewChatMessage = {
  userId: string;
  message: string;
  response: string;
  aiProvider: ChatAiProvider;
  metadata: ChatMetadata;
  createdAt: Date;
};

/**
 * What a user used today (calendar day in America/Sao_Paulo), one row per user and day: `conversations`,
 * one per user message answered and stored, and of those `includedAnswers`, the ones written with the
 * operator's AI key. Counted apart from the messages, so clearing the history does not reset them. Read by
 * the chat limits and by GET /api/subscription/usage.
 */
export type DailyCount = 'conversations' | 'includedAnswers';

export async function readDailyUsage(
  db: DbExecutor,
  userId: string,
  now: Date,
): Promise<Record<DailyCount, number>> {
  const [row] = await db
    .select({ conversations: chatDailyUsage.conversations, includedAnswers: chatDailyUsage.includedAnswers })
    .from(chatDailyUsage)
    .where(and(eq(chatDailyUsage.userId, userId), eq(chatDailyUsage.day, calendarDay(now))));
  return { conversations: row?.conversations ?? 0, includedAnswers: row?.includedAnswers ?? 0 };
}

export async function countConversationsToday(db: DbExecutor, userId: string, now: Date): Promise<number> {
  return (await readDailyUsage(db, userId, now)).conversations;
}

/**
 * Takes one of today's `counter` within `limit` (-1: no limit) in one statement, so concurrent requests
 * cannot pass the limit together. False when the limit is reached.
 */
export async function takeDaily(
  db: DbExecutor,
  counter: DailyCount,
  userId: string,
  now: Date,
  limit: number,
): Promise<boolean> {
  if (limit === 0) return false;
  const column = chatDailyUsage[counter];
  const [row] = await db
    .insert(chatDailyUsage)
    .values({ userId, day: calendarDay(now), [counter]: 1 })
    .onConflictDoUpdate({
      target: [chatDailyUsage.userId, chatDailyUsage.day],
      set: { [counter]: sql`${column} + 1` },
      ...(limit > 0 ? { setWhere: sql`${column} < ${limit}` } : {}),
    })
    .returning({ taken: column });
  return row !== undefined;
}

/** Gives back one of `counter` taken at `takenAt` whose answer never came (an error, a closed connection). */
export async function returnDaily(
  db: DbExecutor,
  counter: DailyCount,
  userId: string,
  takenAt: Date,
): Promise<void> {
  const column = chatDailyUsage[counter];
  await db
    .update(chatDailyUsage)
    .set({ [counter]: sql`greatest(${column} - 1, 0)` })
    .where(and(eq(chatDailyUsage.userId, userId), eq(chatDailyUsage.day, calendarDay(takenAt))));
}

export const takeChatSlot = (db: DbExecutor, userId: string, now: Date, limit: number) =>
  takeDaily(db, 'conversations', userId, now, limit);
export const returnChatSlot = (db: DbExecutor, userId: string, takenAt: Date) =>
  returnDaily(db, 'conversations', userId, takenAt);

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

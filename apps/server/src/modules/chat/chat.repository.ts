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
 * Stores an answered message and counts the conversation, unless the user already used `limit`
 * conversations today (-1: no limit). The per-user advisory lock makes check, count and insert one step,
 * so two answers finishing together cannot both slip under the limit. Undefined when the limit was reached.
 */
export async function insertChatMessageWithinLimit(
  db: DbExecutor,
  input: NewChatMessage,
  limit: number,
): Promise<ChatMessageRow | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chat:${input.userId}`}))`);
    if (limit >= 0 && (await countConversationsToday(tx, input.userId, input.createdAt)) >= limit)
      return undefined;
    await tx
      .insert(chatDailyUsage)
      .values({ userId: input.userId, day: calendarDay(input.createdAt), conversations: 1 })
      .onConflictDoUpdate({
        target: [chatDailyUsage.userId, chatDailyUsage.day],
        set: { conversations: sql`${chatDailyUsage.conversations} + 1` },
      });
    const [row] = await tx.insert(chatMessages).values(input).returning();
    return row;
  });
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

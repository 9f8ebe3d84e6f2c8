import crypto from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { TelegramLink, TelegramStatus } from '@farol/contract';
import { isLanguage, translate, type Language } from '@farol/i18n';
import type { Db, DbExecutor } from '../../db/client.ts';
import { telegramLinks } from '../../db/schema/telegram.ts';
import type { Actor } from '../../plugins/auth.ts';
import { enqueueAlertNotice, type AlertNoticeBudget } from '../email/email.outbox.ts';
import type { AlertFiringData } from '../email/templates/email-data.types.ts';
import type { TelegramClient } from './telegram.client.ts';
import { noticeAccessAdded, requireVerifiedAddress } from '../users/account-access.service.ts';
import { findUserById } from '../users/users.repository.ts';

/** A link code is good for this long; one pending code per user (a new one replaces it). */
export const LINK_CODE_TTL_MS = 15 * 60_000;
// no 0/O or 1/I: the code may be typed by hand
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const hashCode = (code: string) => crypto.createHash('sha256').update(code).digest('hex');

function newCode(): string {
  return Array.from(crypto.randomBytes(8), (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');
}

export type TelegramBot = { client: TelegramClient; username: string };

export async function telegramStatus(
  db: Db,
  bot: TelegramBot | undefined,
  actor: Actor,
): Promise<TelegramStatus> {
  const [row] = await db.select().from(telegramLinks).where(eq(telegramLinks.userId, actor.id));
  return { configured: Boolean(bot), linked: Boolean(row?.chatId), botUsername: bot?.username ?? null };
}

/** A one-time code (kept hashed) for `/start CODE`, and the t.me link that sends it to the bot. */
export async function startTelegramLink(
  db: Db,
  bot: TelegramBot,
  actor: Actor,
  now: Date,
): Promise<TelegramLink> {
  requireVerifiedAddress(actor);
  const code = newCode();
  const expiresAt = new Date(now.getTime() + LINK_CODE_TTL_MS);
  const pending = { codeHash: hashCode(code), codeExpiresAt: expiresAt };
  await db
    .insert(telegramLinks)
    .values({ userId: actor.id, ...pending })
    .onConflictDoUpdate({ target: telegramLinks.userId, set: pending });
  return { code, url: `https://t.me/${bot.username}?start=${code}`, expiresAt: expiresAt.toISOString() };
}

export async function unlinkTelegram(db: DbExecutor, userId: string): Promise<void> {
  await db.delete(telegramLinks).where(eq(telegramLinks.userId, userId));
}

type TelegramSender = { language_code?: string; username?: string; first_name?: string };
type TelegramUpdate = {
  message?: { text?: string; chat?: { id?: number | string }; from?: TelegramSender };
};

/** E-mails the owner which Telegram account now receives the alerts (its @username, else its first name). */
async function noticeTelegramLinked(db: Db, userId: string, sender: TelegramSender | undefined) {
  const owner = await findUserById(db, userId);
  if (!owner) return;
  const label = sender?.username ? `@${sender.username}` : (sender?.first_name ?? 'Telegram');
  await noticeAccessAdded(db, owner, 'telegram', label);
}

const languageOf = (code: string | undefined): Language => {
  if (code?.startsWith('pt')) return 'pt-BR';
  if (code && isLanguage(code.slice(0, 2))) return code.slice(0, 2) as Language;
  return 'pt-BR';
};

/**
 * An update Telegram delivered to the webhook: `/start CODE` with a pending, unexpired code links that chat
 * to the code's user and the bot says so; a chat already linked to another account keeps that link (and
 * the code stays pending) and the bot says how to move it; anything else gets a short hint. The answer
 * goes out at once (not through the outbox): it only acknowledges what the user just did.
 */
export async function handleTelegramUpdate(db: Db, bot: TelegramBot, update: TelegramUpdate, now: Date) {
  const chatId = update.message?.chat?.id;
  if (chatId === undefined) return;
  const language = languageOf(update.message?.from?.language_code);
  const code = /^\/start\s+([A-Z0-9]{6,12})\s*$/.exec(update.message?.text?.trim() ?? '')?.[1];
  const outcome = code ? await linkChat(db, hashCode(code), String(chatId), now) : undefined;
  if (outcome?.status === 'linked') await noticeTelegramLinked(db, outcome.userId, update.message?.from);
  const key = outcome ? `telegram.${outcome.status}` : 'telegram.howToLink';
  await bot.client
    .call('sendMessage', { chat_id: chatId, text: translate(language, `email:${key}`) })
    .catch(() => undefined);
}

/** Links `chatId` to the user whose pending code hashes to `codeHash`; a chat belongs to one account. */
async function linkChat(
  db: Db,
  codeHash: string,
  chatId: string,
  now: Date,
): Promise<{ status: 'linked'; userId: string } | { status: 'codeInvalid' | 'chatTaken' }> {
  const pendingCode = and(eq(telegramLinks.codeHash, codeHash), gt(telegramLinks.codeExpiresAt, now));
  const [pending] = await db.select({ userId: telegramLinks.userId }).from(telegramLinks).where(pendingCode);
  if (!pending) return { status: 'codeInvalid' };
  const [holder] = await db
    .select({ userId: telegramLinks.userId })
    .from(telegramLinks)
    .where(eq(telegramLinks.chatId, chatId));
  if (holder && holder.userId !== pending.userId) return { status: 'chatTaken' };
  try {
    const [linked] = await db
      .update(telegramLinks)
      .set({ chatId, codeHash: null, codeExpiresAt: null, linkedAt: now })
      .where(pendingCode)
      .returning({ userId: telegramLinks.userId });
    return linked ? { status: 'linked', userId: linked.userId } : { status: 'codeInvalid' };
  } catch (error) {
    // another account took the chat between the check and the update
    if (isUniqueViolation(error)) return { status: 'chatTaken' };
    throw error;
  }
}

/** PostgreSQL's unique_violation, from node-postgres or PGlite, bare or wrapped by Drizzle. */
const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  ((error as { code?: unknown }).code === '23505' || isUniqueViolation((error as { cause?: unknown }).cause));

/** Queues an alert firing to the user's linked chat, if any, in the caller's transaction (within the budget). */
export async function enqueueAlertTelegram(
  tx: DbExecutor,
  notice: { userId: string; language: string; data: AlertFiringData & { name: string } },
  budget: AlertNoticeBudget,
): Promise<boolean> {
  const [row] = await tx.select().from(telegramLinks).where(eq(telegramLinks.userId, notice.userId));
  if (!row?.chatId) return false;
  await enqueueAlertNotice(
    tx,
    {
      channel: 'telegram',
      userId: notice.userId,
      to: row.chatId,
      language: notice.language,
      data: notice.data,
    },
    budget,
  );
  return true;
}

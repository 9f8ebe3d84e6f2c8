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

type TelegramUpdate = {
  message?: { text?: string; chat?: { id?: number | string }; from?: { language_code?: string } };
};

const languageOf = (code: string | undefined): Language => {
  if (code?.startsWith('pt')) return 'pt-BR';
  if (code && isLanguage(code.slice(0, 2))) return code.slice(0, 2) as Language;
  return 'pt-BR';
};

/**
 * An update Telegram delivered to the webhook: `/start CODE` with a pending, unexpired code links that chat
 * to the code's user and the bot says so; anything else gets a short hint. The answer goes out at once (not
 * through the outbox): it only acknowledges what the user just did.
 */
export async function handleTelegramUpdate(db: Db, bot: TelegramBot, update: TelegramUpdate, now: Date) {
  const chatId = update.message?.chat?.id;
  if (chatId === undefined) return;
  const language = languageOf(update.message?.from?.language_code);
  const code = /^\/start\s+([A-Z0-9]{6,12})\s*$/.exec(update.message?.text?.trim() ?? '')?.[1];
  const linked = code
    ? await db
        .update(telegramLinks)
        .set({ chatId: String(chatId), codeHash: null, codeExpiresAt: null, linkedAt: now })
        .where(and(eq(telegramLinks.codeHash, hashCode(code)), gt(telegramLinks.codeExpiresAt, now)))
        .returning({ userId: telegramLinks.userId })
    : [];
  const key = linked.length > 0 ? 'telegram.linked' : code ? 'telegram.codeInvalid' : 'telegram.howToLink';
  await bot.client
    .call('sendMessage', { chat_id: chatId, text: translate(language, `email:${key}`) })
    .catch(() => undefined);
}

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

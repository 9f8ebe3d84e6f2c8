import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import type { EmailOutboxRow } from '../../db/schema/email.ts';
import { telegramLinks } from '../../db/schema/telegram.ts';
import {
  drainOutbox,
  nextAttemptAt,
  type DeliveryOutcome,
  type OutboxPassReport,
} from '../email/email.delivery.ts';
import { markEmailAttemptFailed, markEmailSent } from '../email/email.outbox.ts';
import { renderChannelNotice } from '../email/templates/email-templates.ts';
import { TelegramError, type TelegramClient } from './telegram.client.ts';

export type TelegramDeliveryContext = {
  db: DbExecutor;
  client: TelegramClient;
  appUrl: string;
  now: () => Date;
  log?: FastifyBaseLogger;
};

export type TelegramDeliveryReport = OutboxPassReport;

const LEASE_MS = 60_000;

/** The alert as one message: what happened, the value seen, and the way to the alerts page. */
function alertText(row: EmailOutboxRow, appUrl: string): string {
  const notice = renderChannelNotice(row.template, row.language, row.data);
  return `${notice.title}\n${notice.body}\n${new URL(notice.url, appUrl).toString()}`;
}

// The user blocked the bot or the chat is gone: nothing will ever arrive there.
const isChatGone = (error: unknown) =>
  error instanceof TelegramError && (error.status === 403 || /chat not found/i.test(error.message));

async function deliverClaimed(
  context: TelegramDeliveryContext,
  row: EmailOutboxRow,
): Promise<DeliveryOutcome> {
  try {
    await context.client.call('sendMessage', {
      chat_id: row.toAddress,
      text: alertText(row, context.appUrl),
    });
    await markEmailSent(context.db, row.id, context.now());
    return 'sent';
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    if (isChatGone(error)) {
      await context.db.delete(telegramLinks).where(eq(telegramLinks.chatId, row.toAddress));
      await markEmailAttemptFailed(context.db, row.id, message, undefined);
      return 'failed';
    }
    const now = context.now();
    // Telegram says how long to wait when it limits the bot
    const retryAt =
      error instanceof TelegramError && error.retryAfterSeconds !== undefined
        ? new Date(now.getTime() + error.retryAfterSeconds * 1000)
        : nextAttemptAt(row, now);
    await markEmailAttemptFailed(context.db, row.id, message, retryAt);
    context.log?.warn({ outboxId: row.id, attempts: row.attempts, err: message }, 'telegram delivery failed');
    return retryAt ? 'retrying' : 'failed';
  }
}

/** One pass of the Telegram worker over the outbox's due Telegram messages. */
export const deliverDueTelegram = (context: TelegramDeliveryContext): Promise<TelegramDeliveryReport> =>
  drainOutbox({ db: context.db, now: context.now, channel: 'telegram', leaseMs: LEASE_MS }, (row) =>
    deliverClaimed(context, row),
  );

import type { FastifyInstance } from 'fastify';
import { createOutboxPasses } from '../../lib/outbox-passes.ts';
import { loadOrCreateSharedSecret } from '../../lib/secrets.ts';
import { createTelegramClient } from './telegram.client.ts';
import { deliverDueTelegram, type TelegramDeliveryReport } from './telegram.delivery.ts';
import type { TelegramBot } from './telegram.service.ts';

/** The Telegram channel as the app uses it; `bot()` is undefined without TELEGRAM_BOT_TOKEN. */
export type TelegramChannel = {
  bot: () => Promise<TelegramBot | undefined>;
  /** What Telegram must send in `X-Telegram-Bot-Api-Secret-Token` (set with the webhook). */
  webhookSecret: string;
  deliverDue: () => Promise<TelegramDeliveryReport>;
  kick: () => void;
};

const NO_DELIVERY: TelegramDeliveryReport = { claimed: 0, sent: 0, retrying: 0, failed: 0 };

/**
 * Decorates `app.telegram`. With a bot token the bot's name is read once (getMe, retried until it
 * answers) and, when APP_URL is HTTPS, the webhook is set to APP_URL/api/telegram/webhook with the shared
 * secret; Telegram accepts no other webhook.
 */
export async function registerTelegram(app: FastifyInstance): Promise<void> {
  const token = app.config.TELEGRAM_BOT_TOKEN;
  const webhookSecret = await loadOrCreateSharedSecret(app.db, app.encryption, 'telegram-webhook-secret');
  const client = token ? createTelegramClient(app.config, token) : undefined;
  let bot: Promise<TelegramBot> | undefined;
  const readBot = () => {
    bot ??= client!
      .call<{ username: string }>('getMe')
      .then((me) => ({ client: client!, username: me.username }))
      .catch((error: unknown) => {
        bot = undefined;
        throw error;
      });
    return bot;
  };
  let isClosing = false;
  const passes = createOutboxPasses<TelegramDeliveryReport>({
    deliver: async () =>
      client
        ? deliverDueTelegram({ db: app.db, client, appUrl: app.config.APP_URL, now: app.now, log: app.log })
        : NO_DELIVERY,
    onError: (error) => app.log.warn({ err: error }, 'telegram delivery pass failed'),
    isClosing: () => isClosing,
  });
  app.decorate('telegram', {
    bot: async () => (client ? readBot() : undefined),
    webhookSecret,
    deliverDue: passes.run,
    kick: passes.kick,
  } satisfies TelegramChannel);
  if (client && app.config.APP_URL.startsWith('https://'))
    app.addHook('onReady', async () => {
      const url = new URL('/api/telegram/webhook', app.config.APP_URL).toString();
      await client
        .call('setWebhook', { url, secret_token: webhookSecret, allowed_updates: ['message'] })
        .catch((error: unknown) => app.log.warn({ err: error }, 'telegram: webhook not set'));
    });
  app.addHook('onClose', async () => {
    isClosing = true;
    await passes.idle();
  });
}

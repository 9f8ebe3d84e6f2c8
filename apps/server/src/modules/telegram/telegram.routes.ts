import {
  messageResponseSchema,
  telegramLinkResponseSchema,
  telegramStatusResponseSchema,
} from '@farol/contract';
import { translate } from '@farol/i18n';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { isSameSecret } from '../../lib/secrets.ts';
import {
  handleTelegramUpdate,
  startTelegramLink,
  telegramStatus,
  unlinkTelegram,
} from './telegram.service.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];

const tags = ['telegram'];

/** /api/telegram…: a user links a chat with a one-time code, and Telegram delivers the bot's updates. */
export const telegramRoutes: FastifyPluginAsyncZod = async (app) => {
  registerLinking(app);
  registerWebhook(app);
};

function registerLinking(app: App) {
  app.get(
    '/',
    {
      config: { access: 'user' },
      schema: {
        tags,
        operationId: 'getTelegramStatus',
        summary: 'Whether a bot is set up and this user linked',
        response: { 200: telegramStatusResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await telegramStatus(app.db, await app.telegram.bot().catch(() => undefined), request.user!),
    }),
  );
  app.post(
    '/link',
    {
      config: { access: 'user', errors: ['telegram_unavailable', 'email_not_verified'] },
      schema: {
        tags,
        operationId: 'createTelegramLinkCode',
        summary: 'A one-time code to link a Telegram chat (15 minutes)',
        response: { 200: telegramLinkResponseSchema },
      },
    },
    async (request) => {
      const bot = await app.telegram.bot().catch(() => undefined);
      if (!bot) throw new AppError('telegram_unavailable');
      return { success: true as const, data: await startTelegramLink(app.db, bot, request.user!, app.now()) };
    },
  );
  app.delete(
    '/link',
    {
      config: { access: 'user' },
      schema: {
        tags,
        operationId: 'unlinkTelegram',
        summary: 'Stop alerts to the linked Telegram chat',
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await unlinkTelegram(app.db, request.user!.id);
      return { message: translate(request.language, 'settings:telegram.unlinked') };
    },
  );
}

/** Telegram's updates, accepted only with the secret token set with the webhook. */
function registerWebhook(app: App) {
  app.post(
    '/webhook',
    {
      config: { access: 'public', errors: ['forbidden', 'telegram_unavailable'] },
      schema: {
        tags,
        operationId: 'receiveTelegramUpdate',
        summary: "Telegram's updates for the bot (X-Telegram-Bot-Api-Secret-Token required)",
        body: z.looseObject({}),
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      if (!isSameSecret(request.headers['x-telegram-bot-api-secret-token'], app.telegram.webhookSecret))
        throw new AppError('forbidden');
      const bot = await app.telegram.bot().catch(() => undefined);
      if (bot) await handleTelegramUpdate(app.db, bot, request.body, app.now());
      return { ok: true as const };
    },
  );
}

import { z } from 'zod';
import { envelope } from './common.ts';

/** GET /api/telegram: whether the operator set a bot up, and whether this user's chat is linked. */
export const telegramStatusResponseSchema = envelope(
  z.object({ configured: z.boolean(), linked: z.boolean(), botUsername: z.string().nullable() }),
);
export type TelegramStatus = z.infer<typeof telegramStatusResponseSchema>['data'];

/** POST /api/telegram/link: a one-time code to send the bot (`/start CODE`), and the link that sends it. */
export const telegramLinkResponseSchema = envelope(
  z.object({ code: z.string(), url: z.string(), expiresAt: z.string() }),
);
export type TelegramLink = z.infer<typeof telegramLinkResponseSchema>['data'];

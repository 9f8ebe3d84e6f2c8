import type { Config } from '../../config.ts';
import { deliveryLimits, sendOutbound } from '../../lib/outbound-request.ts';

/** A Bot API answer other than ok: its HTTP status, Telegram's description and, on 429, when to retry. */
export class TelegramError extends Error {
  constructor(
    readonly status: number,
    description: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(`Telegram ${status}: ${description}`);
  }
}

export type TelegramClient = {
  call: <T = unknown>(method: string, body?: Record<string, unknown>) => Promise<T>;
};

/**
 * The Bot API over HTTPS (TELEGRAM_API_BASE for tests), JSON in and out, each call within the delivery deadline
 * and its answer read up to the size cap (a Bot API answer is a few hundred bytes).
 */
export function createTelegramClient(config: Config, token: string): TelegramClient {
  return {
    async call<T>(method: string, body: Record<string, unknown> = {}) {
      const response = await sendOutbound(new URL(`${config.TELEGRAM_API_BASE}/bot${token}/${method}`), {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        limits: deliveryLimits(config),
      });
      const ok = response.status >= 200 && response.status < 300;
      const answer = (() => {
        try {
          return JSON.parse(response.body.toString('utf8')) as unknown;
        } catch {
          return {};
        }
      })() as {
        ok?: boolean;
        result?: T;
        description?: string;
        parameters?: { retry_after?: number };
      };
      if (!ok || !answer.ok)
        throw new TelegramError(
          response.status,
          answer.description ?? 'no description',
          answer.parameters?.retry_after,
        );
      return answer.result as T;
    },
  };
}

import type { Config } from '../../config.ts';

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

/** The Bot API over HTTPS (TELEGRAM_API_BASE for tests), JSON in and out, with the upstream time limit. */
export function createTelegramClient(config: Config, token: string): TelegramClient {
  return {
    async call<T>(method: string, body: Record<string, unknown> = {}) {
      const response = await fetch(`${config.TELEGRAM_API_BASE}/bot${token}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(config.UPSTREAM_TIMEOUT_MS),
      });
      const answer = (await response.json().catch(() => ({}))) as {
        ok?: boolean;
        result?: T;
        description?: string;
        parameters?: { retry_after?: number };
      };
      if (!response.ok || !answer.ok)
        throw new TelegramError(
          response.status,
          answer.description ?? 'no description',
          answer.parameters?.retry_after,
        );
      return answer.result as T;
    },
  };
}

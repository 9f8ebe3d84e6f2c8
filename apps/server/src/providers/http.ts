import type { z } from 'zod';
import { createMemoryBudgetStore, type UpstreamBudgetStore } from './upstream-budget.ts';

/** How an upstream call failed; the market service and the error handler act on the kind only. */
export type UpstreamErrorKind = 'rate_limit' | 'server_error' | 'api_error' | 'network_error';

export class UpstreamError extends Error {
  readonly kind: UpstreamErrorKind;
  readonly provider: string;
  readonly status: number | undefined;
  /** From `Retry-After` on 429/418, or our own budget's wait. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    provider: string,
    kind: UpstreamErrorKind,
    detail: string,
    options: { status?: number; retryAfterSeconds?: number } = {},
  ) {
    super(`${provider} ${kind}: ${detail}`);
    this.name = 'UpstreamError';
    this.provider = provider;
    this.kind = kind;
    this.status = options.status;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const isUpstreamError = (error: unknown): error is UpstreamError => error instanceof UpstreamError;

/** `Retry-After` is either delta-seconds or an HTTP date. */
export function parseRetryAfter(header: string | null, nowMs: number): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - nowMs) / 1000));
}

export type UpstreamRequest = {
  provider: string;
  url: string;
  timeoutMs: number;
  headers?: Record<string, string>;
};

/**
 * GETs JSON and validates it at the edge. Every failure becomes an UpstreamError of one kind:
 * 429/418 rate_limit (Binance answers 418 once it has banned the IP), 5xx server_error, any other
 * non-OK or an unparseable/invalid body api_error, and no answer at all (refused, DNS, timeout) network_error.
 */
export async function fetchUpstreamJson<T extends z.ZodType>(
  request: UpstreamRequest,
  schema: T,
): Promise<z.infer<T>> {
  const { provider, url, timeoutMs } = request;
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json', ...request.headers },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const reason =
      (error as Error).name === 'TimeoutError' ? `timeout after ${timeoutMs} ms` : describeCause(error);
    throw new UpstreamError(provider, 'network_error', reason);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new UpstreamError(provider, 'network_error', `body: ${describeCause(error)}`, {
      status: response.status,
    });
  }
  if (response.status === 429 || response.status === 418) {
    throw new UpstreamError(provider, 'rate_limit', `HTTP ${response.status}`, {
      status: response.status,
      retryAfterSeconds: parseRetryAfter(response.headers.get('retry-after'), Date.now()),
    });
  }
  if (response.status >= 500) {
    throw new UpstreamError(provider, 'server_error', `HTTP ${response.status}`, { status: response.status });
  }
  if (!response.ok) {
    throw new UpstreamError(provider, 'api_error', `HTTP ${response.status}: ${text.slice(0, 200)}`, {
      status: response.status,
    });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UpstreamError(provider, 'api_error', 'body is not JSON', { status: response.status });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UpstreamError(
      provider,
      'api_error',
      `unexpected body at ${issue?.path.join('.') ?? '?'}: ${issue?.message ?? ''}`,
      {
        status: response.status,
      },
    );
  }
  return parsed.data;
}

function describeCause(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message ?? 'unknown';
}

/**
 * Per-provider upstream budget: a token bucket (`callsPerMinute`, refilled continuously) so Farol never
 * causes the vendor's 429 itself, and a cool-down honouring the vendor's `Retry-After` so a rate-limited
 * provider is not called again before it allows (Binance bans IPs that keep calling after a 429). Both live
 * in `store`: this process by default, Redis when instances share one budget.
 */
export function createUpstreamGate(options: {
  provider: string;
  callsPerMinute: number;
  now: () => number;
  store?: UpstreamBudgetStore;
}) {
  const store = options.store ?? createMemoryBudgetStore();
  const bucket = { provider: options.provider, callsPerMinute: options.callsPerMinute };
  let calls = 0;
  let weights = 0;

  return {
    provider: options.provider,
    /** Runs one upstream call of `weight` budget units when the budget allows, else throws rate_limit without calling. */
    run: async <T>(call: () => Promise<T>, weight = 1): Promise<T> => {
      const refusal = await store.take(bucket, options.now(), weight);
      if (refusal) {
        const detail =
          refusal.reason === 'cooling_down'
            ? 'cooling down after the vendor rate limit'
            : 'local call budget exhausted';
        throw new UpstreamError(options.provider, 'rate_limit', detail, {
          retryAfterSeconds: Math.ceil(refusal.retryAfterMs / 1000),
        });
      }
      calls += 1;
      weights += weight;
      try {
        return await call();
      } catch (error) {
        if (isUpstreamError(error) && error.kind === 'rate_limit') {
          const time = options.now();
          await store.block(options.provider, time + (error.retryAfterSeconds ?? 60) * 1000, time);
        }
        throw error;
      }
    },
    /** Upstream calls this process actually made (metrics and the budget benchmark). */
    callCount: () => calls,
    /** Budget units (request weight for Binance) those calls took. */
    weightCount: () => weights,
  };
}

export type UpstreamGate = ReturnType<typeof createUpstreamGate>;

import type { ErrorCode } from '@farol/contract';

/**
 * The one error type services throw. `params` fill the translated message's `{{markers}}`;
 * `body` adds fields to the error answer (e.g. `requiresUpgrade: true`).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly params: Record<string, unknown>;
  readonly body: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    params: Record<string, unknown> = {},
    body: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.params = params;
    this.body = body;
    this.headers = headers;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** What a call that reads market data through the shared cache can answer when the upstreams fail it. */
export const upstreamErrorCodes = [
  'upstream_unavailable',
  'upstream_bad_response',
  'upstream_rate_limited',
] as const satisfies readonly ErrorCode[];

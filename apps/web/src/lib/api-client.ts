import type { errorBodySchema } from '@farol/contract';
import { currentLanguage, i18n } from './i18n.ts';
import { readToken } from './session.ts';

/** Every failed call: HTTP status (0 for network), the server's error code, and a message ready for a toast. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly body: unknown;
  /** Whether the request carried a bearer token (a 401 then means the session expired). */
  readonly hadToken: boolean;

  constructor(init: { status: number; code: string; message: string; body?: unknown; hadToken?: boolean }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.body = init.body;
    this.hadToken = init.hadToken ?? false;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Any contract (zod) schema: only `safeParse` is needed, so the web does not depend on zod itself. */
export type ResponseSchema<T> = {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
};

type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Contract schema of the success answer; the answer is parsed (and typed) with it. */
  schema?: ResponseSchema<T>;
  signal?: AbortSignal;
};

/** The single fetch wrapper of the web app: same origin, bearer token, caller's language, JSON. */
export async function apiRequest<T = unknown>(url: string, options: RequestOptions<T> = {}): Promise<T> {
  const token = readToken();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError({ status: 0, code: 'network', message: i18n.t('errors:network'), hadToken: !!token });
  }

  const body = await readBody(response);
  if (!response.ok) throw toApiError(response.status, body, !!token);
  if (!options.schema) return body as T;
  const parsed = options.schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError({
      status: response.status,
      code: 'invalid_response',
      message: i18n.t('common:states.error'),
      body,
      hadToken: !!token,
    });
  }
  return parsed.data;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Maps an error answer to an ApiError. The server already translated `message` into the caller's
 * language; field errors (`errors[]`) are joined by commas as the spec's error catalogue asks.
 */
export function toApiError(status: number, body: unknown, hadToken = false): ApiError {
  if (!isErrorBody(body)) {
    return new ApiError({
      status,
      code: 'http_error',
      message: i18n.t('errors:http_status', { status }),
      body,
      hadToken,
    });
  }
  const fieldMessages = body.errors?.map((error) => error.message).filter(Boolean) ?? [];
  const message = fieldMessages.length > 0 ? fieldMessages.join(', ') : body.message;
  return new ApiError({ status, code: body.code, message, body, hadToken });
}

type ErrorBody = ReturnType<typeof errorBodySchema.parse>;

/**
 * The fields of the contract's error body that the client reads, checked by hand: this module is on every
 * page's first load and zod would add ~30 KB gzip to it (landing budget).
 */
function isErrorBody(body: unknown): body is ErrorBody {
  if (typeof body !== 'object' || body === null) return false;
  const { code, message, errors } = body as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string') return false;
  return (
    errors === undefined ||
    (Array.isArray(errors) &&
      errors.every(
        (error) =>
          typeof error === 'object' &&
          error !== null &&
          typeof (error as { message?: unknown }).message === 'string',
      ))
  );
}

import http from 'node:http';
import type { Duplex } from 'node:stream';
import { errorCodes, type ErrorCode } from '@farol/contract';
import { hasTranslation, translate, type Language } from '@farol/i18n';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isAppError } from '../lib/app-error.ts';

/** The one table from error code to HTTP status. */
export const statusByCode = {
  validation_failed: 400,
  bad_request: 400,
  unauthorized: 401,
  session_expired: 401,
  forbidden: 403,
  not_found: 404,
  route_not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  too_many_requests: 429,
  internal_error: 500,
  service_unavailable: 503,
  invalid_credentials: 401,
  email_taken: 409,
  password_mismatch: 400,
  password_too_weak: 400,
  wrong_current_password: 400,
  invalid_reset_token: 400,
  invalid_verification_token: 400,
  email_not_verified: 403,
  verification_proof_required: 403,
  verification_password_incorrect: 403,
  plan_required: 403,
  analysis_requires_pro: 403,
  search_requires_pro: 403,
  signal_requires_upgrade: 403,
  admin_required: 403,
  unknown_coin: 400,
  coin_not_found: 404,
  unknown_symbol: 404,
  coin_without_pair: 404,
  upstream_rate_limited: 429,
  upstream_unavailable: 503,
  // Not 5xx on purpose: the web tells api_error (other non-OK) apart from server_error (>= 500).
  upstream_bad_response: 424,
  stream_limit_reached: 429,
  payments_unavailable: 503,
  plan_already_active: 409,
  login_required_to_subscribe: 401,
  no_active_subscription: 409,
  invalid_webhook_signature: 400,
  billing_provider_error: 502,
  nothing_to_refund: 409,
  chat_limit_reached: 429,
  chat_busy: 429,
  api_key_required: 400,
  api_key_rejected: 400,
  // the request is fine; the key stored earlier no longer opens (ENCRYPTION_KEY changed): enter it again
  api_key_unreadable: 409,
  ai_provider_unavailable: 503,
  ai_quota_exceeded: 429,
  message_empty: 400,
  message_too_long: 400,
  alert_limit_reached: 403,
  alert_not_found: 404,
  advanced_alerts_require_pro: 403,
  email_rate_limited: 429,
  email_recipient_forbidden: 403,
  push_endpoint_refused: 400,
  telegram_unavailable: 503,
  unknown_job: 404,
  api_tokens_require_pro: 403,
  api_token_limit_reached: 403,
  api_token_not_found: 404,
  api_token_invalid: 401,
  api_token_read_only: 403,
  webhooks_require_pro: 403,
  webhook_limit_reached: 403,
  webhook_not_found: 404,
  webhook_url_refused: 400,
  webhook_url_invalid: 400,
  webhook_host_unresolved: 400,
} satisfies Record<ErrorCode, number>;

export const errorMessage = (language: Language, code: ErrorCode, params: Record<string, unknown> = {}) =>
  translate(language, `errors:${code}`, params);

type ValidationIssue = {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: Record<string, unknown>;
};

function describeIssue(language: Language, issue: ValidationIssue) {
  const field = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const fieldLabel = field || 'body';
  const key = `errors:validation.${issue.message ?? ''}`;
  let message: string;
  if (issue.message && /^[a-z_]+$/.test(issue.message) && hasTranslation(key)) {
    message = translate(language, key);
  } else if (issue.keyword === 'invalid_type' && /received undefined/.test(issue.message ?? '')) {
    message = translate(language, 'errors:validation.required', { field: fieldLabel });
  } else if (issue.keyword === 'unrecognized_keys') {
    const keys = (issue.params?.keys as string[] | undefined)?.join(', ') ?? '';
    message = translate(language, 'errors:validation.unrecognized_keys', { keys });
  } else if (issue.keyword && ['too_small', 'too_big', 'invalid_type'].includes(issue.keyword)) {
    message = translate(language, `errors:validation.${issue.keyword}`, { field: fieldLabel });
  } else {
    message = translate(language, 'errors:validation.invalid', { field: fieldLabel });
  }
  return field ? { message, field } : { message };
}

/** Maps Fastify's own 4xx errors (bad JSON, body too large, wrong content type) onto our codes. */
function codeForFastifyError(error: FastifyError): ErrorCode | undefined {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'payload_too_large';
  if (error.statusCode === 429) return 'too_many_requests';
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return 'bad_request';
  return undefined;
}

/** The status Node's parser means by a client error it stops at: a request too slow, headers too large, other. */
const clientErrorStatus = (code: string | undefined) =>
  code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;

/**
 * Answers a request Node's HTTP parser refused before Fastify saw it (headers or a URL past the size limit,
 * headers too slow, malformed HTTP) in the one error shape. Its headers were never read, so the message is in
 * the default language.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = clientErrorStatus(error.code);
  const body = JSON.stringify({ code: 'bad_request', message: errorMessage('pt-BR', 'bad_request') });
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(error);
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = request.language ?? 'pt-BR';
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = (error.validation as ValidationIssue[]).map((issue) => describeIssue(language, issue));
      return reply.status(400).send({
        code: 'validation_failed',
        message: errors[0]?.message ?? errorMessage(language, 'validation_failed'),
        errors,
      });
    }
    if (isAppError(error)) {
      const status = statusByCode[error.code];
      if (status >= 500) request.log.warn({ code: error.code, params: error.params }, 'service error');
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      return reply.status(status).send({
        ...error.body,
        code: error.code,
        message: errorMessage(language, error.code, error.params),
      });
    }
    const code = codeForFastifyError(error);
    if (code) {
      const status = code === 'payload_too_large' ? 413 : (error.statusCode ?? 400);
      return reply.status(status).send({ code, message: errorMessage(language, code, { seconds: 60 }) });
    }
    // Unknown error: log it with the request id, answer without any detail.
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ code: 'internal_error', message: errorMessage(language, 'internal_error') });
  });
}

export const isErrorCode = (value: string): value is ErrorCode =>
  (errorCodes as readonly string[]).includes(value);

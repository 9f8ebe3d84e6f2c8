/**
 * Stable error codes of the Farol API. Every error body is `{ code, message, errors? }`;
 * the server maps each code to an HTTP status in one table (apps/server/src/plugins/error-handler.ts)
 * and its translated message lives in packages/i18n under `errors.<code>`.
 */
export const errorCodes = [
  // generic
  'validation_failed',
  'bad_request',
  'unauthorized',
  'session_expired',
  'forbidden',
  'not_found',
  'route_not_found',
  'conflict',
  'payload_too_large',
  'too_many_requests',
  'internal_error',
  'service_unavailable',
  // accounts
  'invalid_credentials',
  'email_taken',
  'password_mismatch',
  'password_too_weak',
  'wrong_current_password',
  'invalid_reset_token',
  'invalid_verification_token',
  'email_not_verified',
  'verification_proof_required',
  'verification_password_incorrect',
  // plans and entitlements
  'plan_required',
  'analysis_requires_pro',
  'search_requires_pro',
  'signal_requires_upgrade',
  'admin_required',
  // market data
  'unknown_coin',
  'coin_not_found',
  'unknown_symbol',
  'coin_without_pair',
  'upstream_rate_limited',
  'upstream_unavailable',
  'upstream_bad_response',
  'stream_limit_reached',
  // billing
  'payments_unavailable',
  'plan_already_active',
  'login_required_to_subscribe',
  'no_active_subscription',
  'invalid_webhook_signature',
  'billing_provider_error',
  'nothing_to_refund',
  // chat and api keys
  'chat_limit_reached',
  'chat_busy',
  'api_key_required',
  'api_key_rejected',
  'api_key_unreadable',
  'ai_provider_unavailable',
  'ai_quota_exceeded',
  'message_empty',
  'message_too_long',
  // alerts
  'alert_limit_reached',
  'alert_not_found',
  'advanced_alerts_require_pro',
  // e-mail
  'email_rate_limited',
  'email_recipient_forbidden',
  // notifications
  'push_endpoint_refused',
  'telegram_unavailable',
  // jobs
  'unknown_job',
  // personal API tokens
  'api_tokens_require_pro',
  'api_token_limit_reached',
  'api_token_not_found',
  'api_token_invalid',
  'api_token_read_only',
  // webhooks
  'webhooks_require_pro',
  'webhook_limit_reached',
  'webhook_not_found',
  'webhook_url_refused',
  'webhook_url_invalid',
  'webhook_host_unresolved',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** The body of every non-2xx answer. */
export type ErrorBody = {
  code: ErrorCode;
  message: string;
  errors?: { message: string; field?: string }[];
  [extra: string]: unknown;
};

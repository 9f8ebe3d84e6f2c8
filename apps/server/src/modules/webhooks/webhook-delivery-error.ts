import { webhookDeliveryErrorCodes, type WebhookDeliveryErrorCode } from '@farol/contract';
import { AppError } from '../../lib/app-error.ts';
import { OutboundDeadlineError } from '../../lib/outbound-request.ts';

/**
 * A failed attempt is stored as `[code] raw text` in the outbox's `last_error` (no new column: the raw text
 * stays readable in the database and in logs), and read back as the code the page translates plus the text.
 */
export const storedDeliveryError = (code: WebhookDeliveryErrorCode, detail: string) =>
  `[${code}] ${detail}`.slice(0, 500);

const TLS_CODE = /^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|HOSTNAME_MISMATCH|ERR_CERT)/;

/** The code of an error thrown while sending: Node's error codes, the address checks', the deadline's. */
export function deliveryErrorCode(error: unknown): WebhookDeliveryErrorCode {
  if (error instanceof OutboundDeadlineError) return 'timeout';
  if (error instanceof AppError) {
    if (error.code === 'webhook_host_unresolved') return 'dns';
    if (error.code === 'webhook_url_refused') return 'private_address';
    return 'unknown';
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  if (code === 'ECONNREFUSED' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'refused';
  if (code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT') return 'timeout';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'dns';
  if (code === 'ECONNRESET' || code === 'EPIPE') return 'reset';
  // EPROTO is OpenSSL's answer to a handshake that is not TLS (a plain-HTTP port behind https://)
  if (TLS_CODE.test(code) || code === 'EPROTO') return 'tls';
  if (error instanceof Error && /connection closed/.test(error.message)) return 'reset';
  return 'unknown';
}

/** The code of a receiver's answer that is not a 2xx. */
export function statusErrorCode(status: number): WebhookDeliveryErrorCode {
  if (status >= 300 && status < 400) return 'redirect';
  if (status === 413) return 'too_large';
  return 'http_status';
}

export type ReadDeliveryError = {
  errorCode: WebhookDeliveryErrorCode | null;
  errorStatus: number | null;
  lastError: string | null;
};

const STORED = /^\[([a-z_]+)\] ([\s\S]*)$/;
const HTTP_STATUS = /^HTTP (\d{3})$/;

/** A stored `last_error` as the log answers it; rows written before the codes read as `unknown` (or by status). */
export function readDeliveryError(stored: string | null): ReadDeliveryError {
  if (stored === null) return { errorCode: null, errorStatus: null, lastError: null };
  const match = STORED.exec(stored);
  const known = match && (webhookDeliveryErrorCodes as readonly string[]).includes(match[1]!) ? match : null;
  const detail = known ? known[2]! : stored;
  const status = HTTP_STATUS.exec(detail);
  const errorStatus = status ? Number(status[1]) : null;
  const errorCode = known
    ? (known[1] as WebhookDeliveryErrorCode)
    : errorStatus !== null
      ? statusErrorCode(errorStatus)
      : 'unknown';
  return { errorCode, errorStatus, lastError: detail };
}

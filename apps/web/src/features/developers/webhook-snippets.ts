import { WEBHOOK_SIGNATURE_HEADER } from '@farol/contract';

// The signature checks the /developers page shows, word for word. e2e/webhook-snippets.test.ts runs both on a
// delivery signed by the server, so what people copy is proven to work.

export const nodeVerify = `import crypto from 'node:crypto';

// header: the ${WEBHOOK_SIGNATURE_HEADER} header; body: the raw request body, as received
export function isFromFarol(header, body, secret, maxAgeSeconds = 300) {
  const { t, v1 } = Object.fromEntries(header.split(',').map((part) => part.split('=')));
  const expected = crypto.createHmac('sha256', secret).update(\`\${t}.\${body}\`).digest();
  const given = Buffer.from(v1 ?? '', 'hex');
  const isFresh = Math.abs(Date.now() / 1000 - Number(t)) <= maxAgeSeconds;
  return isFresh && given.length === expected.length && crypto.timingSafeEqual(given, expected);
}`;

export const pythonVerify = `import hashlib, hmac, time

def is_from_farol(header: str, body: bytes, secret: str, max_age_seconds: int = 300) -> bool:
    parts = dict(part.split("=", 1) for part in header.split(","))
    signed = parts["t"].encode() + b"." + body
    expected = hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
    is_fresh = abs(time.time() - int(parts["t"])) <= max_age_seconds
    return is_fresh and hmac.compare_digest(expected, parts.get("v1", ""))`;

import type { FastifyInstance } from 'fastify';

// Everything the SPA loads is its own, except coin logos from CoinGecko's image hosts.
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://coin-images.coingecko.com https://assets.coingecko.com",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const securityHeaders = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};
const securityHeadersWithPolicy = { 'content-security-policy': contentSecurityPolicy, ...securityHeaders };

export function registerSecurityHeaders(app: FastifyInstance) {
  // served over https: browsers must never come back over plain http (a year, subdomains included)
  const transport = app.config.APP_URL.startsWith('https:')
    ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
    : {};
  const headers = { ...securityHeaders, ...transport };
  const headersWithPolicy = { ...securityHeadersWithPolicy, ...transport };
  // on every answer, errors included
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.headers(reply.hasHeader('content-security-policy') ? headers : headersWithPolicy);
    return payload;
  });
}

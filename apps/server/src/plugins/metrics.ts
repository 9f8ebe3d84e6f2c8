import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { isSameSecret } from '../lib/secrets.ts';

/** Request durations by route and status, and `GET /metrics` (behind METRICS_TOKEN when set). */
const loopback = /^(127\.|::1$|::ffff:127\.)/;

function hasToken(header: string | undefined, expected: string | undefined): boolean {
  return expected !== undefined && isSameSecret((header ?? '').replace(/^Bearer\s+/i, ''), expected);
}

export function registerMetrics(app: FastifyInstance) {
  const requestDuration = app.metrics.histogram(
    'farol_http_request_duration_seconds',
    'HTTP request duration by route, method and status',
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  );
  // a callback hook: no promise per request
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requestDuration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });

  // Prometheus on this machine (a loopback peer, not relayed by a proxy), or anyone with METRICS_TOKEN
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const peer = request.socket.remoteAddress ?? '';
    const isLocal = loopback.test(peer) && request.headers['x-forwarded-for'] === undefined;
    if (!isLocal && !hasToken(request.headers.authorization, app.config.METRICS_TOKEN))
      throw new AppError('forbidden');
    return reply.type('text/plain; version=0.0.4').send(app.metrics.render());
  });
}

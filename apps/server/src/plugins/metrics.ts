import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/** Request durations by route and status, and `GET /metrics` (behind METRICS_TOKEN when set). */
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

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const expected = app.config.METRICS_TOKEN;
    if (expected) {
      const given = (request.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
      const a = Buffer.from(given);
      const b = Buffer.from(expected);
      if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) throw new AppError('unauthorized');
    }
    return reply.type('text/plain; version=0.0.4').send(app.metrics.render());
  });
}

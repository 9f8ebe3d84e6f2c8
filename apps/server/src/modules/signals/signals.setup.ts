import type { FastifyInstance } from 'fastify';
import { createSignalsService } from './signals.service.ts';

/** Decorates `app.signals` (after app.market, before the modules that read it: routes, chat, alerts). */
export function registerSignals(app: FastifyInstance) {
  app.decorate(
    'signals',
    createSignalsService({ market: app.market, now: app.now, metrics: app.metrics, log: app.log }),
  );
}

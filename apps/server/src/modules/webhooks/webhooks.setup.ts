import type { FastifyInstance } from 'fastify';
import type { OutboxPassReport } from '../email/email.delivery.ts';
import { deliverDueWebhooks } from './webhooks.delivery.ts';
import { listWarmCoins } from '../signals/warm-coins.ts';
import { checkSignalChanges } from './webhooks.signals.ts';

/** The webhook channel as the app uses it: `app.webhooks`. */
export type WebhookChannel = {
  deliverDue: () => Promise<OutboxPassReport>;
  /** Starts a delivery pass now (after something was queued); failures are logged. */
  kick: () => void;
  /** Compares the warm coins' classes with the stored ones and queues `signal.changed`. */
  checkSignals: () => Promise<number>;
};

/**
 * Decorates `app.webhooks` (after app.market, app.signals and the e-mail delivery) and checks the signal
 * classes after every market refresh, one check at a time per process.
 */
export function registerWebhooks(app: FastifyInstance) {
  const policy = { allowPrivate: app.config.WEBHOOK_ALLOW_PRIVATE };
  let running: Promise<OutboxPassReport> | undefined;
  const deliverDue = () => {
    running ??= deliverDueWebhooks({
      db: app.db,
      encryption: app.encryption,
      policy,
      now: app.now,
      log: app.log,
    }).finally(() => (running = undefined));
    return running;
  };
  const kick = () => {
    void deliverDue()
      .then(() => app.emailDelivery.kick())
      .catch((error: unknown) => app.log.warn({ err: error }, 'webhook delivery pass failed'));
  };
  let checking: Promise<number> | undefined;
  const checkSignals = () => {
    checking ??= checkSignalChanges({
      db: app.db,
      now: app.now,
      readSignal: (symbol) => app.signals.getReading(symbol),
      listCoins: () => listWarmCoins({ db: app.db, market: app.market }),
    }).finally(() => (checking = undefined));
    return checking;
  };
  app.decorate('webhooks', { deliverDue, kick, checkSignals } satisfies WebhookChannel);
  const stopListening = app.market.onRefreshed(() => {
    checkSignals()
      .then((queued) => queued > 0 && kick())
      .catch((error: unknown) => app.log.error({ err: error }, 'signal change check failed'));
  });
  app.addHook('onClose', async () => {
    stopListening();
    await checking?.catch(() => undefined);
    await running?.catch(() => undefined);
  });
}

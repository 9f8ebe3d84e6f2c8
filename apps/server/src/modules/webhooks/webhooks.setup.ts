import type { FastifyInstance } from 'fastify';
import { createOutboxPasses } from '../../lib/outbox-passes.ts';
import { deliveryLimits } from '../../lib/outbound-request.ts';
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
  let isClosing = false;
  const passes = createOutboxPasses<OutboxPassReport>({
    // a webhook disabled by its failures queues an e-mail to its owner
    deliver: () =>
      deliverDueWebhooks({
        db: app.db,
        encryption: app.encryption,
        policy,
        now: app.now,
        limits: deliveryLimits(app.config),
        log: app.log,
      }).finally(() => app.emailDelivery.kick()),
    onError: (error) => app.log.warn({ err: error }, 'webhook delivery pass failed'),
    isClosing: () => isClosing,
  });
  const { run: deliverDue, kick } = passes;
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
    isClosing = true;
    await checking?.catch(() => undefined);
    await passes.idle();
  });
}

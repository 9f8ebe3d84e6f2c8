import type { FastifyInstance } from 'fastify';
import { createOutboxPasses } from '../../lib/outbox-passes.ts';
import { deliveryLimits } from '../../lib/outbound-request.ts';
import { deliverDuePushes, type PushDeliveryContext, type PushDeliveryReport } from './push.delivery.ts';
import { loadVapidKeys } from './push.service.ts';

/** The push worker as the app uses it: the public key browsers subscribe with, a pass, or a nudge. */
export type PushDelivery = {
  publicKey: string;
  deliverDue: () => Promise<PushDeliveryReport>;
  /** Starts a pass in the background after something was queued (single-flight; errors are logged). */
  kick: () => void;
};

/** Decorates `app.push` once the VAPID keys are read (or made, once, in the database). */
export async function registerPush(app: FastifyInstance): Promise<void> {
  const vapid = await loadVapidKeys(app.db, app.encryption, app.config);
  const context = (): PushDeliveryContext => ({
    db: app.db,
    vapid,
    now: app.now,
    config: app.config,
    limits: deliveryLimits(app.config),
    log: app.log,
  });
  let isClosing = false;
  const passes = createOutboxPasses({
    deliver: () => deliverDuePushes(context()),
    onError: (error) => app.log.warn({ err: error }, 'push delivery pass failed'),
    isClosing: () => isClosing,
  });
  app.decorate('push', {
    publicKey: vapid.publicKey,
    deliverDue: async () => {
      await passes.idle();
      return passes.run();
    },
    kick: passes.kick,
  } satisfies PushDelivery);
  app.addHook('onClose', async () => {
    isClosing = true;
    await passes.idle();
  });
}

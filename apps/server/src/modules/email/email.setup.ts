import type { FastifyInstance } from 'fastify';
import {
  deliverDueEmails,
  deliverEmailNow,
  type DeliveryContext,
  type DeliveryReport,
} from './email.delivery.ts';
import { createOutboxPasses } from '../../lib/outbox-passes.ts';
import { createMailer } from './email.mailer.ts';

/** The delivery worker as the app uses it: a pass over the outbox, one message now, or a nudge. */
export type EmailDelivery = {
  isConfigured: boolean;
  deliverDue: () => Promise<DeliveryReport>;
  deliverNow: (id: string) => ReturnType<typeof deliverEmailNow>;
  /** Starts a pass in the background after something was queued (single-flight; errors are logged). */
  kick: () => void;
};

/** Decorates `app.mailer` and `app.emailDelivery`; the SMTP connection closes with the app. */
export function registerEmail(app: FastifyInstance) {
  const mailer = createMailer(app.config);
  const context = (): DeliveryContext => ({
    db: app.db,
    mailer,
    appUrl: app.config.APP_URL,
    now: app.now,
    log: app.log,
  });
  let isClosing = false;
  const passes = createOutboxPasses({
    deliver: () => deliverDueEmails(context()),
    onError: (error) => app.log.warn({ err: error }, 'e-mail delivery pass failed'),
    isClosing: () => isClosing || !mailer.isConfigured,
  });
  app.decorate('mailer', mailer);
  app.decorate('emailDelivery', {
    isConfigured: mailer.isConfigured,
    // waits for a pass started by kick() first, so "deliver what is due" includes what it had claimed
    deliverDue: async () => {
      await passes.idle();
      return deliverDueEmails(context());
    },
    deliverNow: (id: string) => deliverEmailNow(context(), id),
    kick: passes.kick,
  } satisfies EmailDelivery);
  app.addHook('onClose', async () => {
    isClosing = true;
    await passes.idle();
    mailer.close();
  });
}

import type { FastifyInstance } from 'fastify';
import {
  deliverDueEmails,
  deliverEmailNow,
  type DeliveryContext,
  type DeliveryReport,
} from './email.delivery.ts';
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
  let running: Promise<unknown> | undefined;
  let isClosing = false;
  app.decorate('mailer', mailer);
  app.decorate('emailDelivery', {
    isConfigured: mailer.isConfigured,
    // waits for a pass started by kick() first, so "deliver what is due" includes what it had claimed
    deliverDue: async () => {
      await running;
      return deliverDueEmails(context());
    },
    deliverNow: (id: string) => deliverEmailNow(context(), id),
    kick: () => {
      if (running || isClosing || !mailer.isConfigured) return;
      running = deliverDueEmails(context())
        .catch((error: unknown) => app.log.warn({ err: error }, 'e-mail delivery pass failed'))
        .finally(() => {
          running = undefined;
        });
    },
  } satisfies EmailDelivery);
  app.addHook('onClose', async () => {
    isClosing = true;
    await running;
    mailer.close();
  });
}

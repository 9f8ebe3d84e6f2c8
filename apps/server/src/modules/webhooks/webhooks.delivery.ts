import { WEBHOOK_SIGNATURE_HEADER } from '@farol/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbExecutor } from '../../db/client.ts';
import type { EmailOutboxRow } from '../../db/schema/email.ts';
import { webhooks } from '../../db/schema/webhooks.ts';
import { openStoredSecret, type Encryption } from '../../lib/encryption.ts';
import { sendOutbound, type OutboundLimits } from '../../lib/outbound-request.ts';
import { drainOutbox, type DeliveryOutcome, type OutboxPassReport } from '../email/email.delivery.ts';
import { enqueueNoticeToUser, markEmailAttemptFailed, markEmailSent } from '../email/email.outbox.ts';
import { deliveryErrorCode, statusErrorCode, storedDeliveryError } from './webhook-delivery-error.ts';
import { signWebhookBody } from './webhook-signature.ts';
import { checkedLookup, checkWebhookUrl, type AddressPolicy } from './webhook-address.ts';
import { recordWebhookFailure, secretContext } from './webhooks.service.ts';

export type WebhookDeliveryContext = {
  db: DbExecutor;
  encryption: Encryption;
  policy: AddressPolicy;
  now: () => Date;
  limits: OutboundLimits;
  /** The lease of a claimed delivery (extended while it is in flight). */
  leaseMs?: number;
  /** How often that lease is extended (a third of it by default). */
  renewEveryMs?: number;
  log?: FastifyBaseLogger;
};

/** Failed attempts in a row (over all its deliveries) after which a webhook is disabled and its owner told. */
export const WEBHOOK_MAX_CONSECUTIVE_FAILURES = 15;
/** The delivery log's reason when the webhook's signing secret no longer decrypts (ENCRYPTION_KEY changed). */
export const WEBHOOK_SECRET_UNREADABLE =
  'signing secret can no longer be read: delete this webhook and add it again';
const LEASE_MS = 60_000;

/**
 * When a failed delivery is tried again: a receiver that is down is given time to come back (1 min, 5 min,
 * 30 min, 2 h, 12 h), rather than the e-mail backoff's quick first retries; after the last, the delivery fails.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000];

export const webhookRetryAt = (row: Pick<EmailOutboxRow, 'attempts'>, now: Date): Date | undefined => {
  const delay = WEBHOOK_RETRY_DELAYS_MS[row.attempts - 1];
  return delay === undefined ? undefined : new Date(now.getTime() + delay);
};

/** The JSON every delivery carries: the event id (stable across retries, to drop repeats), type, time, data. */
export const webhookPayload = (row: EmailOutboxRow) =>
  JSON.stringify({ id: row.id, type: row.template, createdAt: row.createdAt.toISOString(), data: row.data });

async function tellOwner(context: WebhookDeliveryContext, webhookId: string) {
  const [webhook] = await context.db
    .select({ userId: webhooks.userId, url: webhooks.url })
    .from(webhooks)
    .where(eq(webhooks.id, webhookId));
  if (!webhook) return;
  await enqueueNoticeToUser(context.db, webhook.userId, ({ name }) => ({
    template: 'webhook-disabled',
    data: { name, url: webhook.url },
  }));
}

async function attempt(context: WebhookDeliveryContext, row: EmailOutboxRow): Promise<string | undefined> {
  const [webhook] = await context.db.select().from(webhooks).where(eq(webhooks.id, row.toAddress));
  if (!webhook) return 'gone';
  if (webhook.disabledAt) return 'disabled';
  const body = webhookPayload(row);
  const secret = openStoredSecret(context, webhook.secretEncrypted, secretContext(webhook), {
    userId: webhook.userId,
    webhookId: webhook.id,
    outboxId: row.id,
  });
  // Not signed, not sent: a failed attempt like any other (retried, so restoring the key loses nothing;
  // counted, so the owner is told when the webhook is disabled), whose reason says what to do.
  if (secret === undefined) return storedDeliveryError('secret_unreadable', WEBHOOK_SECRET_UNREADABLE);
  try {
    // checked again now: the address may have moved since registration
    const url = await checkWebhookUrl(webhook.url, context.policy);
    const { status } = await sendOutbound(url, {
      body,
      headers: {
        [WEBHOOK_SIGNATURE_HEADER]: signWebhookBody(secret, body, context.now()),
        'content-type': 'application/json',
        'farol-event': row.template,
        'farol-delivery': row.id,
        'user-agent': 'Farol-Webhooks/1',
      },
      lookup: checkedLookup(context.policy),
      limits: context.limits,
    });
    return status >= 200 && status < 300
      ? undefined
      : storedDeliveryError(statusErrorCode(status), `HTTP ${status}`);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return storedDeliveryError(deliveryErrorCode(error), detail);
  }
}

async function deliverClaimed(
  context: WebhookDeliveryContext,
  row: EmailOutboxRow,
): Promise<DeliveryOutcome> {
  const failure = await attempt(context, row);
  const now = context.now();
  if (failure === undefined) {
    await markEmailSent(context.db, row.id, now);
    await context.db.update(webhooks).set({ consecutiveFailures: 0 }).where(eq(webhooks.id, row.toAddress));
    return 'sent';
  }
  if (failure === 'gone' || failure === 'disabled') {
    await markEmailAttemptFailed(
      context.db,
      row.id,
      storedDeliveryError('webhook_disabled', `webhook ${failure}`),
      undefined,
    );
    return 'failed';
  }
  const retryAt = webhookRetryAt(row, now);
  await markEmailAttemptFailed(context.db, row.id, failure, retryAt);
  context.log?.warn({ outboxId: row.id, attempts: row.attempts, err: failure }, 'webhook delivery failed');
  if (await recordWebhookFailure(context.db, row.toAddress, WEBHOOK_MAX_CONSECUTIVE_FAILURES, now))
    await tellOwner(context, row.toAddress);
  return retryAt ? 'retrying' : 'failed';
}

/** One pass of the webhook worker over the outbox's due webhook deliveries. */
export const deliverDueWebhooks = (context: WebhookDeliveryContext): Promise<OutboxPassReport> =>
  drainOutbox(
    {
      db: context.db,
      now: context.now,
      channel: 'webhook',
      leaseMs: context.leaseMs ?? LEASE_MS,
      renewEveryMs: context.renewEveryMs,
      log: context.log,
    },
    (row) => deliverClaimed(context, row),
  );

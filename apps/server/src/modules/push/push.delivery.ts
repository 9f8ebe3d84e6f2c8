import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { DbExecutor } from '../../db/client.ts';
import type { EmailOutboxRow } from '../../db/schema/email.ts';
import {
  drainOutbox,
  nextAttemptAt,
  type DeliveryOutcome,
  type OutboxPassReport,
} from '../email/email.delivery.ts';
import { markEmailAttemptFailed, markEmailSent } from '../email/email.outbox.ts';
import type { EmailDataByTemplate } from '../email/templates/email-data.types.ts';
import { renderAlertPush } from '../email/templates/email-templates.ts';
import { deletePushSubscription, findPushSubscription } from './push.repository.ts';
import type { VapidKeys } from './push.service.ts';

export type PushDeliveryContext = {
  db: DbExecutor;
  vapid: VapidKeys;
  now: () => Date;
  timeoutMs: number;
  log?: FastifyBaseLogger;
};

export type PushDeliveryReport = OutboxPassReport;

const PUSH_LEASE_MS = 60_000;
// a notice about a price move is worth little a day later: the push service drops it after that
const PUSH_TTL_SECONDS = 24 * 3600;

/** The push service's answer that the subscription no longer exists: the browser unsubscribed or it expired. */
class SubscriptionGone extends Error {}

/**
 * Encrypts the notice for the browser (RFC 8291, aes128gcm) and signs the request with the VAPID key
 * (RFC 8292), both by web-push; the POST itself is ours, so its time limit and answer are handled here.
 */
async function sendToBrowser(context: PushDeliveryContext, row: EmailOutboxRow): Promise<'sent' | 'gone'> {
  const browser = await findPushSubscription(context.db, row.toAddress);
  if (!browser) return 'gone';
  const notice = renderAlertPush(row.language, row.data as EmailDataByTemplate['crypto-alert']);
  const request = webpush.generateRequestDetails(
    { endpoint: browser.endpoint, keys: { p256dh: browser.p256dh, auth: browser.auth } },
    JSON.stringify(notice),
    { vapidDetails: context.vapid, TTL: PUSH_TTL_SECONDS, urgency: 'high', contentEncoding: 'aes128gcm' },
  );
  const { 'Content-Length': _length, ...headers } = request.headers as Record<string, string>;
  const response = await fetch(request.endpoint, {
    method: request.method,
    headers,
    body: request.body ?? undefined,
    signal: AbortSignal.timeout(context.timeoutMs),
  });
  if (response.status === 404 || response.status === 410)
    throw new SubscriptionGone(`push service answered ${response.status}`);
  if (!response.ok) throw new Error(`push service answered ${response.status}`);
  return 'sent';
}

async function deliverClaimedPush(
  context: PushDeliveryContext,
  row: EmailOutboxRow,
): Promise<DeliveryOutcome> {
  try {
    if ((await sendToBrowser(context, row)) === 'sent') {
      await markEmailSent(context.db, row.id, context.now());
      return 'sent';
    }
    await markEmailAttemptFailed(context.db, row.id, 'the browser is no longer subscribed', undefined);
    return 'failed';
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof SubscriptionGone) {
      await deletePushSubscription(context.db, row.toAddress);
      await markEmailAttemptFailed(
        context.db,
        row.id,
        `push service: subscription gone (${message})`,
        undefined,
      );
      return 'failed';
    }
    const retryAt = nextAttemptAt(row, context.now());
    await markEmailAttemptFailed(context.db, row.id, message.slice(0, 500), retryAt);
    context.log?.warn({ outboxId: row.id, attempts: row.attempts, err: message }, 'push delivery failed');
    return retryAt ? 'retrying' : 'failed';
  }
}

/** One pass of the push worker over the outbox's due push notices. */
export const deliverDuePushes = (context: PushDeliveryContext): Promise<PushDeliveryReport> =>
  drainOutbox({ db: context.db, now: context.now, channel: 'push', leaseMs: PUSH_LEASE_MS }, (row) =>
    deliverClaimedPush(context, row),
  );

import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { PushSubscriptionRow } from '../../db/schema/push.ts';
import { sendOutbound, type OutboundLimits } from '../../lib/outbound-request.ts';
import webpush from 'web-push';
import type { DbExecutor } from '../../db/client.ts';
import type { EmailOutboxRow } from '../../db/schema/email.ts';
import {
  drainOutbox,
  nextAttemptAt,
  type DeliveryOutcome,
  type OutboxPassReport,
} from '../email/email.delivery.ts';
import { enqueueNoticeToUser, markEmailAttemptFailed, markEmailSent } from '../email/email.outbox.ts';
import { renderChannelNotice } from '../email/templates/email-templates.ts';
import {
  deletePushSubscription,
  findPushSubscription,
  recordPushFailure,
  recordPushSuccess,
} from './push.repository.ts';
import { checkPushEndpoint, pushAddressPolicy, type VapidKeys } from './push.service.ts';
import { checkedLookup } from '../webhooks/webhook-address.ts';

export type PushDeliveryContext = {
  db: DbExecutor;
  vapid: VapidKeys;
  now: () => Date;
  config: Pick<Config, 'PUSH_ALLOW_INSECURE_ENDPOINTS'>;
  limits: OutboundLimits;
  log?: FastifyBaseLogger;
};

/** Failed pushes in a row after which a browser is paused and its owner told (subscribing again resumes it). */
export const PUSH_MAX_CONSECUTIVE_FAILURES = 5;

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
  if (!browser || browser.pausedAt) return 'gone';
  // checked again now: the subscription may predate the check, or its host moved since
  const endpoint = checkPushEndpoint(context.config, browser.endpoint);
  const notice = renderChannelNotice(row.template, row.language, row.data);
  const request = webpush.generateRequestDetails(
    { endpoint: browser.endpoint, keys: { p256dh: browser.p256dh, auth: browser.auth } },
    JSON.stringify(notice),
    { vapidDetails: context.vapid, TTL: PUSH_TTL_SECONDS, urgency: 'high', contentEncoding: 'aes128gcm' },
  );
  const { 'Content-Length': _length, ...headers } = request.headers as Record<string, string>;
  // never a redirect: a push service answers, it does not send the server on somewhere else
  const { status } = await sendOutbound(endpoint, {
    method: request.method,
    headers,
    body: request.body ?? undefined,
    lookup: checkedLookup(pushAddressPolicy(context.config)),
    limits: context.limits,
  });
  if (status === 404 || status === 410) throw new SubscriptionGone(`push service answered ${status}`);
  if (status < 200 || status >= 300) throw new Error(`push service answered ${status}`);
  return 'sent';
}

async function deliverClaimedPush(
  context: PushDeliveryContext,
  row: EmailOutboxRow,
): Promise<DeliveryOutcome> {
  try {
    if ((await sendToBrowser(context, row)) === 'sent') {
      await markEmailSent(context.db, row.id, context.now());
      await recordPushSuccess(context.db, row.toAddress);
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
    const now = context.now();
    const paused = await recordPushFailure(context.db, row.toAddress, PUSH_MAX_CONSECUTIVE_FAILURES, now);
    // a paused browser's notices wait for nothing: it gets no more until its owner subscribes it again
    const retryAt = paused ? undefined : nextAttemptAt(row, now);
    await markEmailAttemptFailed(context.db, row.id, message.slice(0, 500), retryAt);
    context.log?.warn({ outboxId: row.id, attempts: row.attempts, err: message }, 'push delivery failed');
    if (paused) await tellOwnerPaused(context, paused);
    return retryAt ? 'retrying' : 'failed';
  }
}

/** E-mails the owner that one of their browsers gets no more notifications, and how to resume it. */
const tellOwnerPaused = (context: PushDeliveryContext, browser: PushSubscriptionRow) =>
  enqueueNoticeToUser(context.db, browser.userId, ({ name }) => ({
    template: 'push-paused',
    data: { name, service: new URL(browser.endpoint).hostname },
  }));

/** One pass of the push worker over the outbox's due push notices. */
export const deliverDuePushes = (context: PushDeliveryContext): Promise<PushDeliveryReport> =>
  drainOutbox(
    { db: context.db, now: context.now, channel: 'push', leaseMs: PUSH_LEASE_MS, log: context.log },
    (row) => deliverClaimedPush(context, row),
  );

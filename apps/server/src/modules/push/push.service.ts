import type { PushSubscriptionRequest, PushSubscriptionSummary } from '@farol/contract';
import webpush from 'web-push';
import type { Config } from '../../config.ts';
import type { Db, DbExecutor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Encryption } from '../../lib/encryption.ts';
import { loadOrCreateSharedValue } from '../../lib/secrets.ts';
import type { Actor } from '../../plugins/auth.ts';
import { enqueueAlertNotice, type AlertNoticeBudget } from '../email/email.outbox.ts';
import type { AlertFiringData } from '../email/templates/email-data.types.ts';
import {
  deleteUserPushSubscription,
  deleteUserPushSubscriptionById,
  listActivePushSubscriptions,
  listUserPushSubscriptions,
  upsertPushSubscription,
} from './push.repository.ts';
import { noticeAccessAdded, requireVerifiedAddress } from '../users/account-access.service.ts';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/**
 * The VAPID keys that sign every push: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, else a pair generated once and
 * kept in the database, so every instance signs with the same key the browsers subscribed with.
 */
export async function loadVapidKeys(db: Db, encryption: Encryption, config: Config): Promise<VapidKeys> {
  const subject = config.VAPID_SUBJECT ?? `mailto:${config.CONTACT_EMAIL}`;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY)
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  const stored = await loadOrCreateSharedValue(db, encryption, 'vapid-keys', () =>
    JSON.stringify(webpush.generateVAPIDKeys()),
  );
  const { publicKey, privateKey } = JSON.parse(stored) as { publicKey: string; privateKey: string };
  return { publicKey, privateKey, subject };
}

/**
 * The push services browsers subscribe with: Chrome and Edge on Android/desktop (FCM), Firefox (Mozilla
 * autopush), Safari (Apple) and the old Edge (Windows Push Notification Services). A subscription names one of
 * them; any other host is someone aiming the server's POSTs somewhere else.
 */
const pushServiceHosts = [
  (host: string) => host === 'fcm.googleapis.com',
  (host: string) => host.endsWith('.push.services.mozilla.com'),
  (host: string) => host.endsWith('.push.apple.com'),
  (host: string) => host.endsWith('.notify.windows.com'),
];

/** The address policy push deliveries resolve through (tests may reach the local push service stub). */
export const pushAddressPolicy = (config: Pick<Config, 'PUSH_ALLOW_INSECURE_ENDPOINTS'>) => ({
  allowPrivate: config.PUSH_ALLOW_INSECURE_ENDPOINTS,
});

/**
 * A push endpoint the server may POST to: HTTPS, no credentials, on a known push service's host. Delivery then
 * resolves it through the webhooks' checked lookup (public addresses only) and follows no redirect.
 * PUSH_ALLOW_INSECURE_ENDPOINTS (tests) lets any host and plain HTTP through, so the local stub can stand in.
 */
export function checkPushEndpoint(
  config: Pick<Config, 'PUSH_ALLOW_INSECURE_ENDPOINTS'>,
  endpoint: string,
): URL {
  const url = URL.canParse(endpoint) ? new URL(endpoint) : undefined;
  if (!url || url.username || url.password) throw new AppError('push_endpoint_refused');
  if (config.PUSH_ALLOW_INSECURE_ENDPOINTS) return url;
  const host = url.hostname.toLowerCase();
  if (url.protocol !== 'https:' || !pushServiceHosts.some((isPushService) => isPushService(host)))
    throw new AppError('push_endpoint_refused');
  return url;
}

/** Browsers one user may receive notifications in; a new one past this replaces the oldest. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 10;
/** Subscriptions one user may add in an hour (a browser re-subscribes now and then; a script would not stop). */
export const PUSH_SUBSCRIPTIONS_PER_HOUR = 20;

export async function subscribeBrowser(
  deps: { db: Db; config: Config },
  actor: Actor,
  subscription: PushSubscriptionRequest,
): Promise<void> {
  requireVerifiedAddress(actor);
  checkPushEndpoint(deps.config, subscription.endpoint);
  await deps.db.transaction(async (tx) => {
    await upsertPushSubscription(tx, actor.id, subscription, MAX_PUSH_SUBSCRIPTIONS_PER_USER);
    await noticeAccessAdded(tx, actor, 'push', new URL(subscription.endpoint).host);
  });
}

export const unsubscribeBrowser = (db: Db, actor: Actor, endpoint: string) =>
  deleteUserPushSubscription(db, actor.id, endpoint);

/**
 * Queues an alert firing to every browser of the user not paused, in the caller's transaction, each within its
 * hourly budget; answers how many.
 */
export async function enqueueAlertPushes(
  tx: DbExecutor,
  notice: { userId: string; language: string; data: AlertFiringData & { name: string } },
  budget: AlertNoticeBudget,
): Promise<number> {
  const browsers = await listActivePushSubscriptions(tx, notice.userId);
  for (const browser of browsers)
    await enqueueAlertNotice(
      tx,
      {
        channel: 'push',
        userId: notice.userId,
        to: browser.endpoint,
        language: notice.language,
        data: notice.data,
      },
      budget,
    );
  return browsers.length;
}

/** The caller's browsers as settings lists them: the push service's host and when it was added. */
export async function listBrowsers(db: Db, actor: Actor): Promise<PushSubscriptionSummary[]> {
  return (await listUserPushSubscriptions(db, actor.id)).map((row) => ({
    id: row.id,
    host: new URL(row.endpoint).host,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Removes one of the caller's browsers (a lost phone, an unknown one); 404 when it is not theirs. */
export async function removeBrowser(db: Db, actor: Actor, id: string): Promise<void> {
  if (!(await deleteUserPushSubscriptionById(db, actor.id, id))) throw new AppError('not_found');
}

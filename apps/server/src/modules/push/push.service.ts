import net from 'node:net';
import type { PushSubscriptionRequest, PushSubscriptionSummary } from '@farol/contract';
import webpush from 'web-push';
import type { Config } from '../../config.ts';
import type { Db, DbExecutor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Encryption } from '../../lib/encryption.ts';
import { loadOrCreateSharedValue } from '../../lib/secrets.ts';
import type { Actor } from '../../plugins/auth.ts';
import { enqueueChannelMessage } from '../email/email.outbox.ts';
import type { AlertFiringData } from '../email/templates/email-data.types.ts';
import {
  deleteUserPushSubscription,
  deleteUserPushSubscriptionById,
  listPushSubscriptions,
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

const isLocalHost = (host: string) =>
  host === 'localhost' || host.endsWith('.localhost') || net.isIP(host.replace(/^\[|\]$/g, '')) !== 0;

/**
 * A push endpoint the server may POST to: HTTPS on a named host (push services are public sites), so a
 * subscription cannot point the server at its own network. Tests may allow plain HTTP on local addresses.
 */
function assertPushEndpoint(config: Config, endpoint: string) {
  const url = new URL(endpoint);
  if (config.PUSH_ALLOW_INSECURE_ENDPOINTS) return;
  if (url.protocol !== 'https:' || isLocalHost(url.hostname)) throw new AppError('push_endpoint_refused');
}

export async function subscribeBrowser(
  deps: { db: Db; config: Config },
  actor: Actor,
  subscription: PushSubscriptionRequest,
): Promise<void> {
  requireVerifiedAddress(actor);
  assertPushEndpoint(deps.config, subscription.endpoint);
  await deps.db.transaction(async (tx) => {
    await upsertPushSubscription(tx, actor.id, subscription);
    await noticeAccessAdded(tx, actor, 'push', new URL(subscription.endpoint).host);
  });
}

export const unsubscribeBrowser = (db: Db, actor: Actor, endpoint: string) =>
  deleteUserPushSubscription(db, actor.id, endpoint);

/** Queues an alert firing to every browser of the user, in the caller's transaction; answers how many. */
export async function enqueueAlertPushes(
  tx: DbExecutor,
  notice: { userId: string; language: string; data: AlertFiringData & { name: string } },
): Promise<number> {
  const browsers = await listPushSubscriptions(tx, notice.userId);
  for (const browser of browsers)
    await enqueueChannelMessage(tx, {
      channel: 'push',
      userId: notice.userId,
      to: browser.endpoint,
      language: notice.language,
      template: 'crypto-alert',
      data: notice.data,
    });
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

import crypto from 'node:crypto';
import type {
  CreatedWebhook,
  CreateWebhookRequest,
  Webhook,
  WebhookEvent,
  WebhookList,
} from '@farol/contract';
import { and, arrayContains, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema/email.ts';
import { webhooks, type WebhookRow } from '../../db/schema/webhooks.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Encryption } from '../../lib/encryption.ts';
import type { Actor } from '../../plugins/auth.ts';
import { checkWebhookUrl, type AddressPolicy } from './webhook-address.ts';
import { readDeliveryError } from './webhook-delivery-error.ts';
import { noticeAccessAdded, requireVerifiedAddress } from '../users/account-access.service.ts';
import { lockUserRow } from '../users/users.repository.ts';

export type WebhooksContext = { db: Db; encryption: Encryption; policy: AddressPolicy };

/** Deliveries shown per webhook in settings. */
const DELIVERY_LOG_SIZE = 20;

/** The context the secret is sealed with: a secret copied to another row fails to decrypt. */
export const secretContext = (row: Pick<WebhookRow, 'id'>) => `webhook:${row.id}`;

type DeliveryRow = Pick<
  typeof emailOutbox.$inferSelect,
  'id' | 'template' | 'status' | 'attempts' | 'lastError' | 'createdAt' | 'sentAt' | 'toAddress'
>;

function toWebhook(row: WebhookRow, deliveries: DeliveryRow[]): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    isActive: row.disabledAt === null,
    consecutiveFailures: row.consecutiveFailures,
    createdAt: row.createdAt.toISOString(),
    deliveries: deliveries
      .filter((delivery) => delivery.toAddress === row.id)
      .slice(0, DELIVERY_LOG_SIZE)
      .map((delivery) => ({
        id: delivery.id,
        event: delivery.template,
        status: delivery.status,
        attempts: delivery.attempts,
        ...readDeliveryError(delivery.lastError),
        createdAt: delivery.createdAt.toISOString(),
        sentAt: delivery.sentAt?.toISOString() ?? null,
      })),
  };
}

/**
 * Registers a webhook (plans with webhooks and a verified address, within their number: counted under a lock
 * on the user's row, so concurrent requests cannot pass it together), e-mails the owner its URL and answers
 * its signing secret once.
 */
export async function createWebhook(
  context: WebhooksContext,
  actor: Actor,
  input: CreateWebhookRequest,
): Promise<CreatedWebhook> {
  const maxWebhooks = actor.entitlements.webhooks;
  if (maxWebhooks === 0) throw new AppError('webhooks_require_pro', {}, { requiresUpgrade: true });
  requireVerifiedAddress(actor);
  const url = await checkWebhookUrl(input.url, context.policy);
  const secret = `whsec_${crypto.randomBytes(24).toString('base64url')}`;
  const id = crypto.randomUUID();
  const row = await context.db.transaction(async (tx) => {
    await lockUserRow(tx, actor.id);
    const [existing] = await tx
      .select({ total: count() })
      .from(webhooks)
      .where(eq(webhooks.userId, actor.id));
    if ((existing?.total ?? 0) >= maxWebhooks)
      throw new AppError('webhook_limit_reached', { max: maxWebhooks });
    const [inserted] = await tx
      .insert(webhooks)
      .values({
        id,
        userId: actor.id,
        url: url.toString(),
        events: [...new Set(input.events)],
        secretEncrypted: context.encryption.encrypt(secret, secretContext({ id })),
      })
      .returning();
    await noticeAccessAdded(tx, actor, 'webhook', url.toString());
    return inserted!;
  });
  return { ...toWebhook(row, []), secret };
}

/** The caller's webhooks with their latest deliveries, and how many the plan allows. */
export async function listWebhooks(context: WebhooksContext, actor: Actor): Promise<WebhookList> {
  const rows = await context.db
    .select()
    .from(webhooks)
    .where(eq(webhooks.userId, actor.id))
    .orderBy(desc(webhooks.createdAt));
  const deliveries = rows.length
    ? await context.db
        .select()
        .from(emailOutbox)
        .where(
          and(
            eq(emailOutbox.channel, 'webhook'),
            inArray(
              emailOutbox.toAddress,
              rows.map((row) => row.id),
            ),
          ),
        )
        .orderBy(desc(emailOutbox.createdAt))
        .limit(DELIVERY_LOG_SIZE * rows.length)
    : [];
  return {
    webhooks: rows.map((row) => toWebhook(row, deliveries)),
    maxWebhooks: actor.entitlements.webhooks,
  };
}

async function ownWebhook(db: Db, actor: Actor, id: string): Promise<WebhookRow> {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.userId, actor.id)));
  if (!row) throw new AppError('webhook_not_found');
  return row;
}

/** Removes a webhook; its queued deliveries fail when claimed (the webhook is gone). */
export async function deleteWebhook(context: WebhooksContext, actor: Actor, id: string): Promise<void> {
  await ownWebhook(context.db, actor, id);
  await context.db.delete(webhooks).where(and(eq(webhooks.id, id), eq(webhooks.userId, actor.id)));
}

/** Queues one delivery of an event to one webhook, in the caller's transaction. */
export async function enqueueWebhookEvent(
  executor: DbExecutor,
  delivery: {
    webhookId: string;
    userId: string;
    event: WebhookEvent | 'webhook.test';
    data: Record<string, unknown>;
  },
): Promise<string> {
  const [row] = await executor
    .insert(emailOutbox)
    .values({
      channel: 'webhook',
      userId: delivery.userId,
      toAddress: delivery.webhookId,
      template: delivery.event,
      language: 'en',
      data: delivery.data,
    })
    .returning({ id: emailOutbox.id });
  return row!.id;
}

/** A test event to one of the caller's webhooks (also re-enables one that failures disabled). */
export async function sendTestEvent(context: WebhooksContext, actor: Actor, id: string): Promise<string> {
  const row = await ownWebhook(context.db, actor, id);
  if (row.disabledAt)
    await context.db
      .update(webhooks)
      .set({ disabledAt: null, consecutiveFailures: 0 })
      .where(eq(webhooks.id, row.id));
  return enqueueWebhookEvent(context.db, {
    webhookId: row.id,
    userId: actor.id,
    event: 'webhook.test',
    data: { message: 'A test event from Farol.' },
  });
}

/** Queues an event to every active webhook of a user subscribed to it. */
export async function enqueueUserWebhooks(
  executor: DbExecutor,
  userId: string,
  event: WebhookEvent,
  data: Record<string, unknown>,
): Promise<number> {
  const targets = await executor
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(
      and(eq(webhooks.userId, userId), isNull(webhooks.disabledAt), arrayContains(webhooks.events, [event])),
    );
  for (const target of targets)
    await enqueueWebhookEvent(executor, { webhookId: target.id, userId, event, data });
  return targets.length;
}

/** Counts a failed attempt; true when this one disabled the webhook (the caller tells its owner). */
export async function recordWebhookFailure(db: DbExecutor, id: string, maxFailures: number, now: Date) {
  const [row] = await db
    .update(webhooks)
    .set({
      consecutiveFailures: sql`${webhooks.consecutiveFailures} + 1`,
      disabledAt: sql`case when ${webhooks.consecutiveFailures} + 1 >= ${maxFailures} and ${webhooks.disabledAt} is null then ${now.toISOString()}::timestamptz else ${webhooks.disabledAt} end`,
    })
    .where(eq(webhooks.id, id))
    .returning({ consecutiveFailures: webhooks.consecutiveFailures, disabledAt: webhooks.disabledAt });
  return row !== undefined && row.consecutiveFailures === maxFailures && row.disabledAt !== null;
}

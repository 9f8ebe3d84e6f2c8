import { z } from 'zod';
import { envelope, messageResponseSchema, text } from './common.ts';

/** What a webhook can subscribe to. Deliveries of the settings page's test button are `webhook.test`. */
export const webhookEvents = ['alert.fired', 'signal.changed'] as const;
export type WebhookEvent = (typeof webhookEvents)[number];

/** The header that signs every delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Farol-Signature';

/** POST /api/user/webhooks */
export const createWebhookRequestSchema = z.object({
  url: text().trim().min(1).max(2000),
  events: z.array(z.enum(webhookEvents)).min(1).max(webhookEvents.length),
});
export type CreateWebhookRequest = z.infer<typeof createWebhookRequestSchema>;

/**
 * Why a delivery's last attempt failed, as a code the page translates (the raw text stays in `lastError` for
 * developers): `http_status` and `redirect` carry the receiver's status in `errorStatus`.
 */
export const webhookDeliveryErrorCodes = [
  'timeout',
  'refused',
  'reset',
  'dns',
  'private_address',
  'tls',
  'http_status',
  'redirect',
  'too_large',
  'secret_unreadable',
  'webhook_disabled',
  'unknown',
] as const;
export type WebhookDeliveryErrorCode = (typeof webhookDeliveryErrorCodes)[number];

/** One attempt series of one event, as the delivery log shows it. */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  event: z.string(),
  status: z.enum(['pending', 'sending', 'sent', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  errorCode: z.enum(webhookDeliveryErrorCodes).nullable(),
  errorStatus: z.number().int().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(webhookEvents)),
  /** False once repeated failures disabled it (the owner was e-mailed). */
  isActive: z.boolean(),
  consecutiveFailures: z.number().int(),
  createdAt: z.string(),
  /** The latest deliveries, newest first. */
  deliveries: z.array(webhookDeliverySchema),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The new webhook with its signing secret, answered this once. */
export const createWebhookResponseSchema = envelope(webhookSchema.extend({ secret: z.string() })).extend(
  messageResponseSchema.shape,
);
export type CreatedWebhook = z.infer<typeof createWebhookResponseSchema>['data'];

export const webhookListResponseSchema = envelope(
  z.object({ webhooks: z.array(webhookSchema), maxWebhooks: z.number().int() }),
);
export type WebhookList = z.infer<typeof webhookListResponseSchema>['data'];

export const webhookIdParamsSchema = z.object({ id: z.uuid() });
export const webhookTestResponseSchema = z
  .object({ success: z.literal(true), data: z.object({ deliveryId: z.string() }) })
  .extend(messageResponseSchema.shape);
export const deleteWebhookResponseSchema = z
  .object({ success: z.literal(true) })
  .extend(messageResponseSchema.shape);

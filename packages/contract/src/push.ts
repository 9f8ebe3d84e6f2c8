import { z } from 'zod';
import { envelope, text } from './common.ts';

/** GET /api/push/public-key: the VAPID key browsers subscribe with (base64url, uncompressed P-256). */
export const pushPublicKeyResponseSchema = envelope(z.object({ publicKey: z.string() }));

// Which hosts the server may send to is checked on the server (HTTPS, no private addresses).
const endpoint = z.url().max(2048);

/** POST /api/push/subscriptions: the browser's PushSubscription as `toJSON()` gives it. */
export const pushSubscriptionRequestSchema = z.object({
  endpoint,
  keys: z.object({
    p256dh: text()
      .min(80)
      .max(100)
      .regex(/^[\w-]+={0,2}$/),
    auth: text()
      .min(16)
      .max(32)
      .regex(/^[\w-]+={0,2}$/),
  }),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequestSchema>;

/** DELETE /api/push/subscriptions */
export const pushUnsubscribeRequestSchema = z.object({ endpoint: text().min(1).max(2048) });

export const pushSubscriptionResponseSchema = envelope(z.object({ subscribed: z.boolean() }));

/** One browser that receives the user's notifications, named by its push service's host (never its keys). */
export const pushSubscriptionSummarySchema = z.object({
  id: z.uuid(),
  host: z.string(),
  createdAt: z.string(),
});
export type PushSubscriptionSummary = z.infer<typeof pushSubscriptionSummarySchema>;

/** GET /api/push/subscriptions: the caller's browsers, newest first. */
export const pushSubscriptionListResponseSchema = envelope(z.array(pushSubscriptionSummarySchema));

/** DELETE /api/push/subscriptions/{id}: removes one of them (any browser, not only this one). */
export const pushSubscriptionIdParamsSchema = z.object({ id: z.uuid() });

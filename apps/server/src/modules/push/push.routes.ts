import {
  pushPublicKeyResponseSchema,
  pushSubscriptionIdParamsSchema,
  pushSubscriptionListResponseSchema,
  pushSubscriptionRequestSchema,
  pushSubscriptionResponseSchema,
  pushUnsubscribeRequestSchema,
} from '@farol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limitPerUser } from '../../lib/rate-limiter.ts';
import {
  listBrowsers,
  PUSH_SUBSCRIPTIONS_PER_HOUR,
  removeBrowser,
  subscribeBrowser,
  unsubscribeBrowser,
} from './push.service.ts';

const tags = ['push'];

/** /api/push/…: the VAPID public key, and the browsers a user receives alert notifications in. */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public-key',
    {
      config: { access: 'public', errors: ['service_unavailable'] },
      schema: {
        tags,
        operationId: 'getPushPublicKey',
        summary: 'The VAPID public key to subscribe a browser with',
        response: { 200: pushPublicKeyResponseSchema },
      },
    },
    async () => ({ success: true as const, data: { publicKey: app.push.publicKey } }),
  );

  app.post(
    '/subscriptions',
    {
      config: {
        access: 'user',
        errors: ['email_not_verified', 'push_endpoint_refused', 'service_unavailable', 'too_many_requests'],
      },
      // each new browser may replace an older one: adding them is limited per user
      preHandler: limitPerUser(app.rateLimitStore, {
        name: 'push-subscriptions-user',
        max: PUSH_SUBSCRIPTIONS_PER_HOUR,
        windowMs: 3_600_000,
      }),
      schema: {
        tags,
        operationId: 'subscribePush',
        summary: "Receive alert notifications in this browser (its PushSubscription's JSON)",
        body: pushSubscriptionRequestSchema,
        response: { 200: pushSubscriptionResponseSchema },
      },
    },
    async (request) => {
      await subscribeBrowser(app, request.user!, request.body);
      return { success: true as const, data: { subscribed: true } };
    },
  );

  app.delete(
    '/subscriptions',
    {
      config: { access: 'user' },
      schema: {
        tags,
        operationId: 'unsubscribePush',
        summary: 'Stop alert notifications in this browser',
        body: pushUnsubscribeRequestSchema,
        response: { 200: pushSubscriptionResponseSchema },
      },
    },
    async (request) => {
      await unsubscribeBrowser(app.db, request.user!, request.body.endpoint);
      return { success: true as const, data: { subscribed: false } };
    },
  );

  registerBrowserList(app);
};

/** GET and DELETE /api/push/subscriptions/…: every browser of the user, listed and removable one by one. */
function registerBrowserList(app: Parameters<FastifyPluginAsyncZod>[0]) {
  app.get(
    '/subscriptions',
    {
      config: { access: 'user' },
      schema: {
        tags,
        operationId: 'listPushSubscriptions',
        summary: 'The browsers that receive the caller’s notifications (named by their push service)',
        response: { 200: pushSubscriptionListResponseSchema },
      },
    },
    async (request) => ({ success: true as const, data: await listBrowsers(app.db, request.user!) }),
  );

  app.delete(
    '/subscriptions/:id',
    {
      config: { access: 'user', errors: ['not_found'] },
      schema: {
        tags,
        operationId: 'removePushSubscription',
        summary: 'Stop notifications in one of the caller’s browsers (any one, not only this one)',
        params: pushSubscriptionIdParamsSchema,
        response: { 200: pushSubscriptionResponseSchema },
      },
    },
    async (request) => {
      await removeBrowser(app.db, request.user!, request.params.id);
      return { success: true as const, data: { subscribed: false } };
    },
  );
}

import {
  createWebhookRequestSchema,
  createWebhookResponseSchema,
  deleteWebhookResponseSchema,
  webhookIdParamsSchema,
  webhookListResponseSchema,
  webhookTestResponseSchema,
} from '@farol/contract';
import { translate } from '@farol/i18n';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limitPerUser } from '../../lib/rate-limiter.ts';
import {
  createWebhook,
  deleteWebhook,
  listWebhooks,
  sendTestEvent,
  type WebhooksContext,
} from './webhooks.service.ts';

const tags = ['webhooks'];

/** /api/user/webhooks: signed POSTs to the user's endpoints when an alert fires or a followed signal changes. */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = (): WebhooksContext => ({
    db: app.db,
    encryption: app.encryption,
    policy: { allowPrivate: app.config.WEBHOOK_ALLOW_PRIVATE },
  });

  app.get(
    '/',
    {
      config: { access: 'user' },
      schema: {
        tags,
        operationId: 'listWebhooks',
        summary: "The caller's webhooks with their latest deliveries, and what the plan allows",
        response: { 200: webhookListResponseSchema },
      },
    },
    async (request) => ({ success: true as const, data: await listWebhooks(context(), request.user!) }),
  );

  app.post(
    '/',
    {
      config: {
        access: 'user',
        errors: [
          'webhooks_require_pro',
          'email_not_verified',
          'webhook_limit_reached',
          'webhook_url_refused',
          'webhook_url_invalid',
          'webhook_host_unresolved',
        ],
      },
      schema: {
        tags,
        operationId: 'createWebhook',
        summary:
          'Register an HTTPS endpoint for alert.fired and signal.changed; its signing secret is answered once',
        body: createWebhookRequestSchema,
        response: { 201: createWebhookResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        data: await createWebhook(context(), request.user!, request.body),
        message: translate(request.language, 'settings:webhooks.created'),
      }),
  );

  registerTestEvent(app, context);

  app.delete(
    '/:id',
    {
      config: { access: 'user', errors: ['webhook_not_found'] },
      schema: {
        tags,
        operationId: 'deleteWebhook',
        summary: 'Remove a webhook',
        params: webhookIdParamsSchema,
        response: { 200: deleteWebhookResponseSchema },
      },
    },
    async (request) => {
      await deleteWebhook(context(), request.user!, request.params.id);
      return { success: true as const, message: translate(request.language, 'settings:webhooks.deleted') };
    },
  );
};

/** The settings page's "send test event": one webhook.test delivery, now. */
function registerTestEvent(app: Parameters<FastifyPluginAsyncZod>[0], context: () => WebhooksContext) {
  app.post(
    '/:id/test',
    {
      config: { access: 'user', errors: ['webhook_not_found', 'too_many_requests'] },
      preHandler: limitPerUser(app.rateLimitStore, { name: 'webhook-test-user', max: 10, windowMs: 60_000 }),
      schema: {
        tags,
        operationId: 'sendWebhookTestEvent',
        summary: 'Queue a webhook.test event (and re-enable a webhook that failures disabled)',
        params: webhookIdParamsSchema,
        response: { 202: webhookTestResponseSchema },
      },
    },
    async (request, reply) => {
      const deliveryId = await sendTestEvent(context(), request.user!, request.params.id);
      app.webhooks.kick();
      return reply.status(202).send({
        success: true as const,
        data: { deliveryId },
        message: translate(request.language, 'settings:webhooks.testQueued'),
      });
    },
  );
}

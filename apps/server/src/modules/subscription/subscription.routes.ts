import {
  cancelResponseSchema,
  checkoutRequestSchema,
  checkoutResponseSchema,
  currentSubscriptionResponseSchema,
  plansResponseSchema,
  portalResponseSchema,
  syncResponseSchema,
  usageResponseSchema,
  webhookResponseSchema,
} from '@farol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { createStripeClient } from '../../providers/stripe/client.ts';
import type { BillingContext } from './subscription.reconcile.ts';
import {
  cancelSubscription,
  getCurrentSubscription,
  getUsage,
  listPlans,
  openBillingPortal,
  startCheckout,
  syncSubscription,
} from './subscription.service.ts';
import { handleStripeWebhook } from './subscription.webhook.ts';

/** /api/subscription/* except /api-keys (the chat module's). */
export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const context: BillingContext = {
    db: app.db,
    config: app.config,
    stripe: createStripeClient(app.config),
    now: app.now,
  };
  const security = [{ bearerAuth: [] }];
  const tags = ['subscription'];

  app.get(
    '/plans',
    {
      schema: {
        tags,
        summary: "The plan catalogue in the caller's language",
        response: { 200: plansResponseSchema },
      },
    },
    async (request) => ({ success: true as const, data: listPlans(request.language) }),
  );

  app.get(
    '/current',
    {
      schema: {
        tags,
        security,
        summary: 'The plan in force and the subscription state',
        response: { 200: currentSubscriptionResponseSchema },
      },
      preHandler: app.authenticate,
    },
    async (request) => ({
      success: true as const,
      data: await getCurrentSubscription(app.db, request.user!.id, app.now(), request.language),
    }),
  );

  app.get(
    '/usage',
    {
      schema: {
        tags,
        security,
        summary: 'Conversations today (America/Sao_Paulo day) against the plan limit',
        response: { 200: usageResponseSchema },
      },
      preHandler: app.authenticate,
    },
    async (request) => ({
      success: true as const,
      data: await getUsage(app.db, request.user!.id, app.now()),
    }),
  );

  app.post(
    '/checkout',
    {
      schema: {
        tags,
        security,
        summary: 'Start a Stripe Checkout (or schedule a plan change)',
        body: checkoutRequestSchema,
        response: { 200: checkoutResponseSchema },
      },
      // Not logged in gets the subscribe-specific message of spec section 5.
      preHandler: async (request, reply) => {
        await app.authenticateOptional(request, reply);
        if (!request.user) throw new AppError('login_required_to_subscribe');
      },
    },
    async (request) => ({
      success: true as const,
      data: await startCheckout(context, request.user!.id, request.body.planId, request.language),
    }),
  );

  app.post(
    '/portal',
    {
      schema: {
        tags,
        security,
        summary: 'Open the Stripe billing portal',
        response: { 200: portalResponseSchema },
      },
      preHandler: app.authenticate,
    },
    async (request) => ({ success: true as const, data: await openBillingPortal(context, request.user!.id) }),
  );

  app.post(
    '/cancel',
    {
      schema: {
        tags,
        security,
        summary: 'Cancel at the end of the paid period',
        response: { 200: cancelResponseSchema },
      },
      preHandler: app.authenticate,
    },
    async (request) => ({
      success: true as const,
      data: await cancelSubscription(context, request.user!.id, request.language),
    }),
  );

  app.post(
    '/sync',
    {
      schema: { tags, security, summary: 'Reconcile with Stripe', response: { 200: syncResponseSchema } },
      preHandler: app.authenticate,
    },
    async (request) => ({ success: true as const, data: await syncSubscription(context, request.user!.id) }),
  );

  // The webhook needs the exact bytes Stripe signed: its own scope parses every body as a raw buffer.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post(
      '/webhook',
      { schema: { tags, summary: 'Stripe events (signed)', response: { 200: webhookResponseSchema } } },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return handleStripeWebhook(context, rawBody, typeof signature === 'string' ? signature : undefined);
      },
    );
  });
};

import {
  cancelResponseSchema,
  changePreviewQuerySchema,
  changePreviewResponseSchema,
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
import { limitPerUser } from '../../lib/rate-limiter.ts';
import { createStripeClient, isCheckoutAvailable, isYearlyAvailable } from '../../providers/stripe/client.ts';
import type { BillingContext } from './subscription.reconcile.ts';
import {
  cancelSubscription,
  getCurrentSubscription,
  getUsage,
  listPlans,
  openBillingPortal,
  previewPlanChange,
  startCheckout,
  syncSubscription,
} from './subscription.service.ts';
import { handleStripeWebhook } from './subscription.webhook.ts';

/** Checkout, portal and sync calls per user and window (each reaches Stripe). */
export const BILLING_CALLS_PER_USER = 10;
export const BILLING_WINDOW_MS = 10 * 60_000;

type App = Parameters<FastifyPluginAsyncZod>[0];
type LimitBilling = ReturnType<typeof limitPerUser>;

/** What a call to the payment provider can answer (billing calls are limited per user). */
const billingErrors = ['payments_unavailable', 'billing_provider_error', 'too_many_requests'] as const;

const tags = ['subscription'];

/** /api/subscription/* except /api-keys (the chat module's). */
export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const context: BillingContext = {
    db: app.db,
    config: app.config,
    stripe: createStripeClient(app.config),
    now: app.now,
  };
  // each call opens a Stripe session or asks Stripe for the account: a user's calls are limited
  const limitBilling = limitPerUser(app.rateLimitStore, {
    name: 'billing-user',
    max: BILLING_CALLS_PER_USER,
    windowMs: BILLING_WINDOW_MS,
  });
  registerPlanReads(app);
  registerCheckout(app, context, limitBilling);
  registerChangePreview(app, context, limitBilling);
  registerPortal(app, context, limitBilling);
  registerCancel(app, context);
  registerSync(app, context, limitBilling);
  await app.register(async (webhook) => registerWebhook(webhook, context));
};

/** The catalogue, the plan in force and today's usage: answered without asking Stripe. */
function registerPlanReads(app: App) {
  app.get(
    '/plans',
    {
      config: { access: 'public' },
      schema: {
        tags,
        operationId: 'listPlans',
        summary: "The plan catalogue in the caller's language, and whether plans can be bought",
        response: { 200: plansResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: listPlans(request.language, app.config),
      billing: { checkout: isCheckoutAvailable(app.config), yearly: isYearlyAvailable(app.config) },
    }),
  );

  app.get(
    '/current',
    {
      config: { access: 'user' },
      schema: {
        tags,
        operationId: 'getCurrentSubscription',
        summary: 'The plan in force and the subscription state',
        response: { 200: currentSubscriptionResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getCurrentSubscription({ db: app.db, config: app.config, now: app.now }, request.user!),
    }),
  );

  app.get(
    '/usage',
    {
      config: { access: 'user' },
      schema: {
        tags,
        operationId: 'getChatUsage',
        summary: 'Conversations today (America/Sao_Paulo day) against the plan limit',
        response: { 200: usageResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getUsage({ db: app.db, config: app.config, now: app.now }, request.user!),
    }),
  );
}

function registerCheckout(app: App, context: BillingContext, limitBilling: LimitBilling) {
  app.post(
    '/checkout',
    {
      config: {
        access: 'optional',
        errors: [
          'login_required_to_subscribe',
          'plan_already_active',
          'payments_unavailable',
          'billing_provider_error',
          'too_many_requests',
        ],
      },
      schema: {
        tags,
        operationId: 'startCheckout',
        summary: 'Start a Stripe Checkout (or schedule a plan change)',
        body: checkoutRequestSchema,
        response: { 200: checkoutResponseSchema },
      },
      // Signed out gets the subscribe-specific message, not a bare 401.
      preHandler: async (request) => {
        if (!request.user) throw new AppError('login_required_to_subscribe');
        await limitBilling(request);
      },
    },
    async (request) => ({
      success: true as const,
      data: await startCheckout(context, request.user!, request.body),
    }),
  );
}

function registerChangePreview(app: App, context: BillingContext, limitBilling: LimitBilling) {
  app.get(
    '/change-preview',
    {
      config: {
        access: 'user',
        errors: ['no_active_subscription', 'plan_already_active', ...billingErrors],
      },
      preHandler: limitBilling,
      schema: {
        tags,
        operationId: 'previewPlanChange',
        summary: "What a paying subscriber's plan change charges now, and when it applies",
        querystring: changePreviewQuerySchema,
        response: { 200: changePreviewResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await previewPlanChange(context, request.user!, request.query.plan),
    }),
  );
}

function registerPortal(app: App, context: BillingContext, limitBilling: LimitBilling) {
  app.post(
    '/portal',
    {
      config: {
        access: 'user',
        errors: ['no_active_subscription', ...billingErrors],
      },
      preHandler: limitBilling,
      schema: {
        tags,
        operationId: 'openBillingPortal',
        summary: 'Open the Stripe billing portal',
        response: { 200: portalResponseSchema },
      },
    },
    async (request) => ({ success: true as const, data: await openBillingPortal(context, request.user!) }),
  );
}

function registerCancel(app: App, context: BillingContext) {
  app.post(
    '/cancel',
    {
      config: {
        access: 'user',
        errors: ['no_active_subscription', ...billingErrors],
      },
      schema: {
        tags,
        operationId: 'cancelSubscription',
        summary: 'Cancel at the end of the paid period',
        response: { 200: cancelResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await cancelSubscription(context, request.user!),
    }),
  );
}

function registerSync(app: App, context: BillingContext, limitBilling: LimitBilling) {
  app.post(
    '/sync',
    {
      config: {
        access: 'user',
        errors: billingErrors,
      },
      preHandler: limitBilling,
      schema: {
        tags,
        operationId: 'syncSubscription',
        summary: 'Reconcile with Stripe',
        response: { 200: syncResponseSchema },
      },
    },
    async (request) => ({ success: true as const, data: await syncSubscription(context, request.user!) }),
  );
}

/** The webhook needs the exact bytes Stripe signed: its own scope parses every body as a raw buffer. */
function registerWebhook(webhook: App, context: BillingContext) {
  webhook.removeAllContentTypeParsers();
  webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  webhook.post(
    '/webhook',
    {
      config: { access: 'public', errors: ['invalid_webhook_signature', 'payments_unavailable'] },
      schema: {
        tags,
        operationId: 'receiveStripeEvent',
        summary: 'Stripe events (signed)',
        response: { 200: webhookResponseSchema },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return handleStripeWebhook(context, rawBody, typeof signature === 'string' ? signature : undefined);
    },
  );
}

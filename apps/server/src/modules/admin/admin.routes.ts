import {
  adminRefundResponseSchema,
  adminUserParamsSchema,
  adminUserResponseSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  grantPlanRequestSchema,
  setAdminRequestSchema,
} from '@farol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createStripeClient } from '../../providers/stripe/client.ts';
import { refundLatestPayment } from '../subscription/subscription.refund.ts';
import { grantPlan, listUsers, setAdminFlag } from './admin.service.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];

const tags = ['admin'];

/** /api/admin/users…: administrators only (401 without a token, 403 for everyone else). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  registerUserList(app);
  registerGrants(app);
  registerRefund(app);
};

function registerUserList(app: App) {
  app.get(
    '/users',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        operationId: 'listUsers',
        summary: 'Users, paged, filtered by name or e-mail',
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersResponseSchema },
      },
    },
    async (request) => ({ success: true as const, data: await listUsers(app.db, request.query, app.now()) }),
  );
}

/** Plans granted without payment, and the admin flag. */
function registerGrants(app: App) {
  app.put(
    '/users/:id/subscription',
    {
      config: { access: 'admin', errors: ['not_found', 'conflict'] },
      schema: {
        tags,
        operationId: 'grantPlan',
        summary: 'Grant a plan without payment (months absent: no end; free removes a grant)',
        params: adminUserParamsSchema,
        body: grantPlanRequestSchema,
        response: { 200: adminUserResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await grantPlan(
        app.db,
        { userId: request.params.id, ...request.body, actorId: request.user!.id, source: 'admin' },
        app.now(),
      ),
    }),
  );

  app.put(
    '/users/:id/admin',
    {
      config: { access: 'admin', errors: ['not_found', 'conflict'] },
      schema: {
        tags,
        operationId: 'setAdmin',
        summary: 'Set or clear the admin flag',
        params: adminUserParamsSchema,
        body: setAdminRequestSchema,
        response: { 200: adminUserResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await setAdminFlag(
        app.db,
        { userId: request.params.id, isAdmin: request.body.isAdmin, actorId: request.user!.id },
        app.now(),
      ),
    }),
  );
}

/** The 30-day guarantee, honoured by an administrator. */
function registerRefund(app: App) {
  const billing = { db: app.db, config: app.config, stripe: createStripeClient(app.config), now: app.now };
  app.post(
    '/users/:id/refund',
    {
      config: {
        access: 'admin',
        errors: ['not_found', 'nothing_to_refund', 'payments_unavailable', 'billing_provider_error'],
      },
      schema: {
        tags,
        operationId: 'refundUser',
        summary: 'Refund the latest paid invoice in full and cancel the subscription (the 30-day guarantee)',
        params: adminUserParamsSchema,
        response: { 200: adminRefundResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await refundLatestPayment(billing, {
        userId: request.params.id,
        actorId: request.user!.id,
        source: 'admin',
      }),
    }),
  );
}

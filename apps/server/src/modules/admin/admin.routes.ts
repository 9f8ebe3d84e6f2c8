import {
  adminUserParamsSchema,
  adminUserResponseSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  grantPlanRequestSchema,
  setAdminRequestSchema,
} from '@farol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { grantPlan, listUsers, setAdminFlag } from './admin.service.ts';

/** /api/admin/users…: administrators only (401 without a token, 403 for everyone else). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['admin'];

  app.get(
    '/users',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Users, paged, filtered by name or e-mail',
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersResponseSchema },
      },
    },
    async (request) => ({ success: true as const, data: await listUsers(app.db, request.query, app.now()) }),
  );

  app.put(
    '/users/:id/subscription',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        security,
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
      config: { access: 'admin' },
      schema: {
        tags,
        security,
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
};

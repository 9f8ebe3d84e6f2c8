import {
  alertDeleteResponseSchema,
  alertEventsQuerySchema,
  alertEventsResponseSchema,
  alertIdParamsSchema,
  alertLimitsResponseSchema,
  alertListResponseSchema,
  alertResponseSchema,
  createAlertRequestSchema,
} from '@farol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MarketService } from '../market/market.types.ts';
import {
  areAlertChecksPaused,
  createAlert,
  deleteAlert,
  getAlertLimits,
  listAlertEvents,
  listAlerts,
  toggleAlert,
  type AlertsContext,
} from './alerts.service.ts';

export const alertsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);
  const security = [{ bearerAuth: [] }];
  const tags = ['alerts'];
  // the market module decorates app.market; read it per request so registration order does not matter
  const context = (): AlertsContext => ({
    db: app.db,
    now: app.now,
    market: app.hasDecorator('market') ? (app as unknown as { market: MarketService }).market : undefined,
    log: app.log,
  });

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: "The caller's alerts, newest first",
        response: { 200: alertListResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listAlerts(context(), request.user!.id),
      checksPaused: areAlertChecksPaused(context()),
    }),
  );

  app.get(
    '/limits',
    {
      schema: {
        tags,
        security,
        summary: 'Alerts used and allowed by the plan (-1: unlimited)',
        response: { 200: alertLimitsResponseSchema },
      },
    },
    async (request) => ({ success: true as const, data: await getAlertLimits(context(), request.user!.id) }),
  );

  app.get(
    '/events',
    {
      schema: {
        tags,
        security,
        summary: "Recent firings of the caller's alerts",
        querystring: alertEventsQuerySchema,
        response: { 200: alertEventsResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listAlertEvents(context(), request.user!.id, request.query.limit),
    }),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Create an alert (403 with requiresUpgrade over the plan limit)',
        body: createAlertRequestSchema,
        response: { 201: alertResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createAlert(context(), request.user!.id, request.body, request.language)),
  );

  app.patch(
    '/:id/toggle',
    {
      schema: {
        tags,
        security,
        summary: 'Activate or deactivate an alert',
        params: alertIdParamsSchema,
        response: { 200: alertResponseSchema },
      },
    },
    async (request) => toggleAlert(context(), request.user!.id, request.params.id, request.language),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete an alert',
        params: alertIdParamsSchema,
        response: { 200: alertDeleteResponseSchema },
      },
    },
    async (request) => deleteAlert(context(), request.user!.id, request.params.id, request.language),
  );
};

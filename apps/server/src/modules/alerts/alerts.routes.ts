import {
  alertDeleteResponseSchema,
  alertEventsQuerySchema,
  alertEventsResponseSchema,
  alertIdParamsSchema,
  alertLimitsResponseSchema,
  alertListResponseSchema,
  alertResponseSchema,
  createAlertRequestSchema,
  currencyQuerySchema,
} from '@farol/contract';
import { translate } from '@farol/i18n';
import { answerCurrency } from '../../lib/currency.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MarketService } from '../market/market.types.ts';
import type { MarketStream } from '../market-stream/market-stream.setup.ts';
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

type App = Parameters<FastifyPluginAsyncZod>[0];

const tags = ['alerts'];

export const alertsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerAlertReads(app);
  registerAlertChanges(app);
};

/**
 * The market modules decorate app.market and app.marketStream; they are read per request so registration
 * order does not matter.
 */
function alertsContext(app: App): AlertsContext {
  const decorated = app as unknown as { market?: MarketService; marketStream?: MarketStream };
  return {
    db: app.db,
    now: app.now,
    market: app.hasDecorator('market') ? decorated.market : undefined,
    log: app.log,
    onPriceAlertsChanged: () => decorated.marketStream?.noteAlertsChanged(),
  };
}

/** The caller's alerts, what the plan allows and recent firings. */
function registerAlertReads(app: App) {
  app.get(
    '/',
    {
      config: { access: 'user', apiToken: true },
      schema: {
        tags,
        operationId: 'listAlerts',
        summary: "The caller's alerts, newest first",
        querystring: currencyQuerySchema,
        response: { 200: alertListResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listAlerts(alertsContext(app), request.user!),
      checksPaused: areAlertChecksPaused(alertsContext(app)),
      currency: answerCurrency(request, request.query.currency),
    }),
  );

  app.get(
    '/limits',
    {
      config: { access: 'user', apiToken: true },
      schema: {
        tags,
        operationId: 'getAlertLimits',
        summary: 'Alerts used and allowed by the plan (-1: unlimited)',
        response: { 200: alertLimitsResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getAlertLimits(alertsContext(app), request.user!),
    }),
  );

  app.get(
    '/events',
    {
      config: { access: 'user', apiToken: true },
      schema: {
        tags,
        operationId: 'listAlertEvents',
        summary: "Recent firings of the caller's alerts",
        querystring: alertEventsQuerySchema,
        response: { 200: alertEventsResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listAlertEvents(alertsContext(app), request.user!, request.query.limit),
    }),
  );
}

/** Create, switch on or off, delete. */
function registerAlertChanges(app: App) {
  app.post(
    '/',
    {
      config: {
        access: 'user',
        errors: [
          'alert_limit_reached',
          'advanced_alerts_require_pro',
          'unknown_coin',
          'coin_without_pair',
          'upstream_unavailable',
        ],
      },
      schema: {
        tags,
        operationId: 'createAlert',
        summary: 'Create an alert (403 with requiresUpgrade over the plan limit)',
        body: createAlertRequestSchema,
        response: { 201: alertResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        data: await createAlert(alertsContext(app), request.user!, request.body),
        message: translate(request.language, 'alerts:server.created'),
      }),
  );

  app.patch(
    '/:id/toggle',
    {
      config: { access: 'user', errors: ['alert_not_found', 'alert_limit_reached'] },
      schema: {
        tags,
        operationId: 'toggleAlert',
        summary: 'Activate or deactivate an alert',
        params: alertIdParamsSchema,
        response: { 200: alertResponseSchema },
      },
    },
    async (request) => {
      const alert = await toggleAlert(alertsContext(app), request.user!, request.params.id);
      const key = alert.isActive ? 'alerts:server.activated' : 'alerts:server.deactivated';
      return { success: true as const, data: alert, message: translate(request.language, key) };
    },
  );

  app.delete(
    '/:id',
    {
      config: { access: 'user', errors: ['alert_not_found'] },
      schema: {
        tags,
        operationId: 'deleteAlert',
        summary: 'Delete an alert',
        params: alertIdParamsSchema,
        response: { 200: alertDeleteResponseSchema },
      },
    },
    async (request) => {
      await deleteAlert(alertsContext(app), request.user!, request.params.id);
      return { success: true as const, message: translate(request.language, 'alerts:server.deleted') };
    },
  );
}

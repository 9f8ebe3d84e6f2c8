import {
  analysisParamsSchema,
  analysisResponseSchema,
  dashboardSignalsQuerySchema,
  dashboardSignalsResponseSchema,
  signalSummaryResponseSchema,
  currencyQuerySchema,
} from '@farol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerCurrency, latestMoney } from '../../lib/currency.ts';
import {
  getAnalysisForUser,
  getSignalSummaryForCaller,
  listDashboardSignals,
  type SignalsDeps,
} from './signals.service.ts';
import { upstreamErrorCodes } from '../../lib/app-error.ts';

/** /api/market-signals: the dashboard's signal items and the market-analysis page. */
export const signalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['market-signals'];
  const deps: SignalsDeps = { signals: app.signals };

  app.get(
    '/dashboard-signals',
    {
      config: {
        access: 'user',
        apiToken: true,
        errors: ['unknown_symbol', ...upstreamErrorCodes],
      },
      schema: {
        tags,
        operationId: 'listDashboardSignals',
        summary: 'Signals for the requested coins (default: the ten analysed), as many as the plan allows',
        querystring: dashboardSignalsQuerySchema,
        response: { 200: dashboardSignalsResponseSchema },
      },
    },
    async (request) => {
      const currency = answerCurrency(request, request.query.currency);
      const { money, conversion } = await latestMoney(app.market, currency);
      const { signals, unavailable } = await listDashboardSignals(
        deps,
        request.user!,
        request.query.symbols,
        money,
      );
      return { success: true as const, data: signals, unavailable, currency, conversion };
    },
  );

  app.get(
    '/analysis/:symbol',
    {
      config: {
        access: 'user',
        apiToken: true,
        errors: ['analysis_requires_pro', 'unknown_symbol', ...upstreamErrorCodes],
      },
      schema: {
        tags,
        operationId: 'getCoinAnalysis',
        summary: 'The full analysis of one of the ten coins (plans with advanced analysis)',
        params: analysisParamsSchema,
        querystring: currencyQuerySchema,
        response: { 200: analysisResponseSchema },
      },
    },
    async (request) => {
      const currency = answerCurrency(request, request.query.currency);
      const { money, conversion } = await latestMoney(app.market, currency);
      const data = await getAnalysisForUser(deps, request.user!, request.params.symbol, money);
      return { success: true as const, data, currency, conversion };
    },
  );

  app.get(
    '/summary/:symbol',
    {
      // the coin pages are public: visitors get what the free plan gets
      config: { access: 'optional', apiToken: true, errors: ['unknown_symbol', ...upstreamErrorCodes] },
      schema: {
        tags,
        operationId: 'getSignalSummary',
        summary:
          'The signal of one of the ten coins as one score (−100 … +100) with its timeframe × indicator table',
        params: analysisParamsSchema,
        querystring: currencyQuerySchema,
        response: { 200: signalSummaryResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getSignalSummaryForCaller(deps, request.user, request.language, request.params.symbol),
      currency: answerCurrency(request, request.query.currency),
    }),
  );
};

import {
  analysableCoinsResponseSchema,
  analysisParamsSchema,
  analysisResponseSchema,
  dashboardSignalsQuerySchema,
  dashboardSignalsResponseSchema,
  signalSummaryResponseSchema,
  currencyQuerySchema,
  type ErrorCode,
} from '@farol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerCurrency, latestMoney } from '../../lib/currency.ts';
import {
  getAnalysisForUser,
  getSignalSummaryForCaller,
  listAnalysableCoins,
  listDashboardSignals,
  type SignalsDeps,
} from './signals.service.ts';
import { upstreamErrorCodes } from '../../lib/app-error.ts';

/** What a route naming coins can answer besides its own: the coin is unknown, has no pair, or is beyond the plan. */
const symbolErrors: ErrorCode[] = [
  'unknown_symbol',
  'coin_without_pair',
  'signal_requires_upgrade',
  ...upstreamErrorCodes,
];

/** /api/market-signals: the dashboard's signal items and the market-analysis page. */
export const signalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['market-signals'];
  const deps: SignalsDeps = { signals: app.signals, market: app.market, db: app.db };

  registerCoinList(app);

  app.get(
    '/dashboard-signals',
    {
      config: {
        access: 'user',
        apiToken: true,
        errors: symbolErrors,
      },
      schema: {
        tags,
        operationId: 'listDashboardSignals',
        summary: 'Signals of the requested coins (default: favourites, then the ten) up to the plan limit',
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
        errors: ['analysis_requires_pro', ...symbolErrors],
      },
      schema: {
        tags,
        operationId: 'getCoinAnalysis',
        summary: 'The full analysis of a coin with a Binance USDT pair (plans with advanced analysis)',
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
      config: {
        access: 'optional',
        apiToken: true,
        errors: symbolErrors,
      },
      schema: {
        tags,
        operationId: 'getSignalSummary',
        summary: 'A coin signal as one score (−100 … +100) with its timeframe × indicator table',
        params: analysisParamsSchema,
        querystring: currencyQuerySchema,
        response: { 200: signalSummaryResponseSchema },
      },
    },
    async (request) => {
      const currency = answerCurrency(request, request.query.currency);
      const data = await getSignalSummaryForCaller(deps, request, request.params.symbol, currency);
      return { success: true as const, data, currency };
    },
  );
};

/** GET /coins: what the coin picker lists (public, like the coin table). */
function registerCoinList(app: Parameters<FastifyPluginAsyncZod>[0]) {
  app.get(
    '/coins',
    {
      config: { access: 'public', apiToken: true, errors: [...upstreamErrorCodes] },
      schema: {
        tags: ['market-signals'],
        operationId: 'listAnalysableCoins',
        summary:
          'Every followed coin with a Binance USDT spot pair (the ten quick choices first, then by rank): what signals and analyses cover',
        response: { 200: analysableCoinsResponseSchema },
      },
    },
    async () => {
      const { coins, source } = await listAnalysableCoins(app.market);
      return { success: true as const, data: coins, source };
    },
  );
}

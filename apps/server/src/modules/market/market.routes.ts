import {
  candlesQuerySchema,
  coinFactsResponseSchema,
  coinParamsSchema,
  candlesResponseSchema,
  fearGreedResponseSchema,
  currencyQuerySchema,
  globalMarketResponseSchema,
} from '@farol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readCoinFacts } from './coin-page.service.ts';
import { marketAnswer, readCandles, readFearGreed, readGlobalMarket } from './market-data.service.ts';
import { upstreamErrorCodes } from '../../lib/app-error.ts';
import { answerCurrency } from '../../lib/currency.ts';

/**
 * `/api/market-data/*`: public (no token) because the data is public, the landing page's chart uses the
 * candles, and the cache makes the upstream cost independent of the number of callers.
 */
export const marketDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['market-data'];
  app.get(
    '/fear-greed',
    {
      config: { access: 'public', errors: upstreamErrorCodes },
      schema: {
        tags,
        operationId: 'getFearGreedIndex',
        summary: 'Latest Fear & Greed index (alternative.me)',
        response: { 200: fearGreedResponseSchema },
      },
    },
    async () => marketAnswer(await readFearGreed(app.market)),
  );
  app.get(
    '/bitcoin-dominance',
    {
      config: { access: 'public', errors: upstreamErrorCodes },
      schema: {
        tags,
        operationId: 'getBitcoinDominance',
        summary: 'BTC and ETH dominance, total and BTC market cap',
        querystring: currencyQuerySchema,
        response: { 200: globalMarketResponseSchema },
      },
    },
    async (request) => {
      const currency = answerCurrency(request, request.query.currency);
      return { ...marketAnswer(await readGlobalMarket(app.market, currency)), currency };
    },
  );
  app.get(
    '/global',
    {
      config: { access: 'public', errors: upstreamErrorCodes },
      schema: {
        tags,
        operationId: 'getGlobalMarket',
        summary: 'Global market (same fields as bitcoin-dominance)',
        querystring: currencyQuerySchema,
        response: { 200: globalMarketResponseSchema },
      },
    },
    async (request) => {
      const currency = answerCurrency(request, request.query.currency);
      return { ...marketAnswer(await readGlobalMarket(app.market, currency)), currency };
    },
  );
  app.get(
    '/candles',
    {
      config: {
        access: 'public',
        errors: ['unknown_symbol', 'coin_without_pair', ...upstreamErrorCodes],
      },
      schema: {
        tags,
        operationId: 'listCandles',
        summary: 'Closed OHLCV candles of a coin with a Binance USDT pair, oldest first',
        querystring: candlesQuerySchema,
        response: { 200: candlesResponseSchema },
      },
    },
    async (request) => {
      const currency = answerCurrency(request, request.query.currency);
      const candles = await readCandles(app.market, request.query, currency);
      return { ...marketAnswer(candles), currency, conversion: candles.conversion };
    },
  );
  registerCoinRoute(app);
};

/** `/coins/{symbol}`: anyone (the coin pages are public); a session adds whether the coin is a favourite. */
function registerCoinRoute(app: Parameters<FastifyPluginAsyncZod>[0]) {
  const tags = ['market-data'];
  app.get(
    '/coins/:symbol',
    {
      config: { access: 'optional', apiToken: true, errors: ['coin_not_found', ...upstreamErrorCodes] },
      schema: {
        tags,
        operationId: 'getCoin',
        summary:
          'One coin of the followed top 500 by symbol (any case; the best-ranked when symbols collide)',
        params: coinParamsSchema,
        querystring: currencyQuerySchema,
        response: { 200: coinFactsResponseSchema },
      },
    },
    async (request) => {
      const currency = answerCurrency(request, request.query.currency);
      const deps = { db: app.db, market: app.market };
      return {
        ...marketAnswer(await readCoinFacts(deps, request.user, request.params.symbol, currency)),
        currency,
      };
    },
  );
}

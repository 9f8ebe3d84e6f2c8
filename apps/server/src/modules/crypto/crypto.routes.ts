import {
  coinPricesQuerySchema,
  coinPricesResponseSchema,
  favoritesResponseSchema,
  toggleFavoriteRequestSchema,
  toggleFavoriteResponseSchema,
} from '@farol/contract';
import { translate } from '@farol/i18n';
import type { Currency } from '@farol/contract';
import { answerCurrency } from '../../lib/currency.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cacheInfo } from '../market/market-data.service.ts';
import { prepareFavoritesQuery } from './crypto.repository.ts';
import { getFavorites, listCoinPrices, toggleFavorite, type CryptoDeps } from './crypto.service.ts';
import { upstreamErrorCodes } from '../../lib/app-error.ts';

/** One page of the coin table as the contract writes it. */
const pricesAnswer = (page: Awaited<ReturnType<typeof listCoinPrices>>, currency: Currency) => ({
  success: true as const,
  data: page.coins,
  pagination: page.pagination,
  source: page.market.source,
  cache: cacheInfo(page.market),
  currency,
});

/** `/api/crypto/*`: the coin table and favourites (signed-in users). */
export const cryptoRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['crypto'];
  const deps: CryptoDeps = { db: app.db, market: app.market, favoritesOf: prepareFavoritesQuery(app.db) };

  app.get(
    '/prices',
    {
      config: {
        access: 'user',
        apiToken: true,
        errors: ['search_requires_pro', ...upstreamErrorCodes],
      },
      schema: {
        tags,
        operationId: 'listCoinPrices',
        summary: 'Coins by market cap for the caller’s plan, favourites first, paged',
        querystring: coinPricesQuerySchema,
        response: { 200: coinPricesResponseSchema },
      },
    },
    async (request) => {
      const currency = answerCurrency(request, request.query.currency);
      return pricesAnswer(await listCoinPrices(deps, request.user!, request.query, currency), currency);
    },
  );

  app.get(
    '/favorites',
    {
      config: {
        access: 'user',
        apiToken: true,
        errors: upstreamErrorCodes,
      },
      schema: {
        tags,
        operationId: 'listFavoriteCoins',
        summary: 'The caller’s favourite coins',
        response: { 200: favoritesResponseSchema },
      },
    },
    async (request) => {
      const rows = await getFavorites(deps, request.user!);
      return {
        success: true as const,
        data: rows.map((row) => ({
          coinId: row.coinId,
          coinName: row.coinName,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  );

  app.post(
    '/toggle-favorite',
    {
      config: { access: 'user', errors: ['unknown_coin', 'plan_required', 'upstream_unavailable'] },
      schema: {
        tags,
        operationId: 'toggleFavoriteCoin',
        summary: 'Add or remove a favourite (idempotent when `isFavorite` is sent)',
        body: toggleFavoriteRequestSchema,
        response: { 200: toggleFavoriteResponseSchema },
      },
    },
    async (request) => {
      const { isFavorite, coinName } = await toggleFavorite(deps, request.user!, request.body);
      const key = isFavorite ? 'market:favorites.added' : 'market:favorites.removed';
      return {
        success: true as const,
        data: { coinId: request.body.coinId, isFavorite },
        message: translate(request.language, key, { coin: coinName }),
      };
    },
  );
};

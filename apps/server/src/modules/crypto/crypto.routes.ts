import {
  coinPricesQuerySchema,
  coinPricesResponseSchema,
  favoritesResponseSchema,
  toggleFavoriteRequestSchema,
  toggleFavoriteResponseSchema,
} from '@farol/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memoizeOnEmbedded } from '../../lib/cache.ts';
import { memoizedQueryValidatorCompiler } from '../../plugins/query-validator.ts';
import { listFavorites } from './crypto.repository.ts';
import { getFavorites, listCoinPrices, toggleFavorite, type CryptoContext } from './crypto.service.ts';

/** `/api/crypto/*`: the coin table and favourites (signed-in users). */
export const cryptoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);
  const tags = ['crypto'];
  const security = [{ bearerAuth: [] }];
  // the prices table is polled: favourites are read once per user until the next write (embedded database)
  const readFavorites = memoizeOnEmbedded(app.database, (userId) => listFavorites(app.db, userId), {
    ttlMs: 60_000,
    maxEntries: 10_000,
  });
  const contextOf = (request: FastifyRequest): CryptoContext => ({
    db: app.db,
    market: app.market,
    userId: request.user!.id,
    language: request.language,
    entitlements: request.user!.entitlements,
    readFavorites,
  });

  app.get(
    '/prices',
    {
      schema: {
        tags,
        security,
        summary: 'Coins by market cap for the caller’s plan, favourites first, paged',
        querystring: coinPricesQuerySchema,
        response: { 200: coinPricesResponseSchema },
      },
      // polled by every signed-in page: each distinct query is parsed once
      validatorCompiler: memoizedQueryValidatorCompiler,
    },
    async (request) => listCoinPrices(contextOf(request), request.query),
  );

  app.get(
    '/favorites',
    {
      schema: {
        tags,
        security,
        summary: 'The caller’s favourite coins',
        response: { 200: favoritesResponseSchema },
      },
    },
    async (request) => getFavorites(app.db, request.user!.id),
  );

  app.post(
    '/toggle-favorite',
    {
      schema: {
        tags,
        security,
        summary: 'Add or remove a favourite (idempotent when `isFavorite` is sent)',
        body: toggleFavoriteRequestSchema,
        response: { 200: toggleFavoriteResponseSchema },
      },
    },
    async (request) => toggleFavorite(contextOf(request), request.body),
  );
};

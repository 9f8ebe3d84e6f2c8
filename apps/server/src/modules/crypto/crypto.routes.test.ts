import {
  analysisSymbols,
  coinPricesResponseSchema,
  favoritesResponseSchema,
  toggleFavoriteResponseSchema,
} from '@farol/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forEachEngine, startTestApp, type TestApp } from '../../test/harness.ts';

const now = new Date('2025-06-02T15:40:00Z');

forEachEngine((engine) => {
  describe('crypto prices and favourites (simulated market)', () => {
    let test: TestApp;
    beforeAll(async () => {
      test = await startTestApp({ engine, deps: { now: () => now } });
    });
    afterAll(() => test.close());

    it('requires a token', async () => {
      expect((await test.request('GET', '/api/crypto/prices')).status).toBe(401);
      expect((await test.request('GET', '/api/crypto/favorites')).status).toBe(401);
    });

    it('shows a free user the top 5 coins by market cap, labelled simulated', async () => {
      const { token } = await test.registerUser();
      const response = await test.request('GET', '/api/crypto/prices?page=1&limit=10&userId=whatever', {
        token,
      });
      expect(response.status).toBe(200);
      const body = coinPricesResponseSchema.parse(response.body);
      expect(body.source).toBe('simulated');
      // the simulated caps move with the market: the largest five of the ten analysis coins, BTC and ETH first
      expect(body.data.map((coin) => coin.symbol).slice(0, 2)).toEqual(['BTC', 'ETH']);
      expect(
        body.data.every((coin) => ['BTC', 'ETH', 'XRP', 'BNB', 'SOL', 'ADA'].includes(coin.symbol)),
      ).toBe(true);
      expect(body.pagination).toEqual({
        currentPage: 1,
        totalPages: 1,
        totalItems: 5,
        hasPreviousPage: false,
        hasNextPage: false,
      });
      const caps = body.data.map((coin) => coin.market_cap!);
      expect([...caps].sort((a, b) => b - a)).toEqual(caps);
      expect(body.data[0]).toMatchObject({
        id: 'bitcoin',
        name: 'Bitcoin',
        image: null,
        market_cap_rank: 1,
        isFavorite: false,
      });
    });

    it('shows an admin all 500 coins, paged, and lets them search', async () => {
      const { token, user } = await test.registerUser();
      await test.makeAdmin(user.id);
      const page = await test.request('GET', '/api/crypto/prices?page=3&limit=10', { token });
      expect(page.body.pagination).toEqual({
        currentPage: 3,
        totalPages: 50,
        totalItems: 500,
        hasPreviousPage: true,
        hasNextPage: true,
      });
      expect(page.body.data[0].market_cap_rank).toBe(21);
      const all = await test.request('GET', '/api/crypto/prices?page=1&limit=500', { token });
      expect(new Set(all.body.data.map((coin: { id: string }) => coin.id)).size).toBe(500);
      const search = await test.request('GET', '/api/crypto/prices?limit=500&search=polY', { token });
      expect(search.body.data.map((coin: { symbol: string }) => coin.symbol)).toContain('MATIC');
      expect(
        search.body.data.every((coin: { name: string; symbol: string }) =>
          /poly/i.test(coin.name + coin.symbol),
        ),
      ).toBe(true);
    });

    it('refuses search below Profissional; iniciante lists the ten analysed coins, favourites first', async () => {
      const { token, user } = await test.registerUser({ language: 'en' });
      const search = await test.request('GET', '/api/crypto/prices?search=btc', { token });
      expect(search.status).toBe(403);
      expect(search.body).toMatchObject({
        code: 'search_requires_pro',
        message: 'Search requires the Profissional plan.',
      });
      await test.setPlan(user.id, 'iniciante');
      const favourite = await test.request('POST', '/api/crypto/toggle-favorite', {
        token,
        body: { coinId: 'chainlink', coinName: 'Chainlink' },
      });
      expect(favourite.status).toBe(200);
      const table = await test.request('GET', '/api/crypto/prices', { token });
      expect(table.status).toBe(200);
      const symbols = table.body.data.map((coin: { symbol: string }) => coin.symbol);
      expect([...symbols].sort()).toEqual([...analysisSymbols].sort());
      expect(symbols[0]).toBe('LINK');
      expect(table.body.data[0].isFavorite).toBe(true);
      expect(table.body.pagination.totalItems).toBe(10);
      expect((await test.request('GET', '/api/crypto/prices?search=btc', { token })).status).toBe(403);
      await test.setPlan(user.id, 'profissional');
      const pro = await test.request('GET', '/api/crypto/prices?limit=1&page=500', { token });
      expect(pro.status).toBe(200);
      expect(pro.body.pagination.totalItems).toBe(500);
    });

    it.each(['page=0', 'limit=10000', 'limit=0', 'page=abc', 'limit=2.5'])(
      'answers 400 for %s',
      async (query) => {
        const { token } = await test.registerUser();
        const response = await test.request('GET', `/api/crypto/prices?${query}`, { token });
        expect(response.status).toBe(400);
        expect(response.body.code).toBe('validation_failed');
      },
    );

    it('lists favourites first and flips them with a translated message', async () => {
      const { token, user } = await test.registerUser({ language: 'en' });
      await test.makeAdmin(user.id);
      const added = await test.request('POST', '/api/crypto/toggle-favorite', {
        token,
        body: { coinId: 'chainlink', coinName: 'whatever' },
      });
      expect(added.status).toBe(200);
      expect(toggleFavoriteResponseSchema.parse(added.body)).toEqual({
        success: true,
        data: { coinId: 'chainlink', isFavorite: true },
        message: 'Chainlink added to favourites',
      });
      const prices = await test.request('GET', '/api/crypto/prices?page=1&limit=3', { token });
      expect(
        prices.body.data.map((coin: { id: string; isFavorite: boolean }) => [coin.id, coin.isFavorite]),
      ).toEqual([
        ['chainlink', true],
        ['bitcoin', false],
        ['ethereum', false],
      ]);
      const favorites = favoritesResponseSchema.parse(
        (await test.request('GET', '/api/crypto/favorites', { token })).body,
      );
      expect(favorites.data).toEqual([
        { coinId: 'chainlink', coinName: 'Chainlink', createdAt: expect.any(String) },
      ]);
      const removed = await test.request('POST', '/api/crypto/toggle-favorite', {
        token,
        body: { coinId: 'chainlink', coinName: 'Chainlink' },
      });
      expect(removed.body.data.isFavorite).toBe(false);
      expect((await test.request('GET', '/api/crypto/favorites', { token })).body.data).toEqual([]);
    });

    it('shows a removed favourite as such right after the table was read', async () => {
      const { token } = await test.registerUser();
      await test.request('POST', '/api/crypto/toggle-favorite', {
        token,
        body: { coinId: 'ethereum', coinName: 'Ethereum', isFavorite: true },
      });
      const favouriteFirst = await test.request('GET', '/api/crypto/prices?page=1&limit=2', { token });
      expect(
        favouriteFirst.body.data.map((coin: { id: string; isFavorite: boolean }) => [
          coin.id,
          coin.isFavorite,
        ]),
      ).toEqual([
        ['ethereum', true],
        ['bitcoin', false],
      ]);
      await test.request('POST', '/api/crypto/toggle-favorite', {
        token,
        body: { coinId: 'ethereum', coinName: 'Ethereum', isFavorite: false },
      });
      const after = await test.request('GET', '/api/crypto/prices?page=1&limit=2', { token });
      expect(
        after.body.data.map((coin: { id: string; isFavorite: boolean }) => [coin.id, coin.isFavorite]),
      ).toEqual([
        ['bitcoin', false],
        ['ethereum', false],
      ]);
    });

    it('refuses a token at once after a password change, though the table was just read with it', async () => {
      const { token, password } = await test.registerUser();
      for (let i = 0; i < 3; i++)
        expect((await test.request('GET', '/api/crypto/prices', { token })).status).toBe(200);
      const changed = await test.request('PUT', '/api/user/change-password', {
        token,
        body: { currentPassword: password, newPassword: 'novaSenha9' },
      });
      expect(changed.status).toBe(200);
      const old = await test.request('GET', '/api/crypto/prices', { token });
      expect(old.status).toBe(401);
      expect(old.body.code).toBe('session_expired');
      expect((await test.request('GET', '/api/crypto/prices', { token: changed.body.token })).status).toBe(
        200,
      );
    });

    it('takes a revoked admin flag written straight to the database into account on the next request', async () => {
      const { token, user } = await test.registerUser();
      await test.makeAdmin(user.id);
      expect(
        (await test.request('GET', '/api/crypto/prices?limit=1', { token })).body.pagination.totalItems,
      ).toBe(500);
      await test.database.db.execute(sql`update users set is_admin = false where id = ${user.id}`);
      expect(
        (await test.request('GET', '/api/crypto/prices?limit=1', { token })).body.pagination.totalItems,
      ).toBe(5);
    });

    it('is idempotent under a double click that sends the desired state', async () => {
      const { token } = await test.registerUser();
      const clicks = await Promise.all(
        [1, 2].map(() =>
          test.request('POST', '/api/crypto/toggle-favorite', {
            token,
            body: { coinId: 'bitcoin', coinName: 'Bitcoin', isFavorite: true },
          }),
        ),
      );
      expect(clicks.map((click) => [click.status, click.body.data.isFavorite])).toEqual([
        [200, true],
        [200, true],
      ]);
      expect((await test.request('GET', '/api/crypto/favorites', { token })).body.data).toHaveLength(1);
    });

    it('never fails or duplicates on two concurrent plain toggles', async () => {
      const { token } = await test.registerUser();
      const clicks = await Promise.all(
        [1, 2].map(() =>
          test.request('POST', '/api/crypto/toggle-favorite', {
            token,
            body: { coinId: 'solana', coinName: 'Solana' },
          }),
        ),
      );
      expect(clicks.map((click) => click.status)).toEqual([200, 200]);
      const favorites = (await test.request('GET', '/api/crypto/favorites', { token })).body.data;
      expect(favorites.length).toBeLessThanOrEqual(1);
    });

    it('answers 400 for an unknown coin id and for a missing coinId', async () => {
      const { token } = await test.registerUser({ language: 'es' });
      const unknown = await test.request('POST', '/api/crypto/toggle-favorite', {
        token,
        body: { coinId: 'not-a-coin', coinName: 'X' },
      });
      expect(unknown.status).toBe(400);
      expect(unknown.body).toMatchObject({ code: 'unknown_coin', message: 'Moneda desconocida: not-a-coin' });
      const missing = await test.request('POST', '/api/crypto/toggle-favorite', {
        token,
        body: { coinName: 'X' },
      });
      expect(missing.status).toBe(400);
      expect((await test.request('GET', '/api/crypto/favorites', { token })).body.data).toEqual([]);
    });
  });
});

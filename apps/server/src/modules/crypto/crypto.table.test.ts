import { coinPricesResponseSchema, SPARKLINE_MAX_POINTS, type CoinItem } from '@farol/contract';
import { readTestJson } from '@farol/testdata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forEachEngine, startTestApp, type TestApp } from '../../test/harness.ts';
import { startMarketStub, type MarketStub } from '../../test/stubs/market-stub.ts';

// Inside the recorded candles' range, so the stub's sparklines come from real candles "now".
const now = new Date('2025-03-10T10:20:00Z');

type Recorded = {
  symbol: string;
  market_cap_rank: number | null;
  total_volume: number | null;
  price_change_percentage_1h_in_currency?: number | null;
  price_change_percentage_7d_in_currency?: number | null;
};
const analyticsPage = readTestJson<Recorded[]>(
  'fixtures/coingecko/coins_markets_vs_usd_category-analytics_per_page250_pcp.json',
);

const columns = {
  rank: (coin: CoinItem) => coin.market_cap_rank,
  price: (coin: CoinItem) => coin.current_price,
  change1h: (coin: CoinItem) => coin.price_change_percentage_1h,
  change24h: (coin: CoinItem) => coin.price_change_percentage_24h,
  change7d: (coin: CoinItem) => coin.price_change_percentage_7d,
  marketCap: (coin: CoinItem) => coin.market_cap,
  volume: (coin: CoinItem) => coin.total_volume,
} as const;

/** The values of a column in the order answered: the known ones sorted the asked way, then the nulls. */
function expectSorted(values: (number | null)[], order: 'asc' | 'desc') {
  const known = values.filter((value): value is number => value !== null);
  const sorted = [...known].sort((a, b) => (order === 'asc' ? a - b : b - a));
  expect(values).toEqual([...sorted, ...values.slice(known.length).map(() => null)]);
}

forEachEngine((engine) => {
  describe('coin table over the recorded CoinGecko pages', () => {
    let stub: MarketStub;
    let test: TestApp;
    let token: string;
    beforeAll(async () => {
      stub = await startMarketStub();
      test = await startTestApp({
        engine,
        env: { MARKET_DATA_SOURCE: 'live', ...stub.env },
        deps: { now: () => now },
      });
      const user = await test.registerUser();
      await test.setPlan(user.user.id, 'profissional');
      token = user.token;
    });
    afterAll(async () => {
      await test.close();
      await stub.close();
    });

    const list = async (query: string) => {
      const response = await test.request('GET', `/api/crypto/prices?page=1&limit=500&${query}`, { token });
      expect(response.status).toBe(200);
      return coinPricesResponseSchema.parse(response.body);
    };

    it.each(Object.keys(columns) as (keyof typeof columns)[])(
      'sorts the whole list by %s both ways, coins without the value last',
      async (sort) => {
        for (const order of ['asc', 'desc'] as const) {
          const body = await list(`sort=${sort}&order=${order}`);
          expect(body.data).toHaveLength(46);
          expectSorted(body.data.map(columns[sort]), order);
        }
      },
    );

    it('pages the sorted list: page 2 continues page 1', async () => {
      const whole = await list('sort=change7d&order=desc');
      const pages = await Promise.all(
        [1, 2].map((page) =>
          test.request('GET', `/api/crypto/prices?page=${page}&limit=10&sort=change7d&order=desc`, { token }),
        ),
      );
      expect(pages.flatMap((page) => page.body.data.map((coin: CoinItem) => coin.id))).toEqual(
        whole.data.slice(0, 20).map((coin) => coin.id),
      );
    });

    // the stub sends a window's change only when CoinGecko is asked for it, as CoinGecko does
    it('asks for and maps the 1 h and 7 d changes and the volume from the recorded page, nulls kept null', async () => {
      // the recorded page is in USD (a pt-BR account would get reais)
      const body = await list('search=&currency=USD');
      for (const recorded of analyticsPage) {
        const coin = body.data.find((item) => item.symbol === recorded.symbol.toUpperCase())!;
        expect(coin.price_change_percentage_1h).toBe(recorded.price_change_percentage_1h_in_currency ?? null);
        expect(coin.price_change_percentage_7d).toBe(recorded.price_change_percentage_7d_in_currency ?? null);
        expect(coin.total_volume).toBe(recorded.total_volume);
      }
      // the top-30 page was recorded without the 1 h and 7 d fields: unknown, never zero
      const bitcoin = body.data.find((coin) => coin.id === 'bitcoin')!;
      expect(bitcoin.price_change_percentage_1h).toBeNull();
      expect(bitcoin.price_change_percentage_7d).toBeNull();
      expect(bitcoin.total_volume).toBe(70779623474);
      expect(body.data.find((coin) => coin.symbol === 'CHART')!.price_change_percentage_1h).toBeNull();
    });

    it('asks CoinGecko for sparklines and downsamples them; coins without recorded candles have none', async () => {
      const body = await list('sort=rank&order=asc');
      const bitcoin = body.data.find((coin) => coin.id === 'bitcoin')!;
      // 168 hourly closes become at most 42 points
      expect(bitcoin.sparkline_7d).toHaveLength(SPARKLINE_MAX_POINTS);
      expect(bitcoin.sparkline_7d!.every((price) => price > 10_000)).toBe(true);
      // 8 daily closes are kept as they are
      expect(body.data.find((coin) => coin.symbol === 'XRP')!.sparkline_7d).toHaveLength(8);
      expect(body.data.find((coin) => coin.symbol === 'USDT')!.sparkline_7d).toBeNull();
    });

    it('refuses an unknown sort column or order with a translated 400', async () => {
      const column = await test.request('GET', '/api/crypto/prices?sort=name', {
        token,
        headers: { 'accept-language': 'en' },
      });
      expect(column.status).toBe(400);
      expect(column.body.code).toBe('validation_failed');
      expect(column.body.message).toMatch(/sort/i);
      const order = await test.request('GET', '/api/crypto/prices?sort=price&order=up', {
        token,
        headers: { 'accept-language': 'es' },
      });
      expect(order.status).toBe(400);
      expect(order.body.code).toBe('validation_failed');
      const portuguese = await test.request('GET', '/api/crypto/prices?order=up', { token });
      expect(new Set([column.body.message, order.body.message, portuguese.body.message]).size).toBe(3);
    });
  });

  describe('coin table over the simulated market', () => {
    let test: TestApp;
    beforeAll(async () => {
      test = await startTestApp({ engine, deps: { now: () => now } });
    });
    afterAll(() => test.close());

    it('gives every coin its 1 h and 7 d change, volume and a 42-point sparkline ending at its price', async () => {
      const { token, user } = await test.registerUser();
      await test.setPlan(user.id, 'profissional');
      const response = await test.request(
        'GET',
        '/api/crypto/prices?page=1&limit=500&sort=change7d&order=desc',
        {
          token,
        },
      );
      const body = coinPricesResponseSchema.parse(response.body);
      expect(body.source).toBe('simulated');
      expect(body.data).toHaveLength(500);
      for (const coin of body.data) {
        expect(coin.price_change_percentage_1h).toEqual(expect.any(Number));
        expect(coin.total_volume).toBeGreaterThan(0);
        expect(coin.sparkline_7d).toHaveLength(SPARKLINE_MAX_POINTS);
        expect(coin.sparkline_7d!.at(-1)).toBeCloseTo(coin.current_price!, 6);
        // the 7 d change is measured from the sparkline's first point
        expect(coin.price_change_percentage_7d).toBeCloseTo(
          (coin.current_price! / coin.sparkline_7d![0]! - 1) * 100,
          6,
        );
      }
      expectSorted(
        body.data.map((coin) => coin.price_change_percentage_7d),
        'desc',
      );
    });
  });
});

import fs from 'node:fs';
import { candlesResponseSchema, fearGreedResponseSchema, globalMarketResponseSchema } from '@farol/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';
import { marketSnapshots } from '../../db/schema/market.ts';
import { forEachEngine, startTestApp, type TestApp } from '../../test/harness.ts';
import { startMarketStub, stubEndpoints, type MarketStub } from '../../test/stubs/market-stub.ts';

// Inside the recorded candles' range (the 1h files end 2025-04-28), so the stub has data "now".
const start = Date.parse('2025-03-10T10:20:00Z');
const clock = (initial = start) => {
  let time = initial;
  return { now: () => new Date(time), advance: (ms: number) => (time += ms) };
};

forEachEngine((engine) => {
  describe('market data on the simulated market', () => {
    let test: TestApp;
    beforeAll(async () => {
      test = await startTestApp({ engine, deps: { now: () => new Date(start) } });
    });
    afterAll(() => test.close());

    it('answers fear-greed, dominance and global with the spec fields, labelled simulated', async () => {
      const fearGreed = await test.request('GET', '/api/market-data/fear-greed');
      expect(fearGreed.status).toBe(200);
      const parsed = fearGreedResponseSchema.parse(fearGreed.body);
      expect(parsed.source).toBe('simulated');
      expect(parsed.data.timestamp).toBe(Date.parse('2025-03-10T00:00:00Z') / 1000);

      for (const path of ['/api/market-data/bitcoin-dominance', '/api/market-data/global']) {
        const response = await test.request('GET', path);
        expect(response.status).toBe(200);
        const body = globalMarketResponseSchema.parse(response.body);
        expect(body.source).toBe('simulated');
        expect(body.data.bitcoin_dominance).toBeGreaterThan(30);
        expect(body.data.bitcoin_dominance).toBeLessThan(90);
        expect(body.data.bitcoin_market_cap).toBeCloseTo(
          (body.data.total_market_cap * body.data.bitcoin_dominance) / 100,
          -3,
        );
      }
    });

    it('serves closed candles oldest first, up to the limit', async () => {
      const response = await test.request('GET', '/api/market-data/candles?symbol=eth&interval=4h&limit=300');
      expect(response.status).toBe(200);
      const body = candlesResponseSchema.parse(response.body);
      expect(body.source).toBe('simulated');
      expect(body.data).toHaveLength(300);
      const last = body.data.at(-1)!;
      // 10:20 -> the open 4h candle began at 08:00; the last closed one at 04:00
      expect(last.time).toBe(Date.parse('2025-03-10T04:00:00Z') / 1000);
      expect(body.data[1]!.time - body.data[0]!.time).toBe(4 * 3600);
    });

    it.each([
      ['symbol=DO-GE&interval=1h', 'symbol'],
      ['symbol=BTC&interval=2h', 'interval'],
      ['symbol=BTC&limit=1001', 'limit'],
      ['symbol=BTC&limit=0', 'limit'],
      ['interval=1h', 'symbol'],
    ])('answers 400 for a bad candles query (%s)', async (query, field) => {
      const response = await test.request('GET', `/api/market-data/candles?${query}`, {
        headers: { 'accept-language': 'en' },
      });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('validation_failed');
      expect(response.body.errors[0].field).toBe(field);
    });
  });

  describe('market data from the live providers (stub)', () => {
    let stub: MarketStub;
    // Each test builds its own app (an empty in-memory cache, fresh failure counters) but they share one
    // embedded database: opening and migrating a new PGlite took most of each test's 3-5 s. Snapshots,
    // the only market state in it, are wiped before each test. PostgreSQL keeps a database per app.
    let shared: Database | undefined;
    beforeAll(async () => {
      stub = await startMarketStub();
      if (engine === 'pglite') {
        shared = await openDatabase({ databaseUrl: undefined });
        await migrate(shared);
      }
    });
    afterAll(async () => {
      await stub.close();
      await shared?.close();
    });
    beforeEach(async () => {
      await shared?.db.delete(marketSnapshots);
    });

    const liveApp = async (env: Record<string, string> = {}, deps = {}) => {
      const test = await startTestApp({
        engine,
        env: { MARKET_DATA_SOURCE: 'live', UPSTREAM_TIMEOUT_MS: '300', ...stub.env, ...env },
        deps: { ...(shared ? { database: shared } : {}), ...deps },
      });
      // the harness's close would also close the shared database
      const closeApp = async () => {
        await test.app.close();
        fs.rmSync(test.dataDir, { recursive: true, force: true });
      };
      return shared ? { ...test, close: closeApp } : test;
    };

    it('maps the recorded CoinGecko, alternative.me and Binance answers', async () => {
      const time = clock();
      const test = await liveApp({}, { now: time.now });
      try {
        const global = await test.request('GET', '/api/market-data/global');
        expect(global.status).toBe(200);
        expect(global.body).toMatchObject({
          source: 'coingecko',
          cache: { isFromCache: false },
          data: {
            bitcoin_dominance: 44.59244167928988,
            ethereum_dominance: 19.04061344871067,
            last_updated: 1681474959,
          },
        });
        const fearGreed = await test.request('GET', '/api/market-data/fear-greed');
        expect(fearGreed.body).toMatchObject({
          source: 'alternative.me',
          data: { value: 12, classification: 'Extreme Fear', timestamp: 1780704000 },
        });
        const candles = await test.request('GET', '/api/market-data/candles?symbol=BTC&interval=1h&limit=3');
        expect(candles.status).toBe(200);
        expect(candles.body.source).toBe('binance');
        // the real BTCUSDT candles of 2025-03-10 07:00..09:00 UTC (10:00 is still open at 10:20)
        expect(
          candles.body.data.map((candle: { time: number }) => new Date(candle.time * 1000).toISOString()),
        ).toEqual(['2025-03-10T07:00:00.000Z', '2025-03-10T08:00:00.000Z', '2025-03-10T09:00:00.000Z']);
        const again = await test.request('GET', '/api/market-data/global');
        expect(again.body.cache.isFromCache).toBe(true);
        expect(stub.calls(stubEndpoints.global)).toBeGreaterThanOrEqual(1);
      } finally {
        await test.close();
      }
    });

    it.each([
      [
        { kind: 'status', status: 429, retryAfter: '17' } as const,
        429,
        'upstream_rate_limited',
        'rate_limit',
      ],
      [
        { kind: 'status', status: 418, retryAfter: '120' } as const,
        429,
        'upstream_rate_limited',
        'rate_limit',
      ],
      [{ kind: 'status', status: 500 } as const, 503, 'upstream_unavailable', 'server_error'],
      [{ kind: 'status', status: 400 } as const, 424, 'upstream_bad_response', 'api_error'],
      [{ kind: 'malformed' } as const, 424, 'upstream_bad_response', 'api_error'],
      [{ kind: 'timeout' } as const, 503, 'upstream_unavailable', 'network_error'],
      [{ kind: 'reset' } as const, 503, 'upstream_unavailable', 'network_error'],
    ])('with nothing cached, a %o upstream fault answers %i %s', async (fault, status, code, errorKind) => {
      const test = await liveApp();
      stub.setFault(stubEndpoints.global, fault);
      try {
        const response = await test.request('GET', '/api/market-data/bitcoin-dominance', {
          headers: { 'accept-language': 'en' },
        });
        expect(response.status).toBe(status);
        expect(response.body).toMatchObject({ code, errorKind });
        expect(response.body.message).toMatch(/\w/);
        if ('retryAfter' in fault) expect(response.headers.get('retry-after')).toBe(fault.retryAfter);
      } finally {
        stub.clearFaults();
        await test.close();
      }
    });

    it('serves the stale copy with its age when the upstream fails after expiry', async () => {
      const time = clock();
      const test = await liveApp({}, { now: time.now });
      try {
        expect((await test.request('GET', '/api/market-data/fear-greed')).body.cache.isFromCache).toBe(false);
        stub.setFault(stubEndpoints.fearGreed, { kind: 'status', status: 503 });
        time.advance(60 * 60_000); // an hour: far past the 5-minute freshness
        const response = await test.request('GET', '/api/market-data/fear-greed');
        expect(response.status).toBe(200);
        expect(response.body).toMatchObject({
          source: 'alternative.me',
          cache: { isFromCache: true, ageSeconds: 3600 },
          data: { value: 12 },
        });
      } finally {
        stub.clearFaults();
        await test.close();
      }
    });

    it('makes exactly one upstream call for 500 concurrent price requests', async () => {
      // a generous timeout: 500 requests on a busy machine must not turn the slow answer into a timeout
      const test = await liveApp({ UPSTREAM_TIMEOUT_MS: '10000' });
      try {
        const { token } = await test.registerUser();
        const before = stub.calls(stubEndpoints.coinsMarkets);
        stub.setFault(stubEndpoints.coinsMarkets, { kind: 'slow', delayMs: 150 });
        const responses = await Promise.all(
          Array.from({ length: 500 }, () =>
            test.request('GET', '/api/crypto/prices?page=1&limit=10', { token }),
          ),
        );
        expect(
          responses
            .filter((response) => response.status !== 200)
            .map((response) => response.text)
            .slice(0, 2),
        ).toEqual([]);
        expect(stub.calls(stubEndpoints.coinsMarkets) - before).toBe(1);
        expect(responses[0]!.body.data.map((coin: { id: string }) => coin.id)).toEqual([
          'bitcoin',
          'ethereum',
          'ripple',
          'tether',
          'binancecoin',
        ]);
      } finally {
        stub.clearFaults();
        await test.close();
      }
    });

    it('serves the persisted snapshot after a restart with the upstream down', async () => {
      const database = await openDatabase({ databaseUrl: undefined });
      if (engine === 'postgres') return; // the shared in-memory database below is PGlite's
      const first = await liveApp({}, { database });
      const fresh = await first.request('GET', '/api/market-data/global');
      expect(fresh.body.source).toBe('coingecko');
      await first.app.close();
      const down = await startMarketStub();
      await down.close(); // nothing listens on its port any more: connection refused
      const time = clock(Date.now() + 3_600_000);
      const second = await startTestApp({
        engine,
        env: {
          MARKET_DATA_SOURCE: 'live',
          UPSTREAM_TIMEOUT_MS: '300',
          COINGECKO_BASE_URL: `${down.url}/api/v3`,
        },
        deps: { database, now: time.now },
      });
      try {
        const response = await second.request('GET', '/api/market-data/global');
        expect(response.status).toBe(200);
        expect(response.body).toMatchObject({
          source: 'coingecko',
          cache: { isFromCache: true },
          data: fresh.body.data,
        });
        expect(response.body.cache.ageSeconds).toBeGreaterThanOrEqual(3600);
      } finally {
        await second.close();
      }
    });

    it('auto mode switches to the simulated market while the upstream is unreachable and back when it answers', async () => {
      const time = clock();
      const test = await liveApp({ MARKET_DATA_SOURCE: 'auto' }, { now: time.now });
      try {
        stub.setFault(stubEndpoints.global, { kind: 'reset' });
        const offline = await test.request('GET', '/api/market-data/global');
        expect(offline.status).toBe(200);
        expect(offline.body.source).toBe('simulated');
        stub.clearFaults();
        time.advance(20_000); // past the failure backoff: the live provider is tried again
        const online = await test.request('GET', '/api/market-data/global');
        expect(online.body.source).toBe('coingecko');
      } finally {
        stub.clearFaults();
        await test.close();
      }
    });
  });
});

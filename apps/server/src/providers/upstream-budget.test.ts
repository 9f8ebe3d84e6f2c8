import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { isRedisReachable, testRedisUrl } from '../test/redis.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { startMarketStub, stubEndpoints, type MarketStub } from '../test/stubs/market-stub.ts';
import {
  createMemoryBudgetStore,
  createRedisBudgetStore,
  type UpstreamBudgetStore,
} from './upstream-budget.ts';

// Redis is optional for Farol: these tests use the local server (REDIS_URL, else 127.0.0.1:6379) when it
// answers, each run under its own key prefix so parallel suites sharing that server never meet.
const redisUrl = testRedisUrl;
const redisAnswers = await isRedisReachable(redisUrl);
// Without a Redis server the shared-budget blocks below do not run; say so once, visibly.
if (!redisAnswers)
  console.warn(`upstream budget: Redis-backed tests not run: no Redis answers at ${redisUrl}`);

const clients: Redis[] = [];
const connectRedis = (keyPrefix: string) => {
  const client = new Redis(redisUrl, { keyPrefix, maxRetriesPerRequest: 2 });
  clients.push(client);
  return client;
};
afterAll(async () => {
  await Promise.all(clients.map((client) => client.quit().catch(() => undefined)));
});

const bucket = { provider: 'coingecko', callsPerMinute: 6 };

/** Tokens taken out of `attempts` concurrent calls at one instant. */
async function takeAll(stores: UpstreamBudgetStore[], attempts: number, nowMs: number) {
  const results = await Promise.all(
    Array.from({ length: attempts }, (_, index) => stores[index % stores.length]!.take(bucket, nowMs)),
  );
  return {
    taken: results.filter((result) => result === undefined).length,
    refusals: results.filter((result) => result !== undefined),
  };
}

describe('upstream budget in this process', () => {
  it('gives a minute of calls at once, then one more per refill interval', async () => {
    const store = createMemoryBudgetStore();
    expect((await takeAll([store], 10, 0)).taken).toBe(6);
    expect(await store.take(bucket, 5_000)).toEqual({ reason: 'budget_exhausted', retryAfterMs: 5_000 });
    expect(await store.take(bucket, 10_000)).toBeUndefined();
  });

  it('refuses calls until the vendor cool-down is over, whatever tokens remain', async () => {
    const store = createMemoryBudgetStore();
    await store.block('coingecko', 30_000, 0);
    expect(await store.take(bucket, 10_000)).toEqual({ reason: 'cooling_down', retryAfterMs: 20_000 });
    expect(await store.take(bucket, 30_000)).toBeUndefined();
  });
});

describe('a budget counted in request weight (Binance)', () => {
  const weighted = { provider: 'binance', callsPerMinute: 60 };
  const takeWeights = async (store: UpstreamBudgetStore, weights: number[], nowMs: number) => {
    const taken: number[] = [];
    for (const weight of weights)
      if ((await store.take(weighted, nowMs, weight)) === undefined) taken.push(weight);
    return taken;
  };

  it('takes each call at its weight and waits for the weight it needs', async () => {
    const store = createMemoryBudgetStore();
    // exchangeInfo (20) then klines (2) until the minute's 60 are spent
    expect(await takeWeights(store, [20, ...Array<number>(25).fill(2)], 0)).toEqual([
      20,
      ...Array<number>(20).fill(2),
    ]);
    // one weight a second refills: a 20-weight call waits 20 s, a klines call 2 s
    expect(await store.take(weighted, 0, 20)).toEqual({ reason: 'budget_exhausted', retryAfterMs: 20_000 });
    expect(await store.take(weighted, 2_000, 2)).toBeUndefined();
  });

  it.runIf(redisAnswers)('is shared by two instances through Redis at the same weights', async () => {
    const prefix = `farol-test-${crypto.randomUUID()}:`;
    const [first, second] = [
      createRedisBudgetStore(connectRedis(prefix)),
      createRedisBudgetStore(connectRedis(prefix)),
    ];
    expect(await takeWeights(first!, [20, 20], 1_000_000)).toEqual([20, 20]);
    expect(await takeWeights(second!, [20, 2], 1_000_000)).toEqual([20]);
    expect(await second!.take(weighted, 1_000_000, 2)).toEqual({
      reason: 'budget_exhausted',
      retryAfterMs: 2_000,
    });
  });
});

describe.runIf(redisAnswers)('upstream budget shared through Redis', () => {
  it('lets two instances racing for tokens take exactly one minute of calls together', async () => {
    const prefix = `farol-test-${crypto.randomUUID()}:`;
    const stores = [
      createRedisBudgetStore(connectRedis(prefix)),
      createRedisBudgetStore(connectRedis(prefix)),
    ];
    const burst = await takeAll(stores, 40, 1_000_000);
    expect(burst.taken).toBe(6);
    expect(burst.refusals.every((refusal) => refusal?.reason === 'budget_exhausted')).toBe(true);
    // 6 a minute: one token every 10 s, whichever instance asks
    expect(await stores[0]!.take(bucket, 1_005_000)).toEqual({
      reason: 'budget_exhausted',
      retryAfterMs: 5_000,
    });
    expect((await takeAll(stores, 10, 1_010_000)).taken).toBe(1);
  });

  it("makes every instance honour one instance's vendor cool-down", async () => {
    const prefix = `farol-test-${crypto.randomUUID()}:`;
    const [first, second] = [
      createRedisBudgetStore(connectRedis(prefix)),
      createRedisBudgetStore(connectRedis(prefix)),
    ];
    await first!.block('coingecko', 1_060_000, 1_000_000);
    await first!.block('coingecko', 1_030_000, 1_000_000); // a shorter Retry-After later never shortens the wait
    expect(await second!.take(bucket, 1_020_000)).toEqual({ reason: 'cooling_down', retryAfterMs: 40_000 });
    expect(await second!.take(bucket, 1_060_000)).toBeUndefined();
  });

  it('falls back to its own bucket when Redis cannot be reached', async () => {
    const unreachable = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    unreachable.on('error', () => undefined);
    clients.push(unreachable);
    const errors: unknown[] = [];
    const store = createRedisBudgetStore(unreachable, { onError: (error) => errors.push(error) });
    expect((await takeAll([store], 10, 0)).taken).toBe(6);
    expect(errors.length).toBeGreaterThan(0);
  });
});

describe('two app instances against the CoinGecko stub', () => {
  const callsPerMinute = 3;
  const rounds = 12;
  const roundMs = 16_000; // past the 15 s failure backoff, so every round each instance asks CoinGecko again
  let stub: MarketStub;
  beforeAll(async () => {
    stub = await startMarketStub();
    // every global call fails: nothing is cached, so every read that the budget allows reaches the stub
    stub.setFault(stubEndpoints.global, { kind: 'status', status: 500 });
  });
  afterAll(() => stub.close());

  /** Both instances read the global market once per round; returns the stub's calls and the answers' statuses. */
  async function runInstances(redis: () => Redis | undefined) {
    let time = Date.parse('2025-03-10T10:20:00Z');
    const apps: TestApp[] = [];
    try {
      for (let index = 0; index < 2; index += 1) {
        const client = redis();
        apps.push(
          await startTestApp({
            env: {
              MARKET_DATA_SOURCE: 'live',
              COINGECKO_CALLS_PER_MINUTE: String(callsPerMinute),
              ...stub.env,
            },
            deps: { now: () => new Date(time), ...(client ? { redis: client } : {}) },
          }),
        );
      }
      const before = stub.calls(stubEndpoints.global);
      const answers: { status: number; code: string; retryAfter: string | null }[] = [];
      for (let round = 0; round < rounds; round += 1) {
        if (round > 0) time += roundMs;
        // one after the other: the shared cache's lock would otherwise make the second wait for the first
        for (const app of apps) {
          const response = await app.request('GET', '/api/market-data/global');
          answers.push({
            status: response.status,
            code: response.body.code,
            retryAfter: response.headers.get('retry-after'),
          });
        }
      }
      return { calls: stub.calls(stubEndpoints.global) - before, answers };
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
  }

  // the bucket's promise over the run: a full minute's calls at the start plus what refilled since
  const budget = Math.floor(callsPerMinute + (callsPerMinute * ((rounds - 1) * roundMs)) / 60_000);

  it.runIf(redisAnswers)('never exceed the CoinGecko budget together when they share Redis', async () => {
    const prefix = `farol-test-${crypto.randomUUID()}:`;
    const { calls, answers } = await runInstances(() => connectRedis(prefix));
    expect(calls).toBeLessThanOrEqual(budget);
    expect(calls).toBeGreaterThanOrEqual(budget - 2);
    // the reads the budget refused answer 429 with the wait, and never reach the stub
    const refused = answers.filter((answer) => answer.code === 'upstream_rate_limited');
    expect(refused.length).toBe(answers.length - calls);
    expect(refused.every((answer) => answer.status === 429 && Number(answer.retryAfter) > 0)).toBe(true);
  });

  it('make up to twice the budget with a bucket each (why the budget is shared)', async () => {
    const { calls } = await runInstances(() => undefined);
    expect(calls).toBeGreaterThan(budget);
  });
});

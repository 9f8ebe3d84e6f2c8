import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '../test/eventually.ts';
import { deleteTestKeys, isRedisReachable, testRedisUrl } from '../test/redis.ts';
import { startTcpProxy, type TcpProxy } from '../test/stubs/tcp-proxy.ts';
import { createRedisCacheStore, type CacheEntry } from './cache.ts';
import { createMemoryInFlightLimiter, createRedisInFlightLimiter } from './in-flight.ts';
import { createMemoryRateLimitStore, createRedisRateLimitStore } from './rate-limiter.ts';
import { redisClientOptions, watchRedis, withLocalFallback, type RedisWatch } from './redis-watch.ts';

// Redis is optional for Farol: these tests use the local server (REDIS_URL, else 127.0.0.1:6379) when it
// answers, reached through a TCP proxy the tests cut and restore.
const redisAnswers = await isRedisReachable(testRedisUrl);
if (!redisAnswers) console.warn(`Redis outage: tests not run: no Redis answers at ${testRedisUrl}`);

describe.runIf(redisAnswers)('shared state when Redis goes away and comes back', () => {
  const keyPrefix = `farol-test-${crypto.randomBytes(4).toString('hex')}:`;
  let proxy: TcpProxy;
  let redis: Redis;
  let direct: Redis;
  let watch: RedisWatch;
  const warnings: string[] = [];
  const log = {
    warn: (_object: object, message: string) => void warnings.push(message),
    info: () => undefined,
  };

  beforeAll(async () => {
    proxy = await startTcpProxy(testRedisUrl);
    redis = new Redis(proxy.url, { ...redisClientOptions, keyPrefix });
    direct = new Redis(testRedisUrl, { keyPrefix });
    watch = watchRedis(redis, log);
    await redis.ping();
  });
  afterAll(async () => {
    await proxy.restore();
    await deleteTestKeys(keyPrefix);
    redis.disconnect();
    direct.disconnect();
    await proxy.close();
  });
  beforeEach(async () => {
    await proxy.restore();
    await eventually(
      () => watch.isDown(),
      (isDown) => !isDown,
    );
  });

  const cut = async () => {
    await proxy.cut();
    await eventually(
      () => watch.isDown(),
      (isDown) => isDown,
    );
  };

  it('says Redis is down once per outage, and up again when it answers', async () => {
    const before = warnings.length;
    await cut();
    expect(warnings.length).toBe(before + 1);
    expect(warnings.at(-1)).toMatch(/Redis unreachable/);
    await proxy.restore();
    await eventually(
      () => watch.isDown(),
      (isDown) => !isDown,
    );
    expect(await redis.ping()).toBe('PONG');
  });

  it('counts rate-limit windows in memory while Redis is cut, and in Redis again after', async () => {
    const store = withLocalFallback(watch, createRedisRateLimitStore(redis), createMemoryRateLimitStore());
    expect((await store.hit('login:a', 60_000)).count).toBe(1);
    expect(await direct.get('farol:rl:login:a')).toBe('1');
    await cut();
    // this instance's own window: the limit still holds, counted from the outage
    expect((await store.hit('login:a', 60_000)).count).toBe(1);
    expect((await store.hit('login:a', 60_000)).count).toBe(2);
    await proxy.restore();
    await eventually(
      () => watch.isDown(),
      (isDown) => !isDown,
    );
    expect((await store.hit('login:a', 60_000)).count).toBe(2);
    expect(await direct.get('farol:rl:login:a')).toBe('2');
  });

  it('releases a chat slot taken in Redis after Redis went away, and takes slots in memory meanwhile', async () => {
    const limiter = withLocalFallback(
      watch,
      createRedisInFlightLimiter(redis, { prefix: 'farol:chat-in-flight:', leaseMs: 60_000 }),
      createMemoryInFlightLimiter(),
    );
    const held = await limiter.acquire('user-1', 1);
    expect(held).toBeDefined();
    expect(await limiter.acquire('user-1', 1)).toBeUndefined();
    await cut();
    await expect(held!()).resolves.toBeUndefined();
    const during = await limiter.acquire('user-1', 1);
    expect(during).toBeDefined();
    expect(await limiter.acquire('user-1', 1)).toBeUndefined();
    await during!();
  });

  it('serves the market cache from this process while Redis is cut', async () => {
    const store = createRedisCacheStore(redis, { prefix: 'farol:cache:', watch });
    const entry = (value: string, freshMs: number): CacheEntry => ({
      value,
      source: 'coingecko',
      fetchedAt: Date.now(),
      freshUntil: Date.now() + freshMs,
    });
    await store.set('coins', entry('v1', -1));
    await cut();
    // a stale copy is still this process's answer (the cache serves it when the upstream fails)
    expect((await store.get('coins'))?.value).toBe('v1');
    const release = await store.lock('coins', 1_000);
    expect(release).toBeDefined();
    await store.set('coins', entry('v2', 60_000));
    expect((await store.get('coins'))?.value).toBe('v2');
    await release!();
    await store.close?.();
  });

  it('answers from memory instead of hanging when Redis stops answering without closing', async () => {
    const store = withLocalFallback(watch, createRedisRateLimitStore(redis), createMemoryRateLimitStore());
    proxy.stall();
    // the command times out, the call falls back; then the silent connection is dropped and Redis counts as down
    expect((await store.hit('stalled', 60_000)).count).toBe(1);
    await eventually(
      () => watch.isDown(),
      (isDown) => isDown,
      15_000,
    );
    expect((await store.hit('stalled', 60_000)).count).toBe(2);
  }, 20_000);
});

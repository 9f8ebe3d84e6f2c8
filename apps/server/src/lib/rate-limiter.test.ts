import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createFailureCounter,
  createMemoryRateLimitStore,
  createRedisRateLimitStore,
  type RateLimitStore,
} from './rate-limiter.ts';

// the local Redis when one answers (CI's machine has one); the in-memory store always
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
redis.on('error', () => undefined);
const redisAnswers = await redis.connect().then(
  () => true,
  () => false,
);
afterAll(() => redis.disconnect());

const stores: [string, () => RateLimitStore][] = [['memory', () => createMemoryRateLimitStore()]];
if (redisAnswers)
  stores.push(['Redis', () => createRedisRateLimitStore(redis, `farol:test:${crypto.randomUUID()}:`)]);

describe.each(stores)('failure counter on the %s store', (_name, createStore) => {
  it('refuses once the failures reach the limit, counts nothing on a check, and forgets on clear', async () => {
    const failures = createFailureCounter(createStore(), { name: 'login', max: 3, windowMs: 60_000 });
    for (let check = 0; check < 5; check += 1) expect((await failures.check('pair')).allowed).toBe(true);
    for (let failure = 0; failure < 3; failure += 1) await failures.fail('pair');
    const refused = await failures.check('pair');
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect((await failures.check('other pair')).allowed).toBe(true);
    await failures.clear('pair');
    expect(await failures.check('pair')).toMatchObject({ allowed: true, remaining: 3 });
  });
});

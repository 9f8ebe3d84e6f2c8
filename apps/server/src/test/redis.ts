// Test helper: Redis is optional for Farol; tests that need one use the local server when it answers.
import { Redis } from 'ioredis';

/** The local Redis the tests use: REDIS_URL, else 127.0.0.1:6379. */
export const testRedisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Whether a Redis server answers at `url` (a short probe: no retries). Where `FAROL_REQUIRE_REDIS=1` (`.ci/run`
 * sets it after starting one), a Redis that does not answer fails the suite instead of letting it skip.
 */
export async function isRedisReachable(url = testRedisUrl): Promise<boolean> {
  const answers = await probeRedis(url);
  if (!answers && process.env.FAROL_REQUIRE_REDIS === '1')
    throw new Error(`FAROL_REQUIRE_REDIS=1 but no Redis answers at ${url}: the Redis suites would skip`);
  return answers;
}

async function probeRedis(url: string): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 500,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/** Deletes every key a test left under `keyPrefix` on the local Redis. */
export async function deleteTestKeys(keyPrefix: string, url = testRedisUrl): Promise<void> {
  const cleaner = new Redis(url);
  try {
    const keys = await cleaner.keys(`${keyPrefix}*`);
    if (keys.length > 0) await cleaner.del(...keys);
  } finally {
    cleaner.disconnect();
  }
}

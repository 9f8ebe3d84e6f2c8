import type { Redis } from 'ioredis';
import { AppError } from './app-error.ts';

export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number };

/** Counts hits per key in fixed windows; in memory by default, in Redis when several instances share it. */
export type RateLimitStore = {
  hit: (key: string, windowMs: number) => Promise<{ count: number; resetInMs: number }>;
};

export function createMemoryRateLimitStore(now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();
  return {
    hit: async (key, windowMs) => {
      const time = now();
      if (time - lastSweep > 60_000) {
        for (const [entryKey, entry] of windows) if (entry.resetAt <= time) windows.delete(entryKey);
        lastSweep = time;
      }
      let entry = windows.get(key);
      if (!entry || entry.resetAt <= time) {
        entry = { count: 0, resetAt: time + windowMs };
        windows.set(key, entry);
      }
      entry.count += 1;
      return { count: entry.count, resetInMs: entry.resetAt - time };
    },
  };
}

export function createRedisRateLimitStore(redis: Redis, prefix = 'farol:rl:'): RateLimitStore {
  return {
    hit: async (key, windowMs) => {
      const redisKey = prefix + key;
      const result = await redis
        .multi()
        .set(redisKey, '0', 'PX', windowMs, 'NX')
        .incr(redisKey)
        .pttl(redisKey)
        .exec();
      const count = Number(result?.[1]?.[1] ?? 1);
      const ttl = Number(result?.[2]?.[1] ?? windowMs);
      return { count, resetInMs: ttl > 0 ? ttl : windowMs };
    },
  };
}

export type RateLimiter = { consume: (key: string) => Promise<RateLimitResult> };

export function createRateLimiter(
  store: RateLimitStore,
  options: { name: string; max: number; windowMs: number },
): RateLimiter {
  return {
    consume: async (key) => {
      const { count, resetInMs } = await store.hit(`${options.name}:${key}`, options.windowMs);
      return {
        allowed: count <= options.max,
        remaining: Math.max(0, options.max - count),
        retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)),
      };
    },
  };
}

/** Counts one attempt for `key`; over the limit, a 429 `too_many_requests` with Retry-After. */
export async function enforceRateLimit(limiter: RateLimiter, key: string): Promise<void> {
  const result = await limiter.consume(key);
  if (!result.allowed) {
    throw new AppError(
      'too_many_requests',
      { seconds: result.retryAfterSeconds },
      {},
      { 'retry-after': String(result.retryAfterSeconds) },
    );
  }
}

import type { Redis } from 'ioredis';

/** Releases a slot taken with `acquire`. */
export type Release = () => Promise<void>;

/**
 * How many requests of one kind a key (a user) has running at once, across every instance when Redis is
 * configured: `acquire` takes a slot, or answers undefined when `max` are already taken.
 */
export type InFlightLimiter = { acquire: (key: string, max: number) => Promise<Release | undefined> };

export function createMemoryInFlightLimiter(): InFlightLimiter {
  const running = new Map<string, number>();
  return {
    acquire: async (key, max) => {
      const count = running.get(key) ?? 0;
      if (count >= max) return undefined;
      running.set(key, count + 1);
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        const left = (running.get(key) ?? 1) - 1;
        if (left > 0) running.set(key, left);
        else running.delete(key);
      };
    },
  };
}

/**
 * Shared by every instance; a slot held by an instance that died is freed after `leaseMs`, and so is one whose
 * release could not reach Redis (releasing never fails the request that held it).
 */
export function createRedisInFlightLimiter(
  redis: Redis,
  options: { prefix: string; leaseMs: number },
): InFlightLimiter {
  return {
    acquire: async (key, max) => {
      const redisKey = options.prefix + key;
      const result = await redis.multi().incr(redisKey).pexpire(redisKey, options.leaseMs).exec();
      const count = Number(result?.[0]?.[1] ?? 0);
      if (count > max) {
        await redis.decr(redisKey);
        return undefined;
      }
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        await redis.decr(redisKey).catch(() => undefined);
      };
    },
  };
}

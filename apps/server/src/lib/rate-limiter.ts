import type { Redis } from 'ioredis';
import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { AppError } from './app-error.ts';

export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number };

/** Counts hits per key in fixed windows; in memory by default, in Redis when several instances share it. */
export type RateLimitStore = {
  hit: (key: string, windowMs: number) => Promise<{ count: number; resetInMs: number }>;
  /** The key's count in its current window, without counting (0 when none is open). */
  peek: (key: string) => Promise<{ count: number; resetInMs: number }>;
  /** Forgets the key's window. */
  clear: (key: string) => Promise<void>;
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
    peek: async (key) => {
      const entry = windows.get(key);
      const time = now();
      return entry && entry.resetAt > time
        ? { count: entry.count, resetInMs: entry.resetAt - time }
        : { count: 0, resetInMs: 0 };
    },
    clear: async (key) => {
      windows.delete(key);
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
    peek: async (key) => {
      const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.pttl(prefix + key)]);
      return { count: Number(count ?? 0), resetInMs: Math.max(0, ttl) };
    },
    clear: async (key) => {
      await redis.del(prefix + key);
    },
  };
}

/**
 * The network a per-address limit counts a client in: an IPv4 address alone, an IPv6 address by its /64
 * (the smallest block a provider hands one customer: its 2^64 addresses are one client), an IPv4-mapped
 * IPv6 address as the IPv4 address it carries. Every per-address limit keys through this one function.
 */
export function clientNetwork(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`).toString()}/64`;
}

/** The key of a request's client for per-address limits (behind TRUST_PROXY, the forwarded address). */
export const clientKey = (request: { ip: string }): string => clientNetwork(request.ip);

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

/** Counts one hit for `key`; over the limit, a 429 `too_many_requests` with `Retry-After`. */
export async function enforceLimit(limiter: RateLimiter, key: string): Promise<void> {
  const result = await limiter.consume(key);
  if (!result.allowed) throw tooManyRequests(result.retryAfterSeconds);
}

/** A route hook that limits each signed-in user (routes whose access is `user`). */
export function limitPerUser(
  store: RateLimitStore,
  options: { name: string; max: number; windowMs: number },
): (request: FastifyRequest) => Promise<void> {
  const limiter = createRateLimiter(store, options);
  return async (request) => enforceLimit(limiter, request.user!.id);
}

/**
 * Failed attempts per key (sign-in failures): only failures count, `check` refuses once `max` failures
 * fall in the window, and a success can `clear` the key.
 */
export function createFailureCounter(
  store: RateLimitStore,
  options: { name: string; max: number; windowMs: number },
) {
  const keyOf = (key: string) => `${options.name}:${key}`;
  return {
    /** Whether `key` is under its failure limit now. */
    check: async (key: string): Promise<RateLimitResult> => {
      const { count, resetInMs } = await store.peek(keyOf(key));
      return {
        allowed: count < options.max,
        remaining: Math.max(0, options.max - count),
        retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)),
      };
    },
    fail: async (key: string) => {
      await store.hit(keyOf(key), options.windowMs);
    },
    clear: (key: string) => store.clear(keyOf(key)),
  };
}

/**
 * A site-wide ceiling per hour on something a stranger can make the operator pay for (accounts, mails):
 * `enforce` answers 429 once `max` were counted in the hour, `count` records one that happened. Only what
 * happened counts, so refused or invalid attempts cannot use up the hour for everyone else; concurrent
 * requests that pass `enforce` together may each count, which overshoots by at most that many.
 */
export function createHourlyCeiling(
  store: RateLimitStore,
  options: {
    name: string;
    max: number;
    /** The 429 to answer (a route whose 429 has a shape of its own); `too_many_requests` by default. */
    refuse?: (request: FastifyRequest, retryAfterSeconds: number) => Error;
  },
) {
  const key = `${options.name}:site`;
  const refuse = options.refuse ?? ((_request, seconds) => tooManyRequests(seconds));
  return {
    enforce: async (request: FastifyRequest): Promise<void> => {
      const { count, resetInMs } = await store.peek(key);
      if (count >= options.max) throw refuse(request, Math.max(1, Math.ceil(resetInMs / 1000)));
    },
    count: async (): Promise<void> => {
      await store.hit(key, 60 * 60_000);
    },
  };
}

/** A 429 `too_many_requests` with `Retry-After`. */
export function tooManyRequests(retryAfterSeconds: number): AppError {
  return new AppError(
    'too_many_requests',
    { seconds: retryAfterSeconds },
    {},
    { 'retry-after': String(retryAfterSeconds) },
  );
}

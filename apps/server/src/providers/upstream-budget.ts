import type { Redis } from 'ioredis';
import type { RedisWatch } from '../lib/redis-watch.ts';

/** Why a call was refused: the vendor asked us to wait (its Retry-After), or our own budget is spent. */
export type BudgetRefusal = { reason: 'cooling_down' | 'budget_exhausted'; retryAfterMs: number };

/**
 * `callsPerMinute` is in the provider's own unit: calls for CoinGecko and alternative.me, request weight for
 * Binance (each call takes its weight: klines 2, exchangeInfo 20).
 */
export type BudgetBucket = { provider: string; callsPerMinute: number };

/**
 * Where a provider's token bucket and its vendor cool-down live: in this process, or in Redis so that
 * every instance draws from one budget (N instances must not make N times the calls).
 */
export type UpstreamBudgetStore = {
  /** Takes `cost` tokens (1 by default) at `nowMs`, or says why not and for how long. */
  take: (bucket: BudgetBucket, nowMs: number, cost?: number) => Promise<BudgetRefusal | undefined>;
  /** No call to the provider before `untilMs` (the vendor's Retry-After); an earlier block never shortens a later one. */
  block: (provider: string, untilMs: number, nowMs: number) => Promise<void>;
};

/** The bucket holds a minute's calls and refills continuously (capacity `callsPerMinute`, `callsPerMinute`/60 s). */
const refillPerMs = (bucket: BudgetBucket) => bucket.callsPerMinute / 60_000;
const capacityOf = (bucket: BudgetBucket) => Math.max(1, bucket.callsPerMinute);

export function createMemoryBudgetStore(): UpstreamBudgetStore {
  const states = new Map<string, { tokens: number; updatedAt: number; blockedUntil: number }>();
  return {
    take: async (bucket, nowMs, cost = 1) => {
      let state = states.get(bucket.provider);
      if (!state)
        states.set(
          bucket.provider,
          (state = { tokens: capacityOf(bucket), updatedAt: nowMs, blockedUntil: 0 }),
        );
      // a clock read earlier than the last one (another caller's) never mints tokens
      const time = Math.max(nowMs, state.updatedAt);
      state.tokens = Math.min(
        capacityOf(bucket),
        state.tokens + (time - state.updatedAt) * refillPerMs(bucket),
      );
      state.updatedAt = time;
      if (time < state.blockedUntil)
        return { reason: 'cooling_down', retryAfterMs: state.blockedUntil - time };
      const needed = Math.min(cost, capacityOf(bucket));
      if (state.tokens < needed)
        return { reason: 'budget_exhausted', retryAfterMs: (needed - state.tokens) / refillPerMs(bucket) };
      state.tokens -= needed;
      return undefined;
    },
    block: async (provider, untilMs, nowMs) => {
      const state = states.get(provider);
      if (state) state.blockedUntil = Math.max(state.blockedUntil, untilMs);
      // blocked before its first call: the bucket starts full once the block is over
      else
        states.set(provider, { tokens: Number.POSITIVE_INFINITY, updatedAt: nowMs, blockedUntil: untilMs });
    },
  };
}

// The same bucket as the memory store, in one Redis hash per provider, read and updated in one script so
// two instances can never both take the last token. Times come from the callers' clocks (the app's `now`),
// clamped so that one running behind never mints tokens. The hash expires once the bucket would be full
// again and any block is over: a missing hash is a full bucket.
const TAKE_SCRIPT = `
local state = redis.call('HMGET', KEYS[1], 'tokens', 'updatedAt', 'blockedUntil')
local capacity = tonumber(ARGV[1])
local refill = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
local tokens = tonumber(state[1]) or capacity
local updatedAt = tonumber(state[2]) or now
local blockedUntil = tonumber(state[3]) or 0
local cost = math.min(tonumber(ARGV[4]), capacity)
if now < updatedAt then now = updatedAt end
tokens = math.min(capacity, tokens + (now - updatedAt) * refill)
local reason = ''
local wait = 0
if now < blockedUntil then
  reason = 'cooling_down'
  wait = blockedUntil - now
elseif tokens < cost then
  reason = 'budget_exhausted'
  wait = (cost - tokens) / refill
else
  tokens = tokens - cost
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'updatedAt', tostring(now), 'blockedUntil', tostring(blockedUntil))
local untilFull = math.ceil((capacity - tokens) / refill)
redis.call('PEXPIRE', KEYS[1], math.max(untilFull, blockedUntil - now, 1000))
return {reason, tostring(wait)}
`;

const BLOCK_SCRIPT = `
local current = tonumber(redis.call('HGET', KEYS[1], 'blockedUntil')) or 0
local untilMs = tonumber(ARGV[1])
if untilMs > current then
  redis.call('HSET', KEYS[1], 'blockedUntil', ARGV[1])
  local ttl = redis.call('PTTL', KEYS[1])
  local wanted = untilMs - tonumber(ARGV[2]) + 60000
  if ttl < wanted then redis.call('PEXPIRE', KEYS[1], wanted) end
end
return 0
`;

export function createRedisBudgetStore(
  redis: Redis,
  options: { prefix?: string; watch?: RedisWatch; onError?: (error: unknown) => void } = {},
): UpstreamBudgetStore {
  const prefix = options.prefix ?? 'farol:upstream-budget:';
  // Redis unreachable: each instance keeps its own bucket rather than calling without any budget (and while
  // the watch says so, without waiting for Redis to fail each call first)
  const fallback = createMemoryBudgetStore();
  const isDown = () => options.watch?.isDown() ?? false;
  return {
    take: async (bucket, nowMs, cost = 1) => {
      if (isDown()) return fallback.take(bucket, nowMs, cost);
      try {
        const [reason, wait] = (await redis.eval(
          TAKE_SCRIPT,
          1,
          prefix + bucket.provider,
          capacityOf(bucket),
          refillPerMs(bucket),
          nowMs,
          cost,
        )) as [string, string];
        return reason ? { reason: reason as BudgetRefusal['reason'], retryAfterMs: Number(wait) } : undefined;
      } catch (error) {
        options.onError?.(error);
        return fallback.take(bucket, nowMs, cost);
      }
    },
    block: async (provider, untilMs, nowMs) => {
      await fallback.block(provider, untilMs, nowMs);
      if (isDown()) return;
      try {
        await redis.eval(BLOCK_SCRIPT, 1, prefix + provider, untilMs, nowMs);
      } catch (error) {
        options.onError?.(error);
      }
    },
  };
}

import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Release } from '../../lib/in-flight.ts';
import { sharedOrLocal, type RedisWatch } from '../../lib/redis-watch.ts';

/**
 * A stream's place in the count lapses this long after its instance last renewed it (every third of it): a
 * killed instance's streams stop counting within a minute. A stream is held for hours, so it is renewed.
 */
export const STREAM_LEASE_MS = 60_000;

const KEY_PREFIX = 'farol:market-stream:open:';

// One sorted set per holder: a member per open stream, scored by when it lapses (Redis's clock, so instances'
// clocks never disagree). Taking a place drops the lapsed ones, counts, and adds one when under the limit.
const NOW_MS =
  "local time = redis.call('TIME') local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)";
const ACQUIRE_SCRIPT = `${NOW_MS}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;
// Adds (not only updates) every stream named: after an outage or a Redis restart, this instance's open
// streams count again from its next renewal.
const RENEW_SCRIPT = `${NOW_MS}
for i = 2, #ARGV do redis.call('ZADD', KEYS[1], now + tonumber(ARGV[1]), ARGV[i]) end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 0`;

export type StreamConnections = {
  /** Takes a place for one more stream of `holder`, or answers undefined when `max` are open. */
  acquire: (holder: string, max: number) => Promise<Release | undefined>;
  stop: () => void;
};

/**
 * How many live streams each account (or visitor's address) holds: across every instance in Redis when
 * it is configured and answers, else on this instance. This instance remembers its own open streams
 * whichever counted them: while Redis is unreachable it counts them alone, and when Redis answers again it
 * adds them to the shared count at once (a holder may then be over the limit until some close; new streams
 * wait).
 */
export function createStreamConnections(
  options: { redis?: Redis; watch?: RedisWatch; leaseMs?: number } = {},
): StreamConnections {
  const { redis, watch } = options;
  const leaseMs = options.leaseMs ?? STREAM_LEASE_MS;
  const instance = crypto.randomUUID();
  const byHolder = new Map<string, Set<string>>();
  let counter = 0;

  const countHere = (holder: string) => byHolder.get(holder)?.size ?? 0;
  const takeShared = async (holder: string, max: number, member: string) =>
    (await redis!.eval(ACQUIRE_SCRIPT, 1, KEY_PREFIX + holder, max, leaseMs, member)) === 1;

  async function renew() {
    if (!redis || watch?.isDown() || byHolder.size === 0) return;
    const pipeline = redis.pipeline();
    for (const [holder, members] of byHolder)
      pipeline.eval(RENEW_SCRIPT, 1, KEY_PREFIX + holder, leaseMs, ...members);
    await pipeline.exec().catch(() => undefined);
  }
  const timer = setInterval(() => void renew(), leaseMs / 3);
  timer.unref();
  watch?.onChange((isDown) => isDown || void renew());

  function release(holder: string, member: string) {
    const members = byHolder.get(holder);
    if (!members?.delete(member)) return;
    if (members.size === 0) byHolder.delete(holder);
    // a release that cannot reach Redis lapses with the lease
    if (redis && !watch?.isDown()) void redis.zrem(KEY_PREFIX + holder, member).catch(() => undefined);
  }

  return {
    acquire: async (holder, max) => {
      const member = `${instance}:${++counter}`;
      const isAllowed = redis
        ? await sharedOrLocal(
            watch,
            () => takeShared(holder, max, member),
            () => countHere(holder) < max,
          )
        : countHere(holder) < max;
      if (!isAllowed) return undefined;
      let members = byHolder.get(holder);
      if (!members) byHolder.set(holder, (members = new Set()));
      members.add(member);
      return async () => release(holder, member);
    },
    stop: () => clearInterval(timer),
  };
}

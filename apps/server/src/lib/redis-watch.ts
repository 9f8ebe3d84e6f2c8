import { ReplyError, type Redis, type RedisOptions } from 'ioredis';

/**
 * How Farol's Redis connections behave when Redis stops answering: reconnection is retried at least every
 * second, a command queued meanwhile fails after two attempts, a command waits at most two seconds, and a
 * connection that hears nothing for five seconds after a command is dropped and reconnected (a Redis that
 * hangs rather than refuses). Callers then fall back to this instance's memory (see `watchRedis`).
 */
export const redisClientOptions = {
  maxRetriesPerRequest: 2,
  commandTimeout: 2_000,
  socketTimeout: 5_000,
  connectTimeout: 5_000,
  retryStrategy: (attempt: number) => Math.min(attempt * 100, 1_000),
} satisfies RedisOptions;

export type RedisWatch = {
  /** True from a lost connection until Redis is ready again: meanwhile callers keep to this instance's memory. */
  isDown: () => boolean;
  /** Hears `true` when the connection is lost and `false` when Redis answers again. */
  onChange: (listener: (isDown: boolean) => void) => void;
};

type WarnLog = {
  warn: (object: object, message: string) => void;
  info: (object: object, message: string) => void;
};

/**
 * Follows one Redis connection: down from the moment ioredis starts reconnecting (a refused, dropped or
 * silent connection) until it is ready again, with one warning per outage rather than one per call. A
 * deliberate `quit()` never counts as an outage.
 */
export function watchRedis(redis: Redis, log?: WarnLog): RedisWatch {
  let down = redis.status === 'reconnecting';
  let lastError: string | undefined;
  const listeners = new Set<(isDown: boolean) => void>();
  const change = (next: boolean) => {
    if (next === down) return;
    down = next;
    if (down)
      log?.warn(
        { reason: lastError },
        "Redis unreachable: rate limits, stream counts, the market cache and the upstream budgets are this instance's own, and the market stream follows its own upstream, until Redis answers again",
      );
    else log?.info({}, 'Redis answers again: limits, cache, budgets and the market stream are shared again');
    for (const listener of listeners) listener(down);
  };
  // the handler also keeps ioredis from printing every failed reconnection as an unhandled error
  redis.on('error', (error: Error) => {
    lastError = error.message;
  });
  redis.on('reconnecting', () => change(true));
  redis.on('ready', () => change(false));
  return { isDown: () => down, onChange: (listener) => void listeners.add(listener) };
}

/**
 * `shared()` through Redis while it answers; `local()` while it is down or when the call fails for want of it.
 * An error Redis itself answered (a script's, a wrong type) is a defect, not an outage: it is thrown.
 */
export async function sharedOrLocal<T>(
  watch: RedisWatch | undefined,
  shared: () => Promise<T>,
  local: () => T | Promise<T>,
): Promise<T> {
  if (watch?.isDown()) return local();
  try {
    return await shared();
  } catch (error) {
    if (error instanceof ReplyError) throw error;
    return local();
  }
}

type AsyncMethods = Record<string, (...args: never[]) => Promise<unknown>>;

/** A store whose every method runs on `shared` while Redis answers and on `local` otherwise (`sharedOrLocal`). */
export function withLocalFallback<Store extends AsyncMethods>(
  watch: RedisWatch | undefined,
  shared: Store,
  local: Store,
): Store {
  const call = (store: Store, name: string, args: unknown[]) =>
    (store[name] as unknown as (...values: unknown[]) => Promise<unknown>)(...args);
  const methods = Object.keys(shared).map((name) => [
    name,
    (...args: unknown[]) =>
      sharedOrLocal(
        watch,
        () => call(shared, name, args),
        () => call(local, name, args),
      ),
  ]);
  return Object.fromEntries(methods) as Store;
}

/**
 * A connection of its own listening to `channel` (a subscribed connection can send nothing else). It
 * subscribes again each time it is ready: after an outage, and also when Redis was unreachable at start.
 */
export function createSubscriber(
  redis: Redis,
  channel: string,
  onMessage: (text: string) => void,
  options: { keyPrefix?: string } = {},
): Redis {
  const subscriber = redis.duplicate({ ...options, autoResubscribe: false });
  subscriber.on('error', () => undefined);
  subscriber.on('ready', () => void subscriber.subscribe(channel).catch(() => undefined));
  subscriber.on('message', (_channel: string, text: string) => onMessage(text));
  return subscriber;
}

import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { createSubscriber, sharedOrLocal, type RedisWatch } from './redis-watch.ts';

/** A cached value with where it came from and when; `freshUntil` is decided per key by the caller. */
export type CacheEntry<T = unknown> = { value: T; source: string; fetchedAt: number; freshUntil: number };

/** What a read returns: the value, its source, whether it was served from the cache, and its age. */
export type CachedValue<T> = {
  value: T;
  source: string;
  isFromCache: boolean;
  ageSeconds: number;
  fetchedAt: number;
};

/** Where entries live: this process (lru-cache), or this process in front of Redis (shared by every instance). */
export type CacheStore = {
  get: (key: string) => Promise<CacheEntry | undefined>;
  set: (key: string, entry: CacheEntry) => Promise<void>;
  /** A short lock so one instance refreshes a key while the others wait for its answer. */
  lock: (key: string, ttlMs: number) => Promise<(() => Promise<void>) | undefined>;
  /** Stops listening for other instances' writes (Redis). */
  close?: () => Promise<void>;
};

/** Durable last-good copies, read when the store has nothing (a restart with the upstream down). */
export type SnapshotStore = {
  load: (key: string) => Promise<CacheEntry | undefined>;
  save: (key: string, entry: CacheEntry) => Promise<void>;
};

export function createMemoryCacheStore(maxEntries = 1000): CacheStore {
  const entries = new LRUCache<string, CacheEntry>({ max: maxEntries });
  return {
    get: async (key) => entries.get(key),
    set: async (key, entry) => {
      entries.set(key, entry);
    },
    // one process: the in-process single-flight already makes one call per key
    lock: async () => async () => undefined,
  };
}

/**
 * Entries shared by every instance through Redis, read from this process: each instance keeps the decoded
 * entries it has seen and reads Redis only for a key it does not hold or whose copy is no longer fresh.
 * A write goes to Redis and is announced on a channel; the other instances drop their copy of that key, so
 * their next read takes the new entry from Redis. A missed announcement costs at most the entry's freshness.
 * While Redis is unreachable (`watch`) the store is this process's copies alone: reads answer from them,
 * writes stay in them, and the lock is the in-process single-flight's, as in the memory store.
 */
export function createRedisCacheStore(
  redis: Redis,
  options: { prefix?: string; now?: () => number; maxEntries?: number; watch?: RedisWatch } = {},
): CacheStore {
  const prefix = options.prefix ?? 'farol:cache:';
  const now = options.now ?? Date.now;
  const { watch } = options;
  const channel = `${prefix}changed`;
  const instance = crypto.randomUUID();
  // entries outlive their freshness on purpose: a stale copy is served when the upstream fails
  const retentionMs = 7 * 24 * 3600 * 1000;
  const local = new LRUCache<string, CacheEntry>({ max: options.maxEntries ?? 1000 });

  // ioredis reconnects it; meanwhile copies live until their freshness ends
  const subscriber = createSubscriber(redis, channel, (message) => {
    const separator = message.indexOf(' ');
    if (message.slice(0, separator) !== instance) local.delete(message.slice(separator + 1));
  });

  const readShared = async (key: string, held: CacheEntry | undefined) => {
    const text = await redis.get(prefix + key);
    if (!text) return held;
    const entry = JSON.parse(text) as CacheEntry;
    local.set(key, entry);
    return entry;
  };
  const lockShared = async (key: string, ttlMs: number) => {
    const lockKey = `${prefix}lock:${key}`;
    const token = crypto.randomUUID();
    const acquired = await redis.set(lockKey, token, 'PX', ttlMs, 'NX');
    if (acquired !== 'OK') return undefined;
    return async () => {
      // release only our own lock (it may have expired and been taken by another instance)
      await redis.eval(
        "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0",
        1,
        lockKey,
        token,
      );
    };
  };

  return {
    get: async (key) => {
      const held = local.get(key);
      if (held && now() < held.freshUntil) return held;
      return sharedOrLocal(
        watch,
        () => readShared(key, held),
        () => held,
      );
    },
    set: async (key, entry) => {
      local.set(key, entry);
      await sharedOrLocal(
        watch,
        async () => {
          await redis.set(prefix + key, JSON.stringify(entry), 'PX', retentionMs);
          await redis.publish(channel, `${instance} ${key}`);
        },
        () => undefined,
      );
    },
    lock: (key, ttlMs) =>
      sharedOrLocal(
        watch,
        () => lockShared(key, ttlMs),
        () => async () => undefined,
      ),
    close: async () => {
      subscriber.disconnect();
    },
  };
}

export type LoadOptions<T> = {
  load: () => Promise<{ value: T; source: string }>;
  /** When a value fetched at `fetchedAt` stops being fresh (ms). */
  freshUntil: (fetchedAt: number, value: T) => number;
  /** Keep the last good value in the snapshot store too. */
  persist?: boolean;
};

export type CacheOptions = {
  store: CacheStore;
  now: () => number;
  snapshots?: SnapshotStore;
  /**
   * Stale entries younger than this (past their freshness) are served at once while one refresh runs in
   * the background; older ones wait for the refresh and are served only if it fails.
   */
  staleWhileRevalidateMs?: number;
  /** After a failed load, how long the key answers from the failure without calling again. */
  failureBackoffMs?: (error: unknown) => number;
  /** How long another instance's refresh is awaited before loading here (Redis lock time). */
  lockMs?: number;
  onEvent?: (
    event: 'hit' | 'stale' | 'miss' | 'load' | 'load_error' | 'snapshot',
    key: string,
    error?: unknown,
  ) => void;
};

type CacheEvent = Parameters<NonNullable<CacheOptions['onEvent']>>[0];
type Emit = (event: CacheEvent, key: string, error?: unknown) => void;

const servedAt =
  (now: () => number) =>
  <T>(entry: CacheEntry, isFromCache: boolean): CachedValue<T> => ({
    value: entry.value as T,
    source: entry.source,
    isFromCache,
    ageSeconds: Math.max(0, Math.floor((now() - entry.fetchedAt) / 1000)),
    fetchedAt: entry.fetchedAt,
  });

/** Reads a key from the store; a key the store lacks is looked up once per process in the snapshots. */
function createEntryReader(store: CacheStore, snapshots: SnapshotStore | undefined, emit: Emit) {
  const snapshotReads = new Map<string, Promise<CacheEntry | undefined>>();
  const readSnapshotOnce = (snapshotStore: SnapshotStore, key: string) => {
    let read = snapshotReads.get(key);
    if (!read) {
      read = snapshotStore
        .load(key)
        .then(async (snapshot) => {
          if (snapshot) {
            emit('snapshot', key);
            if (!(await store.get(key))) await store.set(key, snapshot);
          }
          return snapshot;
        })
        .catch(() => undefined);
      snapshotReads.set(key, read);
    }
    return read;
  };
  return async function readEntry(key: string): Promise<CacheEntry | undefined> {
    const entry = await store.get(key);
    if (entry || !snapshots) return entry;
    // afterwards the store holds whatever is newer than the snapshot
    return (await readSnapshotOnce(snapshots, key)) ?? (await store.get(key));
  };
}

/** Polls the store until another instance's load of `key` (started after `since`) lands, or the lock time passes. */
async function waitForOtherInstance(
  store: CacheStore,
  key: string,
  since: number,
  lockMs: number,
): Promise<CacheEntry | undefined> {
  const deadline = Date.now() + lockMs;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const entry = await store.get(key);
    if (entry && entry.fetchedAt >= since) return entry;
  }
  return undefined;
}

/**
 * Loads a key from its source under the store's lock (so one instance loads while the others wait for
 * its answer), stores it, keeps a snapshot when asked, and remembers a failure for its backoff.
 */
function createLoader(options: CacheOptions, lockMs: number, emit: Emit) {
  const { store, now, snapshots } = options;
  const served = servedAt(now);
  const failures = new Map<string, { error: unknown; retryAt: number }>();

  async function saveEntry<T>(key: string, load: LoadOptions<T>, value: T, source: string) {
    const fetchedAt = now();
    const entry: CacheEntry<T> = { value, source, fetchedAt, freshUntil: load.freshUntil(fetchedAt, value) };
    await store.set(key, entry);
    failures.delete(key);
    emit('load', key);
    if (load.persist && snapshots)
      void snapshots.save(key, entry).catch((error) => emit('load_error', key, error));
    return entry;
  }

  return async function loadNow<T>(key: string, load: LoadOptions<T>): Promise<CachedValue<T>> {
    const failure = failures.get(key);
    if (failure && now() < failure.retryAt) throw failure.error;
    const startedAt = now();
    const release = await store.lock(key, lockMs);
    if (!release) {
      const entry = await waitForOtherInstance(store, key, startedAt, lockMs);
      if (entry) return served<T>(entry, true);
    }
    try {
      const { value, source } = await load.load();
      return served<T>(await saveEntry(key, load, value, source), false);
    } catch (error) {
      failures.set(key, { error, retryAt: now() + (options.failureBackoffMs?.(error) ?? 15_000) });
      emit('load_error', key, error);
      throw error;
    } finally {
      await release?.().catch(() => undefined);
    }
  };
}

/**
 * The one cache in front of the market providers: per-key freshness, single-flight (concurrent reads of a
 * key make one load; across instances via the store's lock), stale-while-revalidate, stale served when a
 * load fails, a failure backoff (a failing upstream is not hammered), and durable snapshots.
 */
export function createCache(options: CacheOptions) {
  const { store, now } = options;
  const staleWhileRevalidateMs = options.staleWhileRevalidateMs ?? 10 * 60_000;
  const emit: Emit = options.onEvent ?? (() => undefined);
  const served = servedAt(now);
  const readEntry = createEntryReader(store, options.snapshots, emit);
  const loadNow = createLoader(options, options.lockMs ?? 10_000, emit);
  const inFlight = new Map<string, Promise<CachedValue<unknown>>>();

  /** One load per key at a time in this process; every concurrent caller shares its outcome. */
  function refresh<T>(key: string, load: LoadOptions<T>): Promise<CachedValue<T>> {
    let running = inFlight.get(key);
    if (!running) {
      running = loadNow(key, load).finally(() => inFlight.delete(key));
      inFlight.set(key, running);
    }
    return running as Promise<CachedValue<T>>;
  }

  async function get<T>(key: string, load: LoadOptions<T>): Promise<CachedValue<T>> {
    const entry = await readEntry(key);
    const time = now();
    if (entry && time < entry.freshUntil) {
      emit('hit', key);
      return served<T>(entry, true);
    }
    if (!entry) {
      emit('miss', key);
      return refresh(key, load);
    }
    emit('stale', key);
    if (time - entry.freshUntil < staleWhileRevalidateMs) {
      void refresh(key, load).catch(() => undefined);
      return served<T>(entry, true);
    }
    try {
      return await refresh(key, load);
    } catch {
      return served<T>(entry, true);
    }
  }

  return {
    /** Fresh from the cache, else stale-while-revalidate, else a single-flight load; stale on failure. */
    get,
    /** Background refresher: reloads a key that is missing or expires within `withinMs`. */
    refreshIfExpiring: async <T>(key: string, load: LoadOptions<T>, withinMs: number): Promise<void> => {
      const entry = await store.get(key);
      if (entry && entry.freshUntil - now() > withinMs) return;
      await refresh(key, load).catch(() => undefined);
    },
    /** The entry as stored, fresh or not (diagnostics and tests). */
    peek: (key: string) => store.get(key),
    /**
     * Rewrites a stored value in place (live prices into a cached list), keeping its source, fetch time and
     * freshness, so the next scheduled load still happens; nothing when the key is absent or `change` says so.
     */
    patch: async <T>(key: string, change: (value: T) => T | undefined): Promise<boolean> => {
      const entry = await store.get(key);
      if (!entry) return false;
      const value = change(entry.value as T);
      if (value === undefined) return false;
      await store.set(key, { ...entry, value });
      return true;
    },
  };
}

export type Cache = ReturnType<typeof createCache>;

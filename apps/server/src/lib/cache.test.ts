import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCache, createMemoryCacheStore, createRedisCacheStore, type CacheEntry } from './cache.ts';

/** A loader that counts its calls and can be made to fail or to wait. */
function createSource() {
  const state = { calls: 0, failing: false, delayMs: 0, value: 'v1' };
  const load = async () => {
    state.calls += 1;
    if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    if (state.failing) throw new Error('upstream down');
    return { value: state.value, source: 'coingecko' };
  };
  return { state, options: { load, freshUntil: (fetchedAt: number) => fetchedAt + 60_000 } };
}

const clock = () => {
  let time = 1_000_000;
  return { now: () => time, advance: (ms: number) => (time += ms) };
};

describe('cache', () => {
  it('serves a fresh entry without loading again, with its age', async () => {
    const time = clock();
    const cache = createCache({ store: createMemoryCacheStore(), now: time.now });
    const source = createSource();
    expect(await cache.get('k', source.options)).toMatchObject({
      value: 'v1',
      isFromCache: false,
      ageSeconds: 0,
    });
    time.advance(30_000);
    expect(await cache.get('k', source.options)).toMatchObject({
      value: 'v1',
      isFromCache: true,
      ageSeconds: 30,
    });
    expect(source.state.calls).toBe(1);
  });

  it('makes one load for many concurrent reads of a key', async () => {
    const cache = createCache({ store: createMemoryCacheStore(), now: clock().now });
    const source = createSource();
    source.state.delayMs = 20;
    const results = await Promise.all(Array.from({ length: 200 }, () => cache.get('k', source.options)));
    expect(source.state.calls).toBe(1);
    expect(results.every((result) => result.value === 'v1')).toBe(true);
  });

  it('answers stale at once and refreshes in the background', async () => {
    const time = clock();
    const cache = createCache({ store: createMemoryCacheStore(), now: time.now });
    const source = createSource();
    await cache.get('k', source.options);
    time.advance(90_000);
    source.state.value = 'v2';
    expect(await cache.get('k', source.options)).toMatchObject({
      value: 'v1',
      isFromCache: true,
      ageSeconds: 90,
    });
    // the stale answer started one refresh in the background: the next reads get its result
    await expect.poll(async () => (await cache.get('k', source.options)).value).toBe('v2');
    expect(source.state.calls).toBe(2);
    expect(await cache.get('k', source.options)).toMatchObject({ value: 'v2', ageSeconds: 0 });
  });

  it('serves a long-stale copy when the load fails, and backs off before calling again', async () => {
    const time = clock();
    const cache = createCache({
      store: createMemoryCacheStore(),
      now: time.now,
      failureBackoffMs: () => 15_000,
    });
    const source = createSource();
    await cache.get('k', source.options);
    source.state.failing = true;
    time.advance(3_600_000);
    expect(await cache.get('k', source.options)).toMatchObject({
      value: 'v1',
      isFromCache: true,
      ageSeconds: 3600,
    });
    expect(source.state.calls).toBe(2);
    time.advance(5_000);
    await cache.get('k', source.options);
    expect(source.state.calls).toBe(2); // within the backoff: no call
    time.advance(15_000);
    source.state.failing = false;
    source.state.value = 'v3';
    expect(await cache.get('k', source.options)).toMatchObject({ value: 'v3', isFromCache: false });
  });

  it('throws when the load fails with nothing cached', async () => {
    const cache = createCache({ store: createMemoryCacheStore(), now: clock().now });
    const source = createSource();
    source.state.failing = true;
    await expect(cache.get('k', source.options)).rejects.toThrow('upstream down');
  });

  it('persists loads and reads the snapshot when the store is empty', async () => {
    const time = clock();
    const saved = new Map<string, CacheEntry>();
    const snapshots = {
      load: async (key: string) => saved.get(key),
      save: async (key: string, entry: CacheEntry) => void saved.set(key, entry),
    };
    const first = createCache({ store: createMemoryCacheStore(), now: time.now, snapshots });
    const source = createSource();
    await first.get('k', { ...source.options, persist: true });
    await expect.poll(() => saved.has('k')).toBe(true);
    const restarted = createCache({ store: createMemoryCacheStore(), now: time.now, snapshots });
    source.state.failing = true;
    time.advance(600_000);
    expect(await restarted.get('k', source.options)).toMatchObject({
      value: 'v1',
      isFromCache: true,
      ageSeconds: 600,
    });
  });
});

// Redis is optional for Farol; this block runs where a redis-server binary exists.
const redisServer = (() => {
  try {
    return execFileSync('which', ['redis-server']).toString().trim();
  } catch {
    return undefined;
  }
})();

describe.runIf(redisServer)('cache shared through Redis', () => {
  let server: ChildProcess;
  const clients: Redis[] = [];
  let port = 0;
  beforeAll(async () => {
    port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address() as net.AddressInfo;
        probe.close(() => resolve(address.port));
      });
    });
    server = spawn(redisServer!, ['--port', String(port), '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    const probe = new Redis({ port, lazyConnect: true, retryStrategy: () => 50 });
    for (let attempt = 0; attempt < 100; attempt += 1) {
      try {
        await probe.connect();
        break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    clients.push(probe);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.quit().catch(() => undefined)));
    server.kill();
  });

  it('lets two instances share entries and one load per key', async () => {
    const prefix = `t${Date.now()}-x:`;
    const [a, b] = [0, 1].map(() => {
      const client = new Redis({ port });
      clients.push(client);
      return createCache({ store: createRedisCacheStore(client, { prefix }), now: Date.now });
    });
    const source = createSource();
    source.state.delayMs = 100;
    const results = await Promise.all([
      ...Array.from({ length: 20 }, () => a!.get('coins', source.options)),
      ...Array.from({ length: 20 }, () => b!.get('coins', source.options)),
    ]);
    expect(source.state.calls).toBe(1);
    expect(results.every((result) => result.value === 'v1')).toBe(true);
  });

  it("answers from this process's copy, and drops it when another instance writes the key", async () => {
    const prefix = `t${Date.now()}-y:`;
    const [clientA, clientB] = [new Redis({ port }), new Redis({ port })];
    clients.push(clientA, clientB);
    const storeA = createRedisCacheStore(clientA, { prefix });
    const storeB = createRedisCacheStore(clientB, { prefix });
    const entry = (value: string): CacheEntry => ({
      value,
      source: 'coingecko',
      fetchedAt: Date.now(),
      freshUntil: Date.now() + 60_000,
    });
    await storeA.set('coins', entry('v1'));
    expect((await storeB.get('coins'))?.value).toBe('v1');
    // B now holds a decoded copy: a change made behind both stores' backs is not read
    await clientA.set(`${prefix}coins`, JSON.stringify(entry('edited')));
    expect((await storeB.get('coins'))?.value).toBe('v1');
    // a write through A is announced: B drops its copy and reads the new entry
    await storeA.set('coins', entry('v2'));
    await expect.poll(async () => (await storeB.get('coins'))?.value).toBe('v2');
    await Promise.all([storeA.close?.(), storeB.close?.()]);
  });
});

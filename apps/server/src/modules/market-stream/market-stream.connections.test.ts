import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually.ts';
import { deleteTestKeys, isRedisReachable, testRedisUrl } from '../../test/redis.ts';
import { createStreamConnections, type StreamConnections } from './market-stream.connections.ts';

// Redis is optional for Farol: the shared count is tested against the local server when it answers.
const redisAnswers = await isRedisReachable(testRedisUrl);
if (!redisAnswers)
  console.warn(`stream connections: Redis tests not run: no Redis answers at ${testRedisUrl}`);

describe('live streams per holder on one instance', () => {
  it('refuses beyond the limit and frees a place when a stream closes', async () => {
    const connections = createStreamConnections();
    const first = await connections.acquire('user:1', 2);
    expect(await connections.acquire('user:1', 2)).toBeDefined();
    expect(await connections.acquire('user:1', 2)).toBeUndefined();
    expect(await connections.acquire('user:2', 2)).toBeDefined();
    await first!();
    await first!(); // a second release frees nothing more
    expect(await connections.acquire('user:1', 2)).toBeDefined();
    expect(await connections.acquire('user:1', 2)).toBeUndefined();
    connections.stop();
  });
});

describe.runIf(redisAnswers)('live streams per holder across instances (Redis)', () => {
  const keyPrefix = `farol-test-${crypto.randomBytes(4).toString('hex')}:`;
  const clients: Redis[] = [];
  const instances: StreamConnections[] = [];
  /** An instance's count, its lease short so a lapse is seen within the test. */
  const startInstance = () => {
    const redis = new Redis(testRedisUrl, { keyPrefix, maxRetriesPerRequest: 2 });
    clients.push(redis);
    const connections = createStreamConnections({ redis, leaseMs: 600 });
    instances.push(connections);
    return connections;
  };
  afterAll(async () => {
    for (const connections of instances) connections.stop();
    await deleteTestKeys(keyPrefix);
    await Promise.all(clients.map((client) => client.quit().catch(() => undefined)));
  });

  it("counts a holder's streams on every instance together and frees a place on close", async () => {
    const [a, b] = [startInstance(), startInstance()];
    const onA = await a!.acquire('user:9', 2);
    expect(await b!.acquire('user:9', 2)).toBeDefined();
    expect(await a!.acquire('user:9', 2)).toBeUndefined();
    expect(await b!.acquire('user:9', 2)).toBeUndefined();
    await onA!();
    expect(await b!.acquire('user:9', 2)).toBeDefined();
  });

  it("keeps a live instance's streams counted past their lease, and lets a killed one's lapse", async () => {
    const [live, killed, other] = [startInstance(), startInstance(), startInstance()];
    expect(await live!.acquire('ip:10.0.0.1', 1)).toBeDefined();
    expect(await killed!.acquire('ip:10.0.0.2', 1)).toBeDefined();
    // killed: it renews nothing more and releases nothing
    killed!.stop();
    await eventually(
      async () => {
        const release = await other!.acquire('ip:10.0.0.2', 1);
        await release?.();
        return release !== undefined;
      },
      (acquired) => acquired,
    );
    // a lease has passed since both were taken (the killed one lapsed): the live one still counts, renewed
    expect(await other!.acquire('ip:10.0.0.1', 1)).toBeUndefined();
  });
});

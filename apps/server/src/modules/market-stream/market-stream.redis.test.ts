import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { priceAboveAlert } from '../../test/alert-firing.ts';
import { startTestCluster, type TestCluster } from '../../test/cluster.ts';
import { eventually } from '../../test/eventually.ts';
import type { TestApp } from '../../test/harness.ts';
import { isRedisReachable, testRedisUrl } from '../../test/redis.ts';
import { openSse } from '../../test/sse-client.ts';
import type { BinanceStreamStub } from '../../test/stubs/binance-stream-stub.ts';

// Redis is optional for Farol: these tests use the local server (REDIS_URL, else 127.0.0.1:6379) when it
// answers, under a key prefix of their own so parallel runs sharing that server never meet.
const redisUrl = testRedisUrl;
const redisAnswers = await isRedisReachable(redisUrl);
if (!redisAnswers) console.warn(`market stream: Redis tests not run: no Redis answers at ${redisUrl}`);

describe.runIf(redisAnswers)('one upstream per cluster with Redis', () => {
  let cluster: TestCluster;
  let stream: BinanceStreamStub;
  let first: TestApp;
  let second: FastifyInstance;
  let secondUrl: string;

  beforeAll(async () => {
    cluster = await startTestCluster({ redisUrl, redisOptions: { maxRetriesPerRequest: 2 } });
    ({ stream, first } = cluster);
    ({ app: second, url: secondUrl } = cluster.second);
  });
  afterAll(() => cluster.close());

  it('elects one leader: one upstream connection for two instances', async () => {
    const roles = await eventually(
      () => [first.app.marketStream.health().role, second.marketStream.health().role].sort(),
      (value) => value.join() === 'follower,leader',
    );
    expect(roles).toEqual(['follower', 'leader']);
    await eventually(
      () => stream.subscriptions(),
      (streams) => streams.includes('btcusdt@miniTicker'),
    );
    expect(stream.connections()).toBe(1);
  });

  it("gives a follower's browsers the leader's ticks and subscribes their candles upstream", async () => {
    const follower = first.app.marketStream.health().role === 'follower' ? first.url : secondUrl;
    const sse = await openSse(`${follower}/api/market/stream?symbols=LINK&interval=4h&currency=USD`);
    // the leader's mode reaches a follower with its next renewal at the latest
    await sse.next((event) => event.event === 'status' && event.data.mode === 'live');
    await eventually(
      () => stream.subscriptions(),
      (streams) => streams.includes('linkusdt@kline_4h'),
    );
    stream.sendTicker('LINKUSDT', 42);
    expect(
      (await sse.next((event) => event.event === 'ticker' && event.data.price === 42)).data,
    ).toMatchObject({
      symbol: 'LINK',
    });
    stream.tick();
    const candle = await sse.next((event) => event.event === 'candle');
    expect(candle.data).toMatchObject({ symbol: 'LINK', interval: '4h' });
    expect(stream.connections()).toBe(1);
    sse.close();
  });

  it("subscribes upstream a coin beyond the ten that only a follower's browser watches", async () => {
    const follower = first.app.marketStream.health().role === 'follower' ? first.url : secondUrl;
    const sse = await openSse(`${follower}/api/market/stream?symbols=DOGE&currency=USD`);
    await sse.next((event) => event.event === 'status' && event.data.mode === 'live');
    await eventually(
      () => stream.subscriptions(),
      (streams) => streams.includes('dogeusdt@miniTicker'),
    );
    stream.sendTicker('DOGEUSDT', 0.5);
    const ticker = await sse.next((event) => event.event === 'ticker' && event.data.price === 0.5);
    expect(ticker.data).toMatchObject({ symbol: 'DOGE' });
    sse.close();
  });

  it('has the leader follow the coin of a price alert created on a follower, and fire it on its ticks once', async () => {
    const followerUrl = first.app.marketStream.health().role === 'follower' ? first.url : secondUrl;
    const { token, user } = await first.registerUser();
    // the follower's own API: the leader learns of the alert through Redis and reads it from the database
    const onFollower = (method: string, pathname: string, body?: unknown) =>
      fetch(`${followerUrl}${pathname}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    const created = await onFollower('POST', '/api/alerts', priceAboveAlert('TRX', 0.3));
    expect(created.status).toBe(201);
    const alertId = ((await created.json()) as { data: { id: string } }).data.id;
    await eventually(
      () => stream.subscriptions(),
      (streams) => streams.includes('trxusdt@miniTicker'),
    );
    const firings = async () =>
      (
        await selectRows<{ count: number }>(
          first.database.db,
          sql`select count(*)::int as count from alert_events where alert_id = ${alertId}`,
        )
      )[0]!.count;
    stream.sendTicker('TRXUSDT', 0.31);
    await eventually(firings, (count) => count === 1);
    // a second alert firing on the next tick shows the first was checked on it too, without firing again
    const probe = await onFollower('POST', '/api/alerts', priceAboveAlert('TRX', 0.4));
    expect(probe.status).toBe(201);
    stream.sendTicker('TRXUSDT', 0.45);
    await eventually(
      () =>
        selectRows<{ count: number }>(
          first.database.db,
          sql`select count(*)::int as count from alert_events where user_id = ${user.id}`,
        ),
      (rows) => rows[0]!.count === 2,
    );
    expect(await firings()).toBe(1);
    expect(stream.connections()).toBe(1);

    // both deleted on the follower: the leader unsubscribes
    const probeId = ((await probe.json()) as { data: { id: string } }).data.id;
    expect((await onFollower('DELETE', `/api/alerts/${alertId}`)).status).toBe(200);
    expect((await onFollower('DELETE', `/api/alerts/${probeId}`)).status).toBe(200);
    await eventually(
      () => stream.subscriptions(),
      (streams) => !streams.includes('trxusdt@miniTicker'),
    );
    expect(stream.requests().at(-1)).toEqual({ method: 'UNSUBSCRIBE', params: ['trxusdt@miniTicker'] });
  });

  it('hands the upstream to the other instance when the leader stops', async () => {
    const leaderIsFirst = first.app.marketStream.health().role === 'leader';
    const survivor = leaderIsFirst ? second : first.app;
    const survivorUrl = leaderIsFirst ? secondUrl : first.url;
    const sse = await openSse(`${survivorUrl}/api/market/stream?symbols=DOT&currency=USD`);
    // the leader gives up its lease and its upstream; the survivor takes both within a renewal
    const leader = leaderIsFirst ? first.app : second;
    await leader.close();
    await eventually(
      () => survivor.marketStream.health().role,
      (role) => role === 'leader',
      15_000,
    );
    await eventually(
      () => stream.connections(),
      (count) => count === 2,
    );
    await eventually(
      () => stream.subscriptions(),
      (streams) => streams.includes('dotusdt@miniTicker'),
    );
    stream.sendTicker('DOTUSDT', 7);
    await sse.next((event) => event.event === 'ticker' && event.data.price === 7);
    sse.close();
  }, 30_000);
});

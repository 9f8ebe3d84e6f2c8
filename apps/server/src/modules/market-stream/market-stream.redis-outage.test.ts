import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisClientOptions } from '../../lib/redis-watch.ts';
import { startTestCluster, type TestCluster } from '../../test/cluster.ts';
import { eventually } from '../../test/eventually.ts';
import type { TestApp } from '../../test/harness.ts';
import { isRedisReachable, testRedisUrl } from '../../test/redis.ts';
import { openSse, type SseStream } from '../../test/sse-client.ts';
import type { BinanceStreamStub } from '../../test/stubs/binance-stream-stub.ts';
import { startTcpProxy, type TcpProxy } from '../../test/stubs/tcp-proxy.ts';
import { STANDALONE_ROLE } from './market-stream.setup.ts';

// Two instances in one process share a real Redis (the local server, when it answers) through a TCP proxy
// the tests cut and restore, and follow the Binance stream stub.
const redisAnswers = await isRedisReachable(testRedisUrl);
if (!redisAnswers)
  console.warn(`market stream: Redis outage tests not run: no Redis answers at ${testRedisUrl}`);

/** The LINK prices a browser was sent, in order, among `prices`. */
const linkPrices = (sse: SseStream, prices: readonly number[]) =>
  sse.received
    .filter((event) => event.event === 'ticker' && event.data.symbol === 'LINK')
    .map((event) => event.data.price as number)
    .filter((price) => prices.includes(price));

/** Sends LINK tickers at `prices` and waits until each browser has the last one. */
async function sendLinkTickers(stream: BinanceStreamStub, browsers: SseStream[], prices: number[]) {
  for (const price of prices) stream.sendTicker('LINKUSDT', price);
  for (const sse of browsers)
    await sse.next((event) => event.event === 'ticker' && event.data.price === prices.at(-1));
}

/** Every event id a browser was sent is `<epoch>.<n>` of one epoch, n strictly increasing. */
function expectIncreasingIds(sse: SseStream) {
  const ids = sse.received.flatMap((event) => (event.id ? [event.id.split('.')] : []));
  expect(new Set(ids.map(([epoch]) => epoch)).size).toBe(1);
  const sequence = ids.map(([, seq]) => Number(seq));
  expect(sequence.every((seq, index) => index === 0 || seq > sequence[index - 1]!)).toBe(true);
}

describe.runIf(redisAnswers)('the cluster when Redis goes away and comes back', () => {
  let proxy: TcpProxy;
  let cluster: TestCluster;
  let stream: BinanceStreamStub;
  let first: TestApp;
  let second: FastifyInstance;
  let secondUrl: string;
  /** What the outage tests hand on to the recovery tests. */
  const outage = {} as { browsers: SseStream[]; userStreams: SseStream[]; auth: Record<string, string> };
  const health = () => [first.app.marketStream.health(), second.marketStream.health()];
  const roles = () => health().map((each) => each.role);

  beforeAll(async () => {
    proxy = await startTcpProxy(testRedisUrl);
    cluster = await startTestCluster({
      redisUrl: proxy.url,
      redisOptions: redisClientOptions,
      env: { MARKET_STREAM_CONNECTIONS_PER_USER: '2' },
    });
    ({ stream, first } = cluster);
    ({ app: second, url: secondUrl } = cluster.second);
    await eventually(
      () => roles().sort(),
      (value) => value.join() === 'follower,leader',
    );
  });
  afterAll(async () => {
    await proxy.restore();
    await cluster.close();
    await proxy.close();
  });

  it("counts a user's streams across both instances: the limit reached answers a translated 429", async () => {
    const { token } = await first.registerUser();
    const auth = { authorization: `Bearer ${token}` };
    const onFirst = await openSse(`${first.url}/api/market/stream?symbols=BTC`, auth);
    const onSecond = await openSse(`${secondUrl}/api/market/stream?symbols=BTC`, auth);
    expect([onFirst.status, onSecond.status]).toEqual([200, 200]);
    const messages = [
      ['pt-BR', first.url, /Você já tem 2 transmissões ao vivo abertas/],
      ['en', secondUrl, /You already have 2 live streams open/],
      ['es', first.url, /Ya tienes 2 transmisiones en vivo abiertas/],
    ] as const;
    for (const [language, url, message] of messages) {
      const refused = await openSse(`${url}/api/market/stream?symbols=ETH`, {
        ...auth,
        'accept-language': language,
      });
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'stream_limit_reached' });
      expect(refused.body.message).toMatch(message);
    }
    // a stream closed on one instance frees a place on the other
    onFirst.close();
    const again = await eventually(
      () => openSse(`${secondUrl}/api/market/stream?symbols=BTC`, auth),
      (sse) => sse.status === 200,
    );
    again.close();
    onSecond.close();
  });

  it('follows one upstream per instance while Redis is cut, says so, and gives each browser each tick once', async () => {
    const browsers = [
      await openSse(`${first.url}/api/market/stream?symbols=LINK&currency=USD`),
      await openSse(`${secondUrl}/api/market/stream?symbols=LINK&currency=USD`),
    ];
    await sendLinkTickers(stream, browsers, [11, 12]);
    await proxy.cut();
    await eventually(roles, (value) => value.every((role) => role === STANDALONE_ROLE));
    await eventually(
      () => health().every((each) => each.connected) && stream.openConnections(),
      (open) => open === 2,
    );
    // the stub sends a ticker only to connections subscribed to it
    await eventually(
      () => stream.subscribers('linkusdt@miniTicker'),
      (subscribed) => subscribed === 2,
    );
    const prices = [21, 22, 23, 24, 25];
    await sendLinkTickers(stream, browsers, prices);
    for (const sse of browsers) expect(linkPrices(sse, prices)).toEqual(prices);
    const answer = await first.request('GET', '/api/health');
    expect(answer.body.marketStream).toMatchObject({ role: STANDALONE_ROLE, mode: 'live', connected: true });
    outage.browsers = browsers;
  });

  it('keeps answering while Redis is cut: sign-up, sign-in, prices, and stream limits per instance', async () => {
    const { token, email } = await first.registerUser();
    const wrong = await first.request('POST', '/api/auth/login', { body: { email, password: 'errada123' } });
    expect(wrong.status).toBe(401);
    const prices = await first.request('GET', '/api/crypto/prices?currency=USD', { token });
    expect(prices.status).toBe(200);
    const auth = { authorization: `Bearer ${token}` };
    const onFirst = [
      await openSse(`${first.url}/api/market/stream?symbols=BTC`, auth),
      await openSse(`${first.url}/api/market/stream?symbols=BTC`, auth),
    ];
    expect(onFirst.map((sse) => sse.status)).toEqual([200, 200]);
    expect((await openSse(`${first.url}/api/market/stream?symbols=BTC`, auth)).status).toBe(429);
    // each instance counts its own while they cannot share the count
    const onSecond = await openSse(`${secondUrl}/api/market/stream?symbols=BTC`, auth);
    expect(onSecond.status).toBe(200);
    outage.userStreams = [...onFirst, onSecond];
    outage.auth = auth;
  });

  it('goes back to one leader and one upstream when Redis answers, each tick still once per browser', async () => {
    await proxy.restore();
    await eventually(
      () => roles().sort(),
      (value) => value.join() === 'follower,leader',
      20_000,
    );
    await eventually(
      () => stream.openConnections(),
      (open) => open === 1,
    );
    const prices = [31, 32, 33, 34, 35];
    await sendLinkTickers(stream, outage.browsers, prices);
    for (const sse of outage.browsers) {
      expect(linkPrices(sse, prices)).toEqual(prices);
      expectIncreasingIds(sse);
      sse.close();
    }
  }, 30_000);

  it('counts the streams opened during the outage across the cluster again', async () => {
    // three open (two on the first instance, one on the second) against a limit of two: a fourth is refused
    await eventually(
      async () => {
        const sse = await openSse(`${secondUrl}/api/market/stream?symbols=BTC`, outage.auth);
        sse.close();
        return sse.status;
      },
      (status) => status === 429,
    );
    for (const sse of outage.userStreams) sse.close();
  });

  it('starts an instance standalone while Redis is unreachable, and it joins when Redis answers', async () => {
    await proxy.cut();
    const third = await cluster.startInstance();
    try {
      await eventually(
        () => third.app.marketStream.health().role,
        (role) => role === STANDALONE_ROLE,
      );
      const sse = await openSse(`${third.url}/api/market/stream?symbols=LINK&currency=USD`);
      expect(sse.status).toBe(200);
      // the stub sends a ticker only to connections subscribed to it: sent again until this instance's new
      // upstream has subscribed (this browser is the only one looking, so a repeat counts for nothing)
      const sawTicker = () =>
        sse
          .next((event) => event.event === 'ticker' && event.data.price === 41, 250)
          .then(
            () => true,
            () => false,
          );
      let seen = false;
      for (let attempt = 0; attempt < 40 && !seen; attempt += 1) {
        stream.sendTicker('LINKUSDT', 41);
        seen = await sawTicker();
      }
      expect(seen).toBe(true);
      sse.close();
      await proxy.restore();
      await eventually(
        () => third.app.marketStream.health().role,
        (role) => role === 'follower',
        20_000,
      );
    } finally {
      await third.app.close();
    }
  }, 30_000);
});

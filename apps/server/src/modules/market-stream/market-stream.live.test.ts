import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { selectRows } from '../../db/client.ts';
import { createTopoAlert } from '../../test/alert-firing.ts';
import { eventually } from '../../test/eventually.ts';
import { liveStreamEnv } from '../../test/live-stream.ts';
import { forEachEngine, startTestApp, type TestApp } from '../../test/harness.ts';
import { openSse } from '../../test/sse-client.ts';
import { startBinanceStreamStub, type BinanceStreamStub } from '../../test/stubs/binance-stream-stub.ts';
import { startMarketStub, stubEndpoints, type MarketStub } from '../../test/stubs/market-stub.ts';

type Stubs = { stream: BinanceStreamStub; market: MarketStub };

async function startStubs(): Promise<Stubs> {
  return { stream: await startBinanceStreamStub(), market: await startMarketStub() };
}

/** An app on the live market, following the stream stub. */
const liveEnv = (stubs: Stubs) => liveStreamEnv(stubs.market, stubs.stream);

const health = async (t: TestApp) => (await t.request('GET', '/api/health')).body.marketStream;

describe('when the upstream stream is down', () => {
  let stubs: Stubs;
  let t: TestApp;
  beforeAll(async () => {
    stubs = await startStubs();
    t = await startTestApp({ env: liveEnv(stubs) });
    await eventually(
      () => health(t),
      (stream) => stream.mode === 'live',
    );
  });
  afterAll(async () => {
    await t.close();
    await stubs.stream.close();
    await stubs.market.close();
  });

  it('says live in /api/health with the connection time and the last frame age', async () => {
    const stream = await health(t);
    expect(stream).toMatchObject({ mode: 'live', enabled: true, connected: true });
    expect(Date.parse(stream.connectedSince)).not.toBeNaN();
    expect(stream.lastFrameAgeSeconds).toBeGreaterThanOrEqual(0);
  });

  it('falls back to REST polling within the budget, says so, and goes live again', async () => {
    const sse = await openSse(`${t.url}/api/market/stream?symbols=BTC&currency=USD`);
    expect((await sse.next()).data).toEqual({ mode: 'live' });
    stubs.stream.setRefusing(true);
    stubs.stream.dropConnections();
    expect((await sse.next((event) => event.event === 'status')).data).toEqual({ mode: 'polling' });
    expect(await health(t)).toMatchObject({ mode: 'polling', connected: false });
    // the polled ticker: the recorded last day of BTC, from Binance's REST API (the market stub)
    const polled = await sse.next((event) => event.event === 'ticker');
    expect(polled.data).toMatchObject({ symbol: 'BTC', currency: 'USD' });
    expect(stubs.market.calls(stubEndpoints.tickers)).toBeGreaterThan(0);
    const binanceCalls = t.app.market.upstreamCallCounts().binance;
    expect(binanceCalls).toBeGreaterThan(0);

    stubs.stream.setRefusing(false);
    expect((await sse.next((event) => event.event === 'status', 40_000)).data).toEqual({ mode: 'live' });
    expect(await health(t)).toMatchObject({ mode: 'live', connected: true });
    sse.close();
  }, 60_000);

  it('writes ticks into the cached prices every price answer reads', async () => {
    const { token } = await t.registerUser();
    const before = await t.request('GET', '/api/crypto/prices?currency=USD', { token });
    expect(before.status).toBe(200);
    const btc = () =>
      before.body.data.find((coin: { symbol: string }) => coin.symbol.toUpperCase() === 'BTC');
    expect(btc().current_price).not.toBe(123_456);
    stubs.stream.sendTicker('BTCUSDT', 123_456, 120_000);
    const after = await eventually(
      () => t.request('GET', '/api/crypto/prices?currency=USD', { token }),
      (answer) =>
        answer.body.data.find((coin: { symbol: string }) => coin.symbol.toUpperCase() === 'BTC')
          ?.current_price === 123_456,
    );
    const coin = after.body.data.find((item: { symbol: string }) => item.symbol.toUpperCase() === 'BTC');
    expect(coin.price_change_percentage_24h).toBeCloseTo(2.88, 2);
    // the other figures still come from the list's source, and no upstream call was made for the tick
    expect(coin.market_cap).toBe(btc().market_cap);
  });

  it('ends every open stream with a retry hint when the app closes, and the close does not hang', async () => {
    const local = await startTestApp({ env: liveEnv(stubs) });
    const streams = await Promise.all(
      ['BTC', 'ETH', 'SOL'].map((symbol) => openSse(`${local.url}/api/market/stream?symbols=${symbol}`)),
    );
    await Promise.all(streams.map((sse) => sse.next((event) => event.event === 'status')));
    await local.close();
    await Promise.all(streams.map((sse) => sse.ended));
    for (const sse of streams) expect(sse.received.at(-1)).toMatchObject({ event: 'retry', retry: 3000 });
  });
});

describe('the simulated market', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { MARKET_STREAM_ENABLED: 'true' } });
  });
  afterAll(async () => t.close());

  it('streams too, labelled simulated, in reais at the simulated rate', async () => {
    const sse = await openSse(`${t.url}/api/market/stream?symbols=ETH&currency=BRL&interval=1d`);
    expect((await sse.next()).data).toEqual({ mode: 'simulated' });
    const ticker = await sse.next((event) => event.event === 'ticker');
    const prices = await t.request('GET', '/api/market-data/coins/eth?currency=BRL');
    expect(ticker.data).toMatchObject({ symbol: 'ETH', currency: 'BRL' });
    expect(ticker.data.price).toBeCloseTo(prices.body.data.price, 6);
    const candle = await sse.next((event) => event.event === 'candle');
    expect(candle.data).toMatchObject({ symbol: 'ETH', interval: '1d', currency: 'BRL' });
    expect((await health(t)).mode).toBe('simulated');
    sse.close();
  });
});

forEachEngine((engine) => {
  describe('price alerts on ticks', () => {
    let stubs: Stubs;
    let t: TestApp;
    let second: FastifyInstance;
    beforeAll(async () => {
      stubs = await startStubs();
      t = await startTestApp({ engine, env: liveEnv(stubs) });
      // a second instance on the same database, following the same upstream: both see every crossing
      second = await buildApp(t.config, { database: t.database, webDist: false });
      await second.ready();
      await eventually(
        () => stubs.stream.connections(),
        (count) => count === 2,
      );
      await eventually(
        () => [t.app.marketStream.health().mode, second.marketStream.health().mode],
        (modes) => modes.every((mode) => mode === 'live'),
      );
    });
    afterAll(async () => {
      await second.close();
      await t.close();
      await stubs.stream.close();
      await stubs.market.close();
    });

    const firings = async (userId: string) =>
      (
        await selectRows<{ count: number }>(
          t.database.db,
          sql`select count(*)::int as count from alert_events where user_id = ${userId}`,
        )
      )[0]!.count;
    const alertEmails = async (userId: string) =>
      (
        await selectRows<{ count: number }>(
          t.database.db,
          sql`select count(*)::int as count from email_outbox where user_id = ${userId} and template = 'crypto-alert'`,
        )
      )[0]!.count;

    it('fires once per crossing on two instances, and its e-mail leaves through the outbox', async () => {
      const { token, user } = await t.registerUser();
      // BTC above 100,000 dollars
      await createTopoAlert(t, token);
      stubs.stream.sendTicker('BTCUSDT', 99_000);
      await eventually(
        () =>
          selectRows<{ checked: Date | null }>(
            t.database.db,
            sql`select last_checked_at as checked from alerts where user_id = ${user.id}`,
          ),
        (rows) => rows[0]?.checked !== null,
      );
      expect(await firings(user.id)).toBe(0);

      // the crossing, then more ticks above the line: one firing
      stubs.stream.sendTicker('BTCUSDT', 100_500);
      await eventually(
        () => firings(user.id),
        (count) => count === 1,
      );
      stubs.stream.sendTicker('BTCUSDT', 101_000);
      stubs.stream.sendTicker('BTCUSDT', 102_000);
      await eventually(
        () => alertEmails(user.id),
        (count) => count === 1,
      );

      // back below re-arms; once the alert's cooldown is over, the next crossing fires again, once
      await t.app.db.execute(
        sql`update alerts set last_triggered = last_triggered - interval '15 minutes' where user_id = ${user.id}`,
      );
      stubs.stream.sendTicker('BTCUSDT', 98_000);
      await eventually(
        () =>
          selectRows<{ met: string[] }>(
            t.database.db,
            sql`select met_conditions as met from alerts where user_id = ${user.id}`,
          ),
        (rows) => rows[0]?.met.length === 0,
      );
      stubs.stream.sendTicker('BTCUSDT', 103_000);
      await eventually(
        () => firings(user.id),
        (count) => count === 2,
      );
      // both instances have checked the last tick by now (at most once a second each)
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await firings(user.id)).toBe(2);
      expect(await alertEmails(user.id)).toBe(2);
      const list = await t.request('GET', '/api/alerts', { token });
      expect(list.body.data[0].triggeredCount).toBe(2);
    }, 30_000);
  });
});

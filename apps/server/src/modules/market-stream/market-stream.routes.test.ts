import { beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually.ts';
import { useLiveStream } from '../../test/live-stream.ts';
import type { TestApp } from '../../test/harness.ts';
import { openSse, type SseEvent } from '../../test/sse-client.ts';
import type { BinanceStreamStub } from '../../test/stubs/binance-stream-stub.ts';

const isTicker = (symbol: string) => (event: SseEvent) =>
  event.event === 'ticker' && event.data.symbol === symbol;

describe('the live market stream against a Binance stream stub', () => {
  const live = useLiveStream({ env: { MARKET_STREAM_HEARTBEAT_SECONDS: '0.2' } });
  let stream: BinanceStreamStub;
  let t: TestApp;
  beforeAll(() => void ({ stream, t } = live));

  it('follows every streamed coin and the USDT/BRL rate upstream, on one connection', () => {
    expect(stream.connections()).toBe(1);
    expect(stream.subscriptions()).toEqual(
      expect.arrayContaining(['btcusdt@miniTicker', 'polusdt@miniTicker', 'usdtbrl@miniTicker']),
    );
    expect(stream.subscriptions().some((name) => name.includes('@kline_'))).toBe(false);
  });

  it("answers the upstream's pings with their payload", async () => {
    await eventually(
      () => stream.pongs(),
      (pongs) => pongs.length > 0,
    );
    expect(stream.pongs()).toContain('stub');
  });

  it('streams status, tickers and candles as server-sent events, subscribing candles on demand', async () => {
    const sse = await openSse(`${t.url}/api/market/stream?symbols=btc,ETH&interval=1h&currency=USD`);
    expect(sse.status).toBe(200);
    expect(sse.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(sse.headers.get('x-accel-buffering')).toBe('no');
    expect((await sse.next()).data).toEqual({ mode: 'live' });
    await eventually(
      () => stream.subscriptions(),
      (streams) => streams.includes('btcusdt@kline_1h'),
    );
    expect(stream.subscriptions()).toContain('ethusdt@kline_1h');
    const said = stream.tick();
    const ticker = await sse.next(isTicker('BTC'));
    const expected = said.get('BTCUSDT')!;
    expect(ticker.id).toMatch(/^[0-9a-f]+\.\d+$/);
    expect(ticker.data).toMatchObject({ symbol: 'BTC', price: expected.price, currency: 'USD' });
    expect(ticker.data.change24h).toBeCloseTo((expected.price / expected.open - 1) * 100, 10);
    const candle = await sse.next((event) => event.event === 'candle' && event.data.symbol === 'ETH');
    expect(candle.data).toMatchObject({ symbol: 'ETH', interval: '1h', closed: false, currency: 'USD' });
    expect(candle.data.candle.close).toBe(said.get('ETHUSDT')!.price);
    // heartbeats keep proxies from closing an idle stream
    await sse.next((event) => event.event === ':comment');
    sse.close();
    // the last browser gone, the candles are unsubscribed upstream; the tickers stay
    await eventually(
      () => stream.subscriptions(),
      (streams) => !streams.includes('btcusdt@kline_1h'),
    );
    expect(stream.subscriptions()).toContain('btcusdt@miniTicker');
    expect(stream.requests().at(-1)).toMatchObject({ method: 'UNSUBSCRIBE' });
  });

  it('prices in reais at the stream USDT/BRL rate', async () => {
    const sse = await openSse(`${t.url}/api/market/stream?symbols=SOL&currency=BRL`);
    await sse.next((event) => event.event === 'status');
    stream.sendTicker('USDTBRL', 5);
    stream.sendTicker('SOLUSDT', 100, 80);
    // a new browser first gets the latest ticker it would have missed: wait for the one sent now
    const ticker = await sse.next((event) => isTicker('SOL')(event) && event.data.price === 500);
    expect(ticker.data).toMatchObject({ symbol: 'SOL', price: 500, change24h: 25, currency: 'BRL' });
    sse.close();
  });

  it('resumes from Last-Event-ID with the events missed, and gives a snapshot for an unknown id', async () => {
    const first = await openSse(`${t.url}/api/market/stream?symbols=XRP&currency=USD`);
    await first.next((event) => event.event === 'status');
    stream.sendTicker('XRPUSDT', 1);
    const seen = await first.next((event) => isTicker('XRP')(event) && event.data.price === 1);
    first.close();
    stream.sendTicker('XRPUSDT', 2);
    stream.sendTicker('XRPUSDT', 3);
    await eventually(
      () => t.app.marketStream.health().lastFrameAgeSeconds,
      (age) => age !== undefined,
    );
    // the server has both by the time a browser on the same topic sees the second
    const watcher = await openSse(`${t.url}/api/market/stream?symbols=XRP&currency=USD`);
    await watcher.next((event) => event.event === 'ticker' && event.data.price === 3);
    watcher.close();

    const resumed = await openSse(`${t.url}/api/market/stream?symbols=XRP&currency=USD`, {
      'last-event-id': seen.id!,
    });
    await resumed.next((event) => event.event === 'status');
    expect((await resumed.next(isTicker('XRP'))).data.price).toBe(2);
    expect((await resumed.next(isTicker('XRP'))).data.price).toBe(3);
    resumed.close();

    const stranger = await openSse(`${t.url}/api/market/stream?symbols=XRP&currency=USD`, {
      'last-event-id': 'feedbeef.12',
    });
    await stranger.next((event) => event.event === 'status');
    const snapshot = await stranger.next(isTicker('XRP'));
    expect(snapshot.data.price).toBe(3);
    stranger.close();
  });

  it('refuses a sixth stream of one visitor with a translated 429, and an unknown coin with 400', async () => {
    await eventually(
      () => t.app.marketStream.health().clients,
      (clients) => clients === 0,
    );
    const open = await Promise.all(
      Array.from({ length: 5 }, () => openSse(`${t.url}/api/market/stream?symbols=BTC`)),
    );
    expect(open.map((sse) => sse.status)).toEqual([200, 200, 200, 200, 200]);
    const sixth = await openSse(`${t.url}/api/market/stream?symbols=BTC`, { 'accept-language': 'en' });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ code: 'stream_limit_reached' });
    expect(sixth.body.message).toMatch(/5 live streams/);
    for (const sse of open) sse.close();
    const unknown = await t.request('GET', '/api/market/stream?symbols=BTC,NOPE', {
      headers: { 'accept-language': 'pt-BR' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('unknown_coin');
    // a freed slot is usable again
    await eventually(
      () => t.app.marketStream.health().clients,
      (clients) => clients === 0,
    );
    const again = await openSse(`${t.url}/api/market/stream?symbols=BTC`);
    expect(again.status).toBe(200);
    again.close();
  });

  it('counts a signed-in account apart from its address, in the account language', async () => {
    await eventually(
      () => t.app.marketStream.health().clients,
      (clients) => clients === 0,
    );
    const { token } = await t.registerUser({ language: 'es' });
    const auth = { authorization: `Bearer ${token}` };
    const mine = await Promise.all(
      Array.from({ length: 5 }, () => openSse(`${t.url}/api/market/stream?symbols=ETH`, auth)),
    );
    expect(mine.map((sse) => sse.status)).toEqual([200, 200, 200, 200, 200]);
    const sixth = await openSse(`${t.url}/api/market/stream?symbols=ETH`, auth);
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toMatch(/Ya tienes 5 transmisiones/);
    // a visitor on the same address still has slots of its own
    const visitor = await openSse(`${t.url}/api/market/stream?symbols=ETH`);
    expect(visitor.status).toBe(200);
    for (const sse of [...mine, visitor]) sse.close();
  });

  it('drops malformed frames, counting them, and keeps streaming', async () => {
    const sse = await openSse(`${t.url}/api/market/stream?symbols=ADA&currency=USD`);
    await sse.next((event) => event.event === 'status');
    stream.sendRaw('not json');
    stream.sendRaw(
      JSON.stringify({ stream: 'adausdt@miniTicker', data: { e: '24hrMiniTicker', s: 'ADAUSDT' } }),
    );
    stream.sendTicker('ADAUSDT', 0.5);
    await sse.next((event) => isTicker('ADA')(event) && event.data.price === 0.5);
    const metrics = await t.request('GET', '/metrics');
    const line = String(metrics.text ?? metrics.body)
      .split('\n')
      .find((text) => text.startsWith('farol_market_stream_malformed_frames_total'));
    expect(Number(line?.split(' ').at(-1))).toBeGreaterThanOrEqual(2);
    sse.close();
  });

  it('reconnects and resubscribes after a dropped connection, a stall and the daily disconnect', async () => {
    const sse = await openSse(`${t.url}/api/market/stream?symbols=LINK&interval=4h&currency=USD`);
    await sse.next((event) => event.event === 'status');
    await eventually(
      () => stream.subscriptions(),
      (streams) => streams.includes('linkusdt@kline_4h'),
    );

    for (const fault of ['drop', 'stall', 'daily'] as const) {
      const before = stream.connections();
      if (fault === 'drop') stream.dropConnections();
      if (fault === 'daily') stream.forceDailyDisconnect();
      if (fault === 'stall') stream.setStalled(true);
      await eventually(
        () => stream.connections(),
        (count) => count > before,
      );
      stream.setStalled(false);
      await eventually(
        () => stream.subscriptions(),
        (streams) => streams.includes('linkusdt@kline_4h'),
      );
      expect(stream.subscriptions()).toContain('linkusdt@miniTicker');
      stream.sendTicker('LINKUSDT', 10 + before);
      expect(
        (await sse.next((event) => isTicker('LINK')(event) && event.data.price === 10 + before)).data,
      ).toBeTruthy();
    }
    expect(t.app.marketStream.health()).toMatchObject({ mode: 'live', connected: true });
    sse.close();
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually.ts';
import { useLiveStream } from '../../test/live-stream.ts';
import type { TestApp } from '../../test/harness.ts';
import { openSse } from '../../test/sse-client.ts';
import type { BinanceStreamStub } from '../../test/stubs/binance-stream-stub.ts';
import { stubEndpoints, type MarketStub } from '../../test/stubs/market-stub.ts';

// DOGE has a USDT pair in the recorded exchangeInfo but no recorded candles: its ticks replay ETH's real days
const replayCandles = { DOGEUSDT: 'ETHUSDT' };

describe('the live market stream for coins beyond the ten', () => {
  const live = useLiveStream({ replayCandles });
  let stream: BinanceStreamStub;
  let market: MarketStub;
  let t: TestApp;
  beforeAll(() => void ({ stream, market, t } = live));

  it('follows a coin outside the ten upstream only while a browser watches it', async () => {
    expect(stream.subscriptions()).not.toContain('dogeusdt@miniTicker');
    const sse = await openSse(`${t.url}/api/market/stream?symbols=DOGE,BTC&interval=1h&currency=USD`);
    expect(sse.status).toBe(200);
    await sse.next((event) => event.event === 'status');
    await eventually(
      () => stream.subscriptions(),
      (streams) => streams.includes('dogeusdt@miniTicker') && streams.includes('dogeusdt@kline_1h'),
    );
    const said = stream.tick();
    const ticker = await sse.next((event) => event.event === 'ticker' && event.data.symbol === 'DOGE');
    expect(ticker.data).toMatchObject({
      symbol: 'DOGE',
      price: said.get('DOGEUSDT')!.price,
      currency: 'USD',
    });
    const candle = await sse.next((event) => event.event === 'candle' && event.data.symbol === 'DOGE');
    expect(candle.data).toMatchObject({ interval: '1h', closed: false });
    sse.close();
    // the last browser gone: DOGE's streams are unsubscribed, the ten's tickers stay
    await eventually(
      () => stream.subscriptions(),
      (streams) => !streams.some((name) => name.startsWith('dogeusdt@')),
    );
    expect(stream.subscriptions()).toContain('btcusdt@miniTicker');
    expect(stream.requests().at(-1)).toMatchObject({
      method: 'UNSUBSCRIBE',
      params: expect.arrayContaining(['dogeusdt@miniTicker', 'dogeusdt@kline_1h']),
    });
  });

  it('refuses a followed coin without a USDT pair by name, in the caller language', async () => {
    const refused = await t.request('GET', '/api/market/stream?symbols=BTC,HYPE', {
      headers: { 'accept-language': 'en' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('unknown_coin');
    expect(refused.body.message).toContain('HYPE');
    const unknown = await t.request('GET', '/api/market/stream?symbols=NOPE', {
      headers: { 'accept-language': 'es' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('NOPE');
  });

  it('polls a watched coin through REST while the stream is down', async () => {
    const sse = await openSse(`${t.url}/api/market/stream?symbols=DOGE&currency=USD`);
    await sse.next((event) => event.event === 'status');
    stream.setRefusing(true);
    stream.dropConnections();
    await sse.next((event) => event.event === 'status' && event.data.mode === 'polling');
    const before = market.calls(stubEndpoints.tickers);
    const polled = await sse.next(
      (event) => event.event === 'ticker' && event.data.symbol === 'DOGE',
      20_000,
    );
    expect(polled.data).toMatchObject({ symbol: 'DOGE', currency: 'USD' });
    expect(market.calls(stubEndpoints.tickers)).toBeGreaterThan(before);
    stream.setRefusing(false);
    await sse.next((event) => event.event === 'status' && event.data.mode === 'live', 40_000);
    sse.close();
  }, 60_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMarketStub, stubEndpoints, type MarketStub } from '../test/stubs/market-stub.ts';
import { createAlternativeMeClient } from './alternative-me/client.ts';
import { createBinanceClient } from './binance/client.ts';
import { createCoinGeckoClient } from './coingecko/client.ts';
import { createUpstreamGate, parseRetryAfter, UpstreamError, type UpstreamErrorKind } from './http.ts';

describe('live providers against the recorded answers', () => {
  let stub: MarketStub;
  beforeAll(async () => {
    stub = await startMarketStub();
  });
  afterAll(() => stub.close());
  // 300 ms is enough to prove a stalled answer times out; the first page with sparklines reads the recorded
  // hourly candles of four coins, which can take longer than that on a busy machine
  const coinGecko = (timeoutMs = 300) =>
    createCoinGeckoClient({
      baseUrl: stub.env.COINGECKO_BASE_URL,
      apiPlan: 'demo',
      timeoutMs,
      now: Date.now,
    });

  it('maps CoinGecko coins by id, and drops null numbers instead of zeroing them', async () => {
    const top = await coinGecko(10_000).fetchCoins(1, 250);
    expect(top).toHaveLength(30);
    expect(top[0]).toMatchObject({
      id: 'bitcoin',
      symbol: 'BTC',
      name: 'Bitcoin',
      currentPrice: 79847,
      rank: 1,
    });
    const withNulls = await coinGecko(10_000).fetchCoins(2, 250);
    // recorded: chartex has a null 24h change; moontools a null rank and CoinGecko's "unknown" market cap 0
    expect(withNulls.find((coin) => coin.id === 'chartex')!.priceChangePercentage24h).toBeUndefined();
    expect(withNulls.find((coin) => coin.id === 'moontools')).toMatchObject({
      rank: undefined,
      marketCap: undefined,
      currentPrice: 2.17,
    });
    expect(withNulls.some((coin) => Object.values(coin).includes(0))).toBe(false);
  });

  it('maps the Binance klines of a closed range, MATIC read as POL', async () => {
    const binance = createBinanceClient({ baseUrl: stub.env.BINANCE_BASE_URL, timeoutMs: 300 });
    const days = await binance.fetchCandles('BTCUSDT', '1d', 2, Date.parse('2024-01-02T00:00:00Z'));
    // BTCUSDT 2024-01-01 and 2024-01-02 from the test data (ohlcv/BTCUSDT-1d.csv)
    expect(days.map((candle) => new Date(candle.openTime).toISOString())).toEqual([
      '2024-01-01T00:00:00.000Z',
      '2024-01-02T00:00:00.000Z',
    ]);
    expect(days[0]!.open).toBe(42283.58);
    expect(
      (await binance.fetchCandles('POLUSDT', '1d', 1, Date.parse('2024-01-02T00:00:00Z')))[0]!.close,
    ).toBeGreaterThan(0);
  });

  it('maps alternative.me text numbers and keeps the latest first', async () => {
    const history = await createAlternativeMeClient({
      baseUrl: stub.env.FEAR_GREED_BASE_URL,
      timeoutMs: 300,
    }).fetchFearGreed(3);
    expect(history).toEqual([
      { value: 12, classification: 'Extreme Fear', timestamp: 1780704000 },
      { value: 12, classification: 'Extreme Fear', timestamp: 1780617600 },
      { value: 12, classification: 'Extreme Fear', timestamp: 1780531200 },
    ]);
  });

  const faults: [Parameters<MarketStub['setFault']>[1], UpstreamErrorKind, number | undefined][] = [
    [{ kind: 'status', status: 429, retryAfter: '30' }, 'rate_limit', 30],
    [{ kind: 'status', status: 418, retryAfter: '600' }, 'rate_limit', 600],
    [{ kind: 'status', status: 502 }, 'server_error', undefined],
    [{ kind: 'status', status: 404 }, 'api_error', undefined],
    [{ kind: 'status', status: 200, body: '{"data": {}}' }, 'api_error', undefined],
    [{ kind: 'malformed' }, 'api_error', undefined],
    [{ kind: 'timeout' }, 'network_error', undefined],
    [{ kind: 'reset' }, 'network_error', undefined],
  ];
  it.each(faults)('turns %o into a %s error', async (fault, kind, retryAfterSeconds) => {
    stub.setFault(stubEndpoints.global, fault);
    try {
      const error = await coinGecko()
        .fetchGlobal()
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(UpstreamError);
      expect(error).toMatchObject({ kind, provider: 'coingecko', retryAfterSeconds });
    } finally {
      stub.clearFaults();
    }
  });

  it('reports a refused connection as network_error', async () => {
    const closed = await startMarketStub();
    await closed.close();
    const client = createCoinGeckoClient({
      baseUrl: closed.env.COINGECKO_BASE_URL,
      apiPlan: 'demo',
      timeoutMs: 300,
      now: Date.now,
    });
    await expect(client.fetchGlobal()).rejects.toMatchObject({ kind: 'network_error' });
  });
});

describe('upstream gate', () => {
  it('stops calling once the per-minute budget is spent and refills over time', async () => {
    let time = 0;
    const gate = createUpstreamGate({ provider: 'coingecko', callsPerMinute: 3, now: () => time });
    let calls = 0;
    const call = async () => (calls += 1);
    for (let index = 0; index < 3; index += 1) await gate.run(call);
    await expect(gate.run(call)).rejects.toMatchObject({ kind: 'rate_limit', retryAfterSeconds: 20 });
    expect(calls).toBe(3);
    time += 20_000;
    await gate.run(call);
    expect(calls).toBe(4);
  });

  it('does not call a vendor again before its Retry-After has passed', async () => {
    let time = 0;
    const gate = createUpstreamGate({ provider: 'binance', callsPerMinute: 100, now: () => time });
    await expect(
      gate.run(async () => {
        throw new UpstreamError('binance', 'rate_limit', 'HTTP 429', { retryAfterSeconds: 120 });
      }),
    ).rejects.toMatchObject({ kind: 'rate_limit' });
    let called = false;
    time += 60_000;
    await expect(gate.run(async () => (called = true))).rejects.toMatchObject({ retryAfterSeconds: 60 });
    expect(called).toBe(false);
    time += 61_000;
    await gate.run(async () => (called = true));
    expect(called).toBe(true);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('12', 0)).toBe(12);
    expect(parseRetryAfter('Thu, 01 Jan 1970 00:01:00 GMT', 0)).toBe(60);
    expect(parseRetryAfter('soon', 0)).toBeUndefined();
    expect(parseRetryAfter(null, 0)).toBeUndefined();
  });
});

// Test helper: an app on the live market that follows the local stubs.
import { afterAll, beforeAll } from 'vitest';
import { eventually } from './eventually.ts';
import { startTestApp, type Engine, type TestApp } from './harness.ts';
import { startBinanceStreamStub, type BinanceStreamStub } from './stubs/binance-stream-stub.ts';
import { startMarketStub, type MarketStub } from './stubs/market-stub.ts';

/**
 * REST from the market stub, the upstream stream from the stream stub (turned on, a stall seen after a
 * second: the stub pings every 250 ms); `extra` adds or overrides settings.
 */
export const liveStreamEnv = (
  market: MarketStub,
  stream: BinanceStreamStub,
  extra: Record<string, string> = {},
): Record<string, string> => ({
  MARKET_DATA_SOURCE: 'live',
  ...market.env,
  ...stream.env,
  MARKET_STREAM_ENABLED: 'true',
  MARKET_STREAM_STALL_SECONDS: '1',
  ...extra,
});

export type LiveStream = { stream: BinanceStreamStub; market: MarketStub; t: TestApp };

/**
 * Before the tests of the enclosing block: both stubs and an app following them, once it has subscribed to
 * the ten's tickers; all closed after them. The answer is filled in by that beforeAll (use it in later hooks
 * and tests only).
 */
export function useLiveStream(
  options: { engine?: Engine; env?: Record<string, string>; replayCandles?: Record<string, string> } = {},
): LiveStream {
  const live = {} as LiveStream;
  beforeAll(async () => {
    live.stream = await startBinanceStreamStub({ replayCandles: options.replayCandles });
    live.market = await startMarketStub({ replayCandles: options.replayCandles });
    live.t = await startTestApp({
      engine: options.engine,
      env: liveStreamEnv(live.market, live.stream, options.env),
    });
    await eventually(
      () => live.stream.subscriptions(),
      (streams) => streams.includes('btcusdt@miniTicker'),
    );
  });
  afterAll(async () => {
    await live.t.close();
    await live.stream.close();
    await live.market.close();
  });
  return live;
}

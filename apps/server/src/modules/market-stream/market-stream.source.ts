import { isAnalysisSymbol, type AnalysisSymbol, type CandleInterval } from '@farol/contract';
import type { Config } from '../../config.ts';
import type { Metrics } from '../../lib/metrics.ts';
import { klineStream, miniTickerStream } from '../../providers/binance/mapper.ts';
import { createBinanceStream, type BinanceStream } from '../../providers/binance/stream.ts';
import type { LiveAccess } from '../market/market-live.ts';
import type { LiveMarketEvent } from '../market/market.types.ts';
import type { StreamMode } from './market-stream.hub.ts';
import { RATE_PAIR, streamedSymbols, streamPairOf } from './market-stream.symbols.ts';

/** While the WebSocket is down: one REST round (all tickers, one candle) this often. */
export const POLL_INTERVAL_MS = 5_000;
/** A WebSocket not (re)connected after this long hands over to polling. */
const POLL_GRACE_MS = 3_000;
/** The simulated market moves once per 15-minute step; its ticks repeat the current figures this often. */
const SIMULATED_TICK_MS = 2_000;

/** A candle topic (`candle:BTC:1h`) as its parts; undefined for a ticker topic or an unknown coin. */
function parseCandleTopic(topic: string) {
  const [kind, symbol = '', interval] = topic.split(':');
  const pair = streamPairOf(symbol);
  if (kind !== 'candle' || !pair || !isAnalysisSymbol(symbol)) return undefined;
  return { symbol, pair, interval: interval as CandleInterval };
}

const streamedCoins = () =>
  streamedSymbols().flatMap((symbol) => {
    const pair = streamPairOf(symbol);
    return pair && isAnalysisSymbol(symbol) ? [{ symbol: symbol as AnalysisSymbol, pair }] : [];
  });

export type StreamSourceState = {
  mode: StreamMode;
  connected: boolean;
  connectedSince?: number;
  lastFrameAt?: number;
};

export type StreamSource = {
  /** The candle topics browsers follow (every coin's ticker is always followed). */
  setDemand: (topics: ReadonlySet<string>) => void;
  start: () => void;
  stop: () => Promise<void>;
  state: () => StreamSourceState;
};

type SourceDependencies = {
  config: Pick<Config, 'MARKET_DATA_SOURCE' | 'BINANCE_WS_URL' | 'MARKET_STREAM_STALL_SECONDS'>;
  live: LiveAccess;
  deliver: (event: LiveMarketEvent) => void;
  onModeChange: (mode: StreamMode) => void;
  now: () => number;
  metrics?: Metrics;
  log?: { warn: (object: object, message: string) => void; info: (object: object, message: string) => void };
};

/** The simulated market, labelled as such: its current figures every couple of seconds. */
function createSimulatedSource(deps: SourceDependencies): StreamSource {
  let candleTopics: ReadonlySet<string> = new Set();
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    const candles = [...candleTopics].flatMap((topic) => parseCandleTopic(topic) ?? []);
    for (const event of await deps.live.simulatedTicks(streamedCoins(), candles, RATE_PAIR))
      deps.deliver(event);
  };
  return {
    setDemand: (topics) => {
      candleTopics = topics;
    },
    start: () => {
      deps.onModeChange('simulated');
      void tick();
      timer = setInterval(() => void tick().catch(() => undefined), SIMULATED_TICK_MS);
      timer.unref();
    },
    stop: async () => clearInterval(timer),
    state: () => ({ mode: 'simulated', connected: false }),
  };
}

/**
 * REST polling while the WebSocket is down, within Binance's call budget: every round one call for every
 * coin's 24 h window and one for a followed candle (the candle topics take turns).
 */
function createPoller(deps: SourceDependencies, candleTopics: () => ReadonlySet<string>) {
  let timer: NodeJS.Timeout | undefined;
  let turn = 0;
  let round: Promise<void> | undefined;
  const pairs = [...streamedCoins().map((coin) => coin.pair), RATE_PAIR];
  const polls = deps.metrics?.counter(
    'farol_market_stream_polls_total',
    'REST polls made while the market stream was down, by outcome',
  );

  async function pollOnce() {
    try {
      for (const ticker of await deps.live.pollTickers(pairs)) deps.deliver(ticker);
      const candles = [...candleTopics()].flatMap((topic) => parseCandleTopic(topic) ?? []);
      const next = candles[turn++ % Math.max(1, candles.length)];
      if (next) {
        const candle = await deps.live.pollCandle(next.symbol, next.pair, next.interval);
        if (candle) deps.deliver(candle);
      }
      polls?.inc({ outcome: 'ok' });
    } catch (error) {
      polls?.inc({ outcome: 'error' });
      deps.log?.warn({ reason: (error as Error).message }, 'market stream: polling failed');
    }
  }

  return {
    start: () => {
      if (timer) return;
      round ??= pollOnce().finally(() => (round = undefined));
      timer = setInterval(() => {
        round ??= pollOnce().finally(() => (round = undefined));
      }, POLL_INTERVAL_MS);
      timer.unref();
    },
    stop: async () => {
      clearInterval(timer);
      timer = undefined;
      await round;
    },
  };
}

/**
 * Binance's WebSocket: every streamed coin's mini-ticker and the rate pair's always, the followed candles on
 * demand. When it is down (or not yet up after a grace period) polling takes over, and the mode says so.
 */
function createBinanceSource(deps: SourceDependencies): StreamSource {
  let candleTopics: ReadonlySet<string> = new Set();
  let graceTimer: NodeJS.Timeout | undefined;
  const malformed = deps.metrics?.counter(
    'farol_market_stream_malformed_frames_total',
    'Frames from the upstream market stream dropped as malformed',
  );
  const connections = deps.metrics?.counter(
    'farol_market_stream_connections_total',
    'Connections opened to the upstream market stream',
  );
  let stopped = false;
  const poller = createPoller(deps, () => candleTopics);
  const startPolling = () => {
    if (stopped) return;
    deps.onModeChange('polling');
    poller.start();
  };
  const stream: BinanceStream = createBinanceStream({
    url: deps.config.BINANCE_WS_URL,
    stallMs: deps.config.MARKET_STREAM_STALL_SECONDS * 1000,
    now: deps.now,
    log: deps.log,
    onEvent: deps.deliver,
    onMalformedFrame: () => malformed?.inc(),
    onConnectionChange: (connected) => {
      clearTimeout(graceTimer);
      if (connected) {
        connections?.inc();
        void poller.stop();
        deps.onModeChange('live');
        return;
      }
      graceTimer = setTimeout(startPolling, POLL_GRACE_MS);
      graceTimer.unref();
    },
  });
  const wantedStreams = () => [
    ...streamedCoins().map((coin) => miniTickerStream(coin.pair)),
    miniTickerStream(RATE_PAIR),
    ...[...candleTopics].flatMap((topic) => {
      const candle = parseCandleTopic(topic);
      return candle ? [klineStream(candle.pair, candle.interval)] : [];
    }),
  ];
  return {
    setDemand: (topics) => {
      candleTopics = topics;
      stream.setStreams(wantedStreams());
    },
    start: () => {
      stopped = false;
      stream.setStreams(wantedStreams());
      stream.start();
      graceTimer = setTimeout(startPolling, POLL_GRACE_MS);
      graceTimer.unref();
    },
    stop: async () => {
      stopped = true;
      await stream.stop();
      clearTimeout(graceTimer);
      await poller.stop();
    },
    state: () => {
      const state = stream.state();
      return {
        mode: state.connected ? 'live' : 'polling',
        connected: state.connected,
        connectedSince: state.connectedSince,
        lastFrameAt: state.lastFrameAt,
      };
    },
  };
}

/** The simulated market when configured so; Binance's stream (with polling as its fallback) otherwise. */
export function createStreamSource(deps: SourceDependencies): StreamSource {
  return deps.config.MARKET_DATA_SOURCE === 'simulated'
    ? createSimulatedSource(deps)
    : createBinanceSource(deps);
}

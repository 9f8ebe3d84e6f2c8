import type { AnalysisSymbol } from '@farol/contract';
import type { Config } from '../../config.ts';
import type { Metrics } from '../../lib/metrics.ts';
import { klineStream, miniTickerStream } from '../../providers/binance/mapper.ts';
import { createBinanceStream, type BinanceStream } from '../../providers/binance/stream.ts';
import type { LiveAccess } from '../market/market-live.ts';
import type { LiveMarketEvent } from '../market/market.types.ts';
import { parseTopic, type StreamMode } from './market-stream.hub.ts';
import { alwaysStreamedCoins, RATE_PAIR } from './market-stream.symbols.ts';

/** While the WebSocket is down: one REST round (all tickers, one candle) this often. */
export const POLL_INTERVAL_MS = 5_000;
/** A WebSocket not (re)connected after this long hands over to polling. */
const POLL_GRACE_MS = 3_000;
/** The simulated market moves once per 15-minute step; its ticks repeat the current figures this often. */
const SIMULATED_TICK_MS = 2_000;

/**
 * Binance serves at most 1024 streams on one connection (spot WebSocket streams docs, "a single connection can
 * listen to a maximum of 1024 streams"): the always-followed tickers come first, then the alerted coins'
 * tickers (at most the 500 listed coins, so tickers alone never fill it), the browsers' topics fill the rest,
 * and any beyond are left out (and logged) rather than have the connection refused.
 */
export const MAX_UPSTREAM_STREAMS = 1024;
/** Pairs per REST mini-ticker call: up to 20 symbols weigh 2, 21 weigh 40 (binanceWeights.miniTickers). */
const PAIRS_PER_POLL = 20;

const quickChoiceByPair = new Map(
  alwaysStreamedCoins.map((coin) => [coin.pair, coin.symbol as AnalysisSymbol]),
);

/** The candle topics asked for, as pair and interval. */
const candlesOf = (topics: ReadonlySet<string>) =>
  [...topics].flatMap((topic) => {
    const parsed = parseTopic(topic);
    return parsed?.kind === 'candle' ? [parsed] : [];
  });

/** What the upstream follows besides the ten: the browsers' topics and the coins price alerts are on. */
type Followed = { topics: ReadonlySet<string>; alertedPairs: ReadonlySet<string> };

/** Every pair whose ticker is wanted: the ten's always, then the alerted coins', then those browsers follow. */
function tickerPairsOf({ topics, alertedPairs }: Followed): string[] {
  const pairs = new Set(alwaysStreamedCoins.map((coin) => coin.pair));
  for (const pair of alertedPairs) pairs.add(pair);
  for (const topic of topics) {
    const parsed = parseTopic(topic);
    if (parsed?.kind === 'ticker') pairs.add(parsed.pair);
  }
  return [...pairs];
}

export type StreamSourceState = {
  mode: StreamMode;
  connected: boolean;
  connectedSince?: number;
  lastFrameAt?: number;
};

export type StreamSource = {
  /** The topics browsers follow (the ten's tickers are followed whatever they are). */
  setDemand: (topics: ReadonlySet<string>) => void;
  /** The pairs beyond the ten whose tickers price alerts need, whether or not a browser watches them. */
  setAlertedPairs: (pairs: ReadonlySet<string>) => void;
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
  // the simulated market has the ten coins only: other coins' topics get nothing
  const coins = alwaysStreamedCoins.map((coin) => ({
    symbol: coin.symbol as AnalysisSymbol,
    pair: coin.pair,
  }));
  const tick = async () => {
    const candles = candlesOf(candleTopics).flatMap((candle) => {
      const symbol = quickChoiceByPair.get(candle.pair);
      return symbol ? [{ ...candle, symbol }] : [];
    });
    for (const event of await deps.live.simulatedTicks(coins, candles, RATE_PAIR)) deps.deliver(event);
  };
  return {
    setDemand: (topics) => {
      candleTopics = topics;
    },
    // alerts never act on simulated prices
    setAlertedPairs: () => undefined,
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
 * REST polling while the WebSocket is down, within Binance's call budget: every round the 24 h windows of
 * every followed coin, in calls of at most 20 pairs (weight 2 each: 1,024 pairs cost 104 a round, about 1,250
 * of Binance's 6,000 a minute), and one followed candle (the candle topics take turns).
 */
function createPoller(deps: SourceDependencies, followed: () => Followed) {
  let timer: NodeJS.Timeout | undefined;
  let turn = 0;
  let round: Promise<void> | undefined;
  const polls = deps.metrics?.counter(
    'farol_market_stream_polls_total',
    'REST polls made while the market stream was down, by outcome',
  );

  async function pollOnce() {
    try {
      const pairs = [...tickerPairsOf(followed()), RATE_PAIR];
      for (let start = 0; start < pairs.length; start += PAIRS_PER_POLL)
        for (const ticker of await deps.live.pollTickers(pairs.slice(start, start + PAIRS_PER_POLL)))
          deps.deliver(ticker);
      const candles = candlesOf(followed().topics);
      const next = candles[turn++ % Math.max(1, candles.length)];
      if (next) {
        const candle = await deps.live.pollCandle(next.pair, next.interval);
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

/** The upstream streams wanted, in order of need, within the 1024 one connection carries. */
function wantedStreams(followed: Followed, log: SourceDependencies['log']): string[] {
  const streams = [
    miniTickerStream(RATE_PAIR),
    ...tickerPairsOf(followed).map(miniTickerStream),
    ...candlesOf(followed.topics).map((candle) => klineStream(candle.pair, candle.interval)),
  ];
  if (streams.length > MAX_UPSTREAM_STREAMS)
    log?.warn(
      { wanted: streams.length, max: MAX_UPSTREAM_STREAMS },
      'market stream: more streams wanted than one connection carries',
    );
  return streams.slice(0, MAX_UPSTREAM_STREAMS);
}

/**
 * Binance's WebSocket: the ten's mini-tickers and the rate pair's always, the mini-tickers of the coins price
 * alerts are on, other coins' mini-tickers and the followed candles while a browser watches them. When it is
 * down (or not yet up after a grace period) polling takes over, and the mode says so.
 */
function createBinanceSource(deps: SourceDependencies): StreamSource {
  const followed: Followed = { topics: new Set(), alertedPairs: new Set() };
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
  const poller = createPoller(deps, () => followed);
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
  return {
    setDemand: (next) => {
      followed.topics = next;
      stream.setStreams(wantedStreams(followed, deps.log));
    },
    setAlertedPairs: (pairs) => {
      followed.alertedPairs = pairs;
      stream.setStreams(wantedStreams(followed, deps.log));
    },
    start: () => {
      stopped = false;
      stream.setStreams(wantedStreams(followed, deps.log));
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

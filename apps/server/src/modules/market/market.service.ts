import { createCache } from '../../lib/cache.ts';
import { isUpstreamError } from '../../providers/http.ts';
import { createSimulatedMarket } from '../../providers/simulated/client.ts';
import { createKeyReaders, REFRESH_TICK_MS } from './market-keys.ts';
import {
  candlesReader,
  marketPairsReader,
  rateCandlesReader,
  COIN_PAGE_SIZE,
  coinsReader,
  dominanceHistoryReader,
  fearGreedReader,
  globalReader,
  type MarketSources,
} from './market-reads.ts';
import { createLiveAccess } from './market-live.ts';
import { createLiveMarket } from './market-upstream.ts';
import type { MarketServiceDependencies, MarketServiceWithInternals } from './market.types.ts';

/**
 * The market: live providers behind their call budgets (market-upstream), every key read through one
 * cache with auto mode's fallback to the simulated market (market-keys), the reads themselves
 * (market-reads), and a refresher that keeps the recently requested keys warm.
 */
export function createMarketService(deps: MarketServiceDependencies): MarketServiceWithInternals {
  const now = () => deps.now().getTime();
  const mode = deps.config.MARKET_DATA_SOURCE;
  const upstream = createLiveMarket(deps, now);
  const cache = createMarketCache(deps, now);
  const keys = createKeyReaders({ mode, cache, upstream, now, log: deps.log });
  const sources: MarketSources = {
    live: upstream.provider,
    simulated: createSimulatedMarket({ seed: deps.config.MARKET_SEED, now }),
    cache,
    keys,
    now,
  };
  const getGlobal = globalReader(sources, deps.history, deps.log);
  const getCoins = coinsReader(sources);
  const getMarketPairs = marketPairsReader(sources, getCoins);
  const reads = {
    getCoins,
    getGlobal,
    getDominanceHistory: dominanceHistoryReader(sources, getGlobal, deps.history),
    getFearGreed: fearGreedReader(sources),
    getCandles: candlesReader(sources, getMarketPairs),
    getRateCandles: rateCandlesReader(sources),
    getMarketPairs,
  };
  const listeners = new Set<() => void>();
  const refreshHotKeys = async () => {
    try {
      await keys.refreshHotKeys();
    } finally {
      for (const listener of listeners) listener();
    }
  };
  const refresher = createRefresher(refreshHotKeys, () => {
    // the dashboard's keys are hot from the start, so the first visitors are served from cache too
    void reads.getCoins(COIN_PAGE_SIZE).catch(() => undefined);
    // BRL is the default of every pt-BR visitor: its first page is kept warm too
    void reads.getCoins(COIN_PAGE_SIZE, 'BRL').catch(() => undefined);
    void reads.getGlobal().catch(() => undefined);
    void reads.getFearGreed().catch(() => undefined);
  });
  return {
    ...reads,
    refreshHotKeys,
    onRefreshed: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isSimulated: () => mode === 'simulated' || keys.isFallbackActive(),
    upstreamCallCounts: upstream.callCounts,
    live: createLiveAccess({ upstream, simulated: sources.simulated, cache, now }),
    upstreamWeightCounts: upstream.weightCounts,
    start: () => {
      if (mode !== 'simulated') refresher.start();
    },
    stop: refresher.stop,
  };
}

function createMarketCache(deps: MarketServiceDependencies, now: () => number) {
  const cacheEvents = deps.metrics?.counter(
    'farol_market_cache_events_total',
    'Market cache reads and loads by outcome',
  );
  return createCache({
    store: deps.store,
    now,
    snapshots: deps.snapshots,
    // a rate-limited key waits what the vendor asked; any other failure is retried after 15 s
    failureBackoffMs: (error) =>
      isUpstreamError(error) && error.retryAfterSeconds !== undefined
        ? error.retryAfterSeconds * 1000
        : 15_000,
    onEvent: cacheEvents && ((event: string) => cacheEvents.inc({ event })),
  });
}

/** Runs `refresh` every tick, one run at a time, after warming up once. */
function createRefresher(refresh: () => Promise<void>, warmUp: () => void) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  return {
    start: () => {
      if (timer) return;
      warmUp();
      timer = setInterval(() => {
        running ??= refresh().finally(() => (running = undefined));
      }, REFRESH_TICK_MS);
      timer.unref();
    },
    stop: async () => {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

import {
  marketFreshnessSeconds,
  TRACKED_COINS,
  type AnalysisSymbol,
  type CandleInterval,
  type MarketSource,
} from '@farol/contract';
import type { Config } from '../../config.ts';
import {
  createCache,
  type CacheStore,
  type CachedValue,
  type LoadOptions,
  type SnapshotStore,
} from '../../lib/cache.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Metrics } from '../../lib/metrics.ts';
import { createAlternativeMeClient } from '../../providers/alternative-me/client.ts';
import { createBinanceClient } from '../../providers/binance/client.ts';
import { createCoinGeckoClient } from '../../providers/coingecko/client.ts';
import { createUpstreamGate, isUpstreamError, type UpstreamGate } from '../../providers/http.ts';
import { createMemoryBudgetStore, type UpstreamBudgetStore } from '../../providers/upstream-budget.ts';
import { intervalMs, STEP_MS } from '../../providers/simulated/model.ts';
import { createSimulatedMarket } from '../../providers/simulated/client.ts';
import type {
  Candle,
  Coin,
  DominanceHistoryStore,
  DominancePoint,
  FearGreed,
  GlobalMarket,
  MarketProvider,
  MarketResult,
  MarketService,
} from './market.types.ts';

/** Freshness per key (candles: until the next close); the same figures the public pages state. */
export const freshnessMs = {
  coins: marketFreshnessSeconds.prices * 1000,
  global: marketFreshnessSeconds.global * 1000,
  fearGreed: marketFreshnessSeconds.fearGreed * 1000,
} as const;
/** CoinGecko serves the top 500 as two pages of 250 (its maximum page size). */
export const COIN_PAGE_SIZE = 250;
export const MAX_COINS = TRACKED_COINS;
const MAX_CANDLES = 1000;
// Binance publishes a closed candle within a second or two of its close.
const CANDLE_CLOSE_GRACE_MS = 3_000;
// fear-greed history is fetched as one 30-day answer and sliced; longer histories get their own key
const FEAR_GREED_DEFAULT_DAYS = 30;
// consecutive failures of a provider (with nothing cached) after which auto mode uses the simulated market
const FAILURES_BEFORE_FALLBACK = 3;
const REFRESH_TICK_MS = 10_000;
const DAY_MS = 86_400_000;
// the dominance history is kept 90 days (market.repository prunes older rows)
const MAX_DOMINANCE_DAYS = 90;
// a key nobody asked for in this long is no longer kept warm by the refresher
const HOT_KEY_IDLE_MS = 10 * 60_000;

type Provider = 'coingecko' | 'binance' | 'alternative.me';

export type MarketServiceDependencies = {
  config: Pick<
    Config,
    | 'MARKET_DATA_SOURCE'
    | 'MARKET_SEED'
    | 'COINGECKO_BASE_URL'
    | 'COINGECKO_API_KEY'
    | 'COINGECKO_API_PLAN'
    | 'COINGECKO_CALLS_PER_MINUTE'
    | 'BINANCE_BASE_URL'
    | 'FEAR_GREED_BASE_URL'
    | 'UPSTREAM_TIMEOUT_MS'
  >;
  now: () => Date;
  store: CacheStore;
  /** Where the providers' call budgets live (Redis when instances share them); this process by default. */
  budget?: UpstreamBudgetStore;
  snapshots?: SnapshotStore;
  /** Where fresh global snapshots are recorded for the dominance history; without it live history is empty. */
  history?: DominanceHistoryStore;
  metrics?: Metrics;
  log?: { warn: (object: object, message: string) => void; info: (object: object, message: string) => void };
};

/** The market service plus what the refresher, the benchmarks and the diagnostics need. */
export type MarketServiceWithInternals = MarketService & {
  /** Refreshes every recently requested key that expires before the next tick (the refresher's job). */
  refreshHotKeys: () => Promise<void>;
  /** Upstream calls actually made, per provider. */
  upstreamCallCounts: () => Record<Provider, number>;
};

/** Maps an upstream failure to the error the web tells apart: 429 rate_limit, 503 server/network, 424 api_error. */
export function toMarketError(error: unknown): unknown {
  if (!isUpstreamError(error)) return error;
  const body = { errorKind: error.kind };
  if (error.kind === 'rate_limit') {
    const retryAfter = String(error.retryAfterSeconds ?? 60);
    return new AppError(
      'upstream_rate_limited',
      {},
      { ...body, retryAfterSeconds: Number(retryAfter) },
      { 'retry-after': retryAfter },
    );
  }
  if (error.kind === 'api_error') return new AppError('upstream_bad_response', {}, body);
  return new AppError('upstream_unavailable', {}, body);
}

export function createMarketService(deps: MarketServiceDependencies): MarketServiceWithInternals {
  const { config } = deps;
  const nowMs = () => deps.now().getTime();
  const mode = config.MARKET_DATA_SOURCE;
  const simulated = createSimulatedMarket({ seed: config.MARKET_SEED, now: nowMs });
  const budget = deps.budget ?? createMemoryBudgetStore();
  const gates: Record<Provider, UpstreamGate> = {
    coingecko: createUpstreamGate({
      provider: 'coingecko',
      callsPerMinute: config.COINGECKO_CALLS_PER_MINUTE,
      now: nowMs,
      store: budget,
    }),
    // Binance allows 6000 request weight a minute (2 per klines call); 120 calls leaves room for bursts of cold keys
    binance: createUpstreamGate({ provider: 'binance', callsPerMinute: 120, now: nowMs, store: budget }),
    'alternative.me': createUpstreamGate({
      provider: 'alternative.me',
      callsPerMinute: 20,
      now: nowMs,
      store: budget,
    }),
  };
  const timeoutMs = config.UPSTREAM_TIMEOUT_MS;
  const live: MarketProvider = {
    ...createCoinGeckoClient({
      baseUrl: config.COINGECKO_BASE_URL,
      apiKey: config.COINGECKO_API_KEY,
      apiPlan: config.COINGECKO_API_PLAN,
      timeoutMs,
      now: nowMs,
    }),
    ...createBinanceClient({ baseUrl: config.BINANCE_BASE_URL, timeoutMs }),
    ...createAlternativeMeClient({ baseUrl: config.FEAR_GREED_BASE_URL, timeoutMs }),
  };

  const upstreamCalls = deps.metrics?.counter(
    'farol_market_upstream_calls_total',
    'Upstream market-data calls by provider and outcome',
  );
  const cacheEvents = deps.metrics?.counter(
    'farol_market_cache_events_total',
    'Market cache reads and loads by outcome',
  );
  const cache = createCache({
    store: deps.store,
    now: nowMs,
    snapshots: deps.snapshots,
    // a rate-limited key waits what the vendor asked; any other failure is retried after 15 s
    failureBackoffMs: (error) =>
      isUpstreamError(error) && error.retryAfterSeconds !== undefined
        ? error.retryAfterSeconds * 1000
        : 15_000,
    onEvent: cacheEvents && ((event: string) => cacheEvents.inc({ event })),
  });

  const consecutiveFailures: Record<Provider, number> = { coingecko: 0, binance: 0, 'alternative.me': 0 };
  let fallbackActive = false;

  /** One live upstream call through the provider's budget, counted. */
  async function callLive<T>(
    provider: Provider,
    call: () => Promise<T>,
  ): Promise<{ value: T; source: string }> {
    try {
      const value = await gates[provider].run(call);
      consecutiveFailures[provider] = 0;
      upstreamCalls?.inc({ provider, outcome: 'ok' });
      return { value, source: provider };
    } catch (error) {
      consecutiveFailures[provider] += 1;
      upstreamCalls?.inc({ provider, outcome: isUpstreamError(error) ? error.kind : 'error' });
      throw error;
    }
  }

  /**
   * Auto mode falls back to the simulated market while a provider is unreachable (no answer at all) or
   * keeps failing with nothing cached to serve; the live key is retried after its backoff, so the
   * answers switch back as soon as the provider answers again.
   */
  const shouldFallBack = (provider: Provider, error: unknown) =>
    mode === 'auto' &&
    isUpstreamError(error) &&
    (error.kind === 'network_error' || consecutiveFailures[provider] >= FAILURES_BEFORE_FALLBACK);

  const hotKeys = new Map<string, { lastRequested: number; refresh: () => Promise<void> }>();

  /**
   * The reader of one key: live (auto/live) through the cache, simulated (or auto's fallback) under its own
   * keys. Its load options are made once, so a key read with fixed loaders (the coin pages) allocates
   * nothing per read.
   */
  function keyReader<T>(
    provider: Provider,
    key: string,
    liveLoad: () => Promise<T>,
    simulatedLoad: () => Promise<T>,
    freshUntil: (fetchedAt: number, value: T) => number,
  ): () => Promise<CachedValue<T>> {
    const simulatedKey = `simulated:${key}`;
    const simulatedOptions: LoadOptions<T> = {
      load: async () => ({ value: await simulatedLoad(), source: 'simulated' }),
      freshUntil,
    };
    if (mode === 'simulated') return () => cache.get(simulatedKey, simulatedOptions);
    const liveOptions: LoadOptions<T> = {
      load: () => callLive(provider, liveLoad),
      freshUntil,
      persist: true,
    };
    const hot = {
      lastRequested: 0,
      refresh: () => cache.refreshIfExpiring(key, liveOptions, REFRESH_TICK_MS + 5_000),
    };
    return async () => {
      hot.lastRequested = nowMs();
      hotKeys.set(key, hot);
      try {
        const result = await cache.get(key, liveOptions);
        if (fallbackActive) {
          fallbackActive = false;
          deps.log?.info({ provider }, 'market upstream answers again: live data');
        }
        return result;
      } catch (error) {
        if (!shouldFallBack(provider, error)) throw toMarketError(error);
        if (!fallbackActive) {
          fallbackActive = true;
          deps.log?.warn(
            { provider, reason: (error as Error).message },
            'market upstream unreachable: serving the simulated market',
          );
        }
        return cache.get(simulatedKey, simulatedOptions);
      }
    };
  }

  /** Reads one key with loaders made for this read (they depend on the time or the arguments). */
  const read = <T>(...args: Parameters<typeof keyReader<T>>): Promise<CachedValue<T>> =>
    keyReader<T>(...args)();

  const fixedFreshness = (ms: number) => (fetchedAt: number) => fetchedAt + ms;

  const toResult = <T>(cached: CachedValue<T>, data: T = cached.value): MarketResult<T> => ({
    data,
    source: cached.source as MarketSource,
    isFromCache: cached.isFromCache,
    ageSeconds: cached.ageSeconds,
    fetchedAt: cached.fetchedAt,
  });

  // one set of loaders per coin page, made once: the prices table reads these keys on every request
  const coinPageReaders = Array.from({ length: Math.ceil(MAX_COINS / COIN_PAGE_SIZE) }, (_, index) => {
    const page = index + 1;
    const key = `coins:${page}`;
    const liveLoad = () => live.fetchCoins(page, COIN_PAGE_SIZE);
    const simulatedLoad = () => simulated.fetchCoins(page, COIN_PAGE_SIZE);
    const freshUntil = fixedFreshness(freshnessMs.coins);
    return keyReader<Coin[]>('coingecko', key, liveLoad, simulatedLoad, freshUntil);
  });

  async function getCoins(count: number = MAX_COINS): Promise<MarketResult<Coin[]>> {
    const wanted = Math.min(count, MAX_COINS);
    const pages = Math.max(1, Math.ceil(wanted / COIN_PAGE_SIZE));
    // plain loops, no callbacks: this runs on every prices request
    const reads: Promise<CachedValue<Coin[]>>[] = [];
    for (let index = 0; index < pages; index += 1) reads.push(coinPageReaders[index]!());
    const results = await Promise.all(reads);
    let sameSource = true;
    for (const result of results) sameSource &&= result.source === results[0]!.source;
    // never splice a simulated page onto a live one: if any page fell back, the whole list is simulated
    const consistent = sameSource
      ? results
      : await Promise.all(
          results.map((_, index) =>
            cache.get(`simulated:coins:${index + 1}`, {
              load: async () => ({
                value: await simulated.fetchCoins(index + 1, COIN_PAGE_SIZE),
                source: 'simulated',
              }),
              freshUntil: fixedFreshness(freshnessMs.coins),
            }),
          ),
        );
    let oldest = consistent[0]!;
    let isFromCache = true;
    for (const result of consistent) {
      if (result.fetchedAt < oldest.fetchedAt) oldest = result;
      isFromCache &&= result.isFromCache;
    }
    // Not flatMap: V8's flatMap copies element by element.
    const coins =
      consistent.length === 1
        ? consistent[0]!.value.slice(0, wanted)
        : ([] as Coin[]).concat(...consistent.map((result) => result.value)).slice(0, wanted);
    return {
      data: coins,
      source: consistent[0]!.source as MarketSource,
      isFromCache,
      ageSeconds: oldest.ageSeconds,
      fetchedAt: oldest.fetchedAt,
    };
  }

  const toDominancePoint = (global: GlobalMarket, time: number): DominancePoint => ({
    time,
    bitcoinDominance: global.bitcoinDominance,
    ethereumDominance: global.ethereumDominance,
    totalMarketCap: global.totalMarketCap,
  });

  /**
   * Records every global snapshot fetched fresh from its source (cached copies are not new data). The
   * fetch time is used, not the vendor's `last_updated`, which can lag or be absent. A failed write costs
   * one history point, never the answer.
   */
  const recordingGlobal = (source: string, load: () => Promise<GlobalMarket>) => async () => {
    const global = await load();
    await deps.history?.record(source, toDominancePoint(global, nowMs())).catch((error: unknown) => {
      deps.log?.warn(
        { source, reason: (error as Error).message },
        'dominance history: snapshot not recorded',
      );
    });
    return global;
  };

  async function getGlobal(): Promise<MarketResult<GlobalMarket>> {
    return toResult(
      await read(
        'coingecko',
        'global',
        recordingGlobal('coingecko', live.fetchGlobal),
        recordingGlobal('simulated', simulated.fetchGlobal),
        fixedFreshness(freshnessMs.global),
      ),
    );
  }

  /**
   * History of the source the current snapshot came from (never a live series spliced onto a simulated
   * one): the stored fetches when live; computed from the simulator when simulated, so a fresh install
   * has a trend too. The current snapshot closes the series.
   */
  async function getDominanceHistory(days = 7): Promise<MarketResult<DominancePoint[]>> {
    const wanted = Math.min(MAX_DOMINANCE_DAYS, Math.max(1, Math.floor(days)));
    const current = await getGlobal();
    const until = current.fetchedAt;
    const since = until - wanted * DAY_MS;
    const points =
      current.source === 'simulated'
        ? (
            await cache.get(`simulated:dominance-history:${wanted}`, {
              load: async () => ({ value: simulated.dominanceHistory(since, until), source: 'simulated' }),
              // the simulated market moves once per 15-minute step
              freshUntil: (fetchedAt) => (Math.floor(fetchedAt / STEP_MS) + 1) * STEP_MS,
            })
          ).value
        : ((await deps.history?.list(current.source, since, until)) ?? []);
    const latest = toDominancePoint(current.data, until);
    const series = points.filter((point) => point.time < latest.time);
    return { ...current, data: [...series, latest] };
  }

  async function getFearGreed(days = 1): Promise<MarketResult<FearGreed[]>> {
    const wanted = Math.max(1, Math.floor(days));
    const fetched = Math.max(FEAR_GREED_DEFAULT_DAYS, wanted);
    const cached = await read(
      'alternative.me',
      `fear-greed:${fetched}`,
      () => live.fetchFearGreed(fetched),
      () => simulated.fetchFearGreed(fetched),
      fixedFreshness(freshnessMs.fearGreed),
    );
    return toResult(cached, cached.value.slice(0, wanted));
  }

  async function getCandles(
    symbol: AnalysisSymbol,
    interval: CandleInterval,
    limit: number,
  ): Promise<MarketResult<Candle[]>> {
    const size = intervalMs[interval];
    const time = nowMs();
    const currentOpen = Math.floor(time / size) * size;
    // Only closed candles: ask for those opened before the current one. Fresh until the next candle closes.
    const freshUntil = () => currentOpen + size + CANDLE_CLOSE_GRACE_MS;
    const cached = await read(
      'binance',
      `candles:${symbol}:${interval}`,
      () => live.fetchCandles(symbol, interval, MAX_CANDLES, currentOpen - 1),
      () => simulated.fetchCandles(symbol, interval, MAX_CANDLES, currentOpen - 1),
      freshUntil,
    );
    const closed = cached.value.filter((candle) => candle.openTime + size <= time);
    return toResult(cached, closed.slice(-Math.min(Math.max(1, limit), MAX_CANDLES)));
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  async function refreshHotKeys() {
    const time = nowMs();
    for (const [key, hot] of hotKeys) {
      if (time - hot.lastRequested > HOT_KEY_IDLE_MS) hotKeys.delete(key);
      else await hot.refresh();
    }
  }

  return {
    getCoins,
    getGlobal,
    getDominanceHistory,
    getFearGreed,
    getCandles,
    refreshHotKeys,
    isSimulated: () => mode === 'simulated' || fallbackActive,
    upstreamCallCounts: () => ({
      coingecko: gates.coingecko.callCount(),
      binance: gates.binance.callCount(),
      'alternative.me': gates['alternative.me'].callCount(),
    }),
    start: () => {
      if (timer || mode === 'simulated') return;
      // the dashboard's keys are hot from the start, so the first visitors are served from cache too
      void getCoins(COIN_PAGE_SIZE).catch(() => undefined);
      void getGlobal().catch(() => undefined);
      void getFearGreed().catch(() => undefined);
      timer = setInterval(() => {
        running ??= refreshHotKeys().finally(() => (running = undefined));
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

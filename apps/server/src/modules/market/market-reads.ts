import {
  marketFreshnessSeconds,
  TRACKED_COINS,
  type CandleInterval,
  type Currency,
  type MarketSource,
} from '@farol/contract';
import type { Cache, CachedValue } from '../../lib/cache.ts';
import { intervalMs, STEP_MS } from '../../providers/simulated/model.ts';
import type { SimulatedMarket } from '../../providers/simulated/client.ts';
import { binanceWeights } from '../../providers/binance/client.ts';
import type { createKeyReaders } from './market-keys.ts';
import { buildMarketPairs, findMarketPair, quickChoicePair, type MarketPairs } from './market-pairs.ts';
import type {
  Candle,
  Coin,
  DominanceHistoryStore,
  DominancePoint,
  FearGreed,
  GlobalMarket,
  MarketProvider,
  MarketResult,
  MarketServiceDependencies,
  TradingPair,
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
const DAY_MS = 86_400_000;
// the dominance history is kept 90 days (market.repository prunes older rows)
const MAX_DOMINANCE_DAYS = 90;

/** What every market read works with: both markets, the cache and the key readers. */
export type MarketSources = {
  live: MarketProvider;
  simulated: SimulatedMarket;
  cache: Cache;
  keys: ReturnType<typeof createKeyReaders>;
  now: () => number;
};

const fixedFreshness = (ms: number) => (fetchedAt: number) => fetchedAt + ms;

const toResult = <T>(cached: CachedValue<T>, data: T = cached.value): MarketResult<T> => ({
  data,
  source: cached.source as MarketSource,
  isFromCache: cached.isFromCache,
  ageSeconds: cached.ageSeconds,
  fetchedAt: cached.fetchedAt,
});

/** The first `wanted` coins of the pages read, dated by the oldest page. */
function joinCoinPages(pages: CachedValue<Coin[]>[], wanted: number): MarketResult<Coin[]> {
  let oldest = pages[0]!;
  let isFromCache = true;
  for (const page of pages) {
    if (page.fetchedAt < oldest.fetchedAt) oldest = page;
    isFromCache &&= page.isFromCache;
  }
  const coins =
    pages.length === 1
      ? pages[0]!.value.slice(0, wanted)
      : ([] as Coin[]).concat(...pages.map((page) => page.value)).slice(0, wanted);
  return {
    data: coins,
    source: pages[0]!.source as MarketSource,
    isFromCache,
    ageSeconds: oldest.ageSeconds,
    fetchedAt: oldest.fetchedAt,
  };
}

/** The cache key of a page of coins: USD keeps its original keys (`coins:1`), others their own (`coins:brl:1`). */
export const coinsKey = (currency: Currency, page: number) =>
  currency === 'USD' ? `coins:${page}` : `coins:${currency.toLowerCase()}:${page}`;

/** Top coins by market cap, read as pages of 250; every page from the same source. */
export function coinsReader({ live, simulated, cache, keys }: MarketSources) {
  const pageCount = Math.ceil(MAX_COINS / COIN_PAGE_SIZE);
  // one reader per currency and page, made once: the prices table reads these keys on every request
  const readersOf = (currency: Currency) =>
    Array.from({ length: pageCount }, (_, index) =>
      keys.keyReader<Coin[]>(
        'coingecko',
        coinsKey(currency, index + 1),
        () => live.fetchCoins(index + 1, COIN_PAGE_SIZE, currency),
        () => simulated.fetchCoins(index + 1, COIN_PAGE_SIZE, currency),
        fixedFreshness(freshnessMs.coins),
      ),
    );
  const pageReaders: Record<Currency, ReturnType<typeof readersOf>> = {
    USD: readersOf('USD'),
    BRL: readersOf('BRL'),
  };
  const simulatedPage = (currency: Currency, page: number) =>
    cache.get(`simulated:${coinsKey(currency, page)}`, {
      load: async () => ({
        value: await simulated.fetchCoins(page, COIN_PAGE_SIZE, currency),
        source: 'simulated',
      }),
      freshUntil: fixedFreshness(freshnessMs.coins),
    });

  return async function getCoins(
    count: number = MAX_COINS,
    currency: Currency = 'USD',
  ): Promise<MarketResult<Coin[]>> {
    const wanted = Math.min(count, MAX_COINS);
    const pages = await Promise.all(
      pageReaders[currency].slice(0, Math.max(1, Math.ceil(wanted / COIN_PAGE_SIZE))).map((read) => read()),
    );
    // never splice a simulated page onto a live one: if any page fell back, the whole list is simulated
    const sameSource = pages.every((page) => page.source === pages[0]!.source);
    const consistent = sameSource
      ? pages
      : await Promise.all(pages.map((_, index) => simulatedPage(currency, index + 1)));
    return joinCoinPages(consistent, wanted);
  };
}

const toDominancePoint = (global: GlobalMarket, time: number): DominancePoint => ({
  time,
  bitcoinDominance: global.bitcoinDominance,
  ethereumDominance: global.ethereumDominance,
  totalMarketCap: global.totalMarketCap,
});

/**
 * The global market. Every snapshot fetched fresh from its source (cached copies are not new data) is
 * recorded for the dominance history, dated by the fetch time, not the vendor's `last_updated`, which
 * can lag or be absent. A failed write costs one history point, never the answer.
 */
export function globalReader(
  { live, simulated, keys, now }: MarketSources,
  history: DominanceHistoryStore | undefined,
  log: MarketServiceDependencies['log'],
) {
  const recording = (source: string, load: () => Promise<GlobalMarket>) => async () => {
    const global = await load();
    await history?.record(source, toDominancePoint(global, now())).catch((error: unknown) => {
      log?.warn({ source, reason: (error as Error).message }, 'dominance history: snapshot not recorded');
    });
    return global;
  };
  return async function getGlobal(): Promise<MarketResult<GlobalMarket>> {
    return toResult(
      await keys.read(
        'coingecko',
        'global',
        recording('coingecko', live.fetchGlobal),
        recording('simulated', simulated.fetchGlobal),
        fixedFreshness(freshnessMs.global),
      ),
    );
  };
}

/**
 * History of the source the current snapshot came from (never a live series spliced onto a simulated
 * one): the stored fetches when live; computed from the simulator when simulated, so a fresh install
 * has a trend too. The current snapshot closes the series.
 */
export function dominanceHistoryReader(
  { simulated, cache }: MarketSources,
  getGlobal: () => Promise<MarketResult<GlobalMarket>>,
  history: DominanceHistoryStore | undefined,
) {
  const simulatedHistory = async (days: number, since: number, until: number) =>
    (
      await cache.get(`simulated:dominance-history:${days}`, {
        load: async () => ({ value: simulated.dominanceHistory(since, until), source: 'simulated' }),
        // the simulated market moves once per 15-minute step
        freshUntil: (fetchedAt) => (Math.floor(fetchedAt / STEP_MS) + 1) * STEP_MS,
      })
    ).value;
  return async function getDominanceHistory(days = 7): Promise<MarketResult<DominancePoint[]>> {
    const wanted = Math.min(MAX_DOMINANCE_DAYS, Math.max(1, Math.floor(days)));
    const current = await getGlobal();
    const until = current.fetchedAt;
    const since = until - wanted * DAY_MS;
    const points =
      current.source === 'simulated'
        ? await simulatedHistory(wanted, since, until)
        : ((await history?.list(current.source, since, until)) ?? []);
    const latest = toDominancePoint(current.data, until);
    const series = points.filter((point) => point.time < latest.time);
    return { ...current, data: [...series, latest] };
  };
}

export function fearGreedReader({ live, simulated, keys }: MarketSources) {
  return async function getFearGreed(days = 1): Promise<MarketResult<FearGreed[]>> {
    const wanted = Math.max(1, Math.floor(days));
    const fetched = Math.max(FEAR_GREED_DEFAULT_DAYS, wanted);
    const cached = await keys.read(
      'alternative.me',
      `fear-greed:${fetched}`,
      () => live.fetchFearGreed(fetched),
      () => simulated.fetchFearGreed(fetched),
      fixedFreshness(freshnessMs.fearGreed),
    );
    return toResult(cached, cached.value.slice(0, wanted));
  };
}

/**
 * Closed candles of one key, fresh until the next candle closes: the still-open candle is never asked for
 * nor served, at most `limit` of them.
 */
async function readClosedCandles(
  { keys, now, live, simulated }: MarketSources,
  key: string,
  interval: CandleInterval,
  limit: number,
  load: (provider: MarketProvider | SimulatedMarket, endTimeMs: number) => Promise<Candle[]>,
): Promise<MarketResult<Candle[]>> {
  const size = intervalMs[interval];
  const time = now();
  const currentOpen = Math.floor(time / size) * size;
  // ask only for the candles opened before the current one
  const cached = await keys.read(
    'binance',
    key,
    () => load(live, currentOpen - 1),
    () => load(simulated, currentOpen - 1),
    () => currentOpen + size + CANDLE_CLOSE_GRACE_MS,
    binanceWeights.klines,
  );
  const closed = cached.value.filter((candle) => candle.openTime + size <= time);
  return toResult(cached, closed.slice(-Math.min(Math.max(1, limit), MAX_CANDLES)));
}

/**
 * Closed candles only, fresh until the next candle closes, of a market symbol: the ten read their fixed pair
 * at once, any other symbol is looked up in the market pairs first (refused without a pair). One klines call
 * (weight 2) per key and close.
 */
export function candlesReader(
  sources: MarketSources,
  getMarketPairs: () => Promise<MarketResult<MarketPairs>>,
) {
  return async (symbolText: string, interval: CandleInterval, limit: number) => {
    const quickPair = quickChoicePair(symbolText);
    // keyed by the market symbol (an alias such as POL shares MATIC's key)
    const { symbol, pair } = quickPair
      ? { symbol: symbolText.trim().toUpperCase(), pair: quickPair }
      : findMarketPair((await getMarketPairs()).data, symbolText);
    return readClosedCandles(
      sources,
      `candles:${symbol}:${interval}`,
      interval,
      limit,
      (provider, endTimeMs) => provider.fetchCandles(pair, interval, MAX_CANDLES, endTimeMs),
    );
  };
}

/** The USDT pairs trading now, read once a day (Binance's exchangeInfo, weight 20): stale on failure like every key. */
const TRADING_PAIRS_FRESH_MS = 86_400_000;

/**
 * The followed coins with a USDT pair: the USD top 500 joined with the day's trading pairs. The join is
 * remade only when a page of the list or the pairs is a new copy (the coins of a cached page are the same
 * objects until it is refetched), so a request costs a lookup.
 */
export function marketPairsReader(
  { live, simulated, keys }: MarketSources,
  getCoins: (count?: number) => Promise<MarketResult<Coin[]>>,
) {
  const readTradingPairs = keys.keyReader<TradingPair[]>(
    'binance',
    'binance:usdt-pairs',
    () => live.fetchTradingPairs(),
    () => simulated.fetchTradingPairs(),
    fixedFreshness(TRADING_PAIRS_FRESH_MS),
    binanceWeights.exchangeInfo,
  );
  let memo: { pageMarks: (Coin | undefined)[]; pairs: TradingPair[]; joined: MarketPairs } | undefined;
  return async function getMarketPairs(): Promise<MarketResult<MarketPairs>> {
    const [coins, tradingPairs] = await Promise.all([getCoins(MAX_COINS), readTradingPairs()]);
    // the first coin of each page stands for its page
    const pageMarks = coins.data.filter((_, index) => index % COIN_PAGE_SIZE === 0);
    const samePages =
      memo?.pageMarks.length === pageMarks.length &&
      memo.pageMarks.every((coin, index) => coin === pageMarks[index]);
    if (!samePages || memo?.pairs !== tradingPairs.value)
      memo = {
        pageMarks,
        pairs: tradingPairs.value,
        joined: buildMarketPairs(coins.data, tradingPairs.value),
      };
    return { ...coins, data: memo.joined };
  };
}

/**
 * USDT/BRL candles of one interval: one series shared by every coin (one upstream call per interval and
 * candle close, whatever the number of coins or callers), closed candles only, like the coins' candles.
 */
export function rateCandlesReader(sources: MarketSources) {
  return (interval: CandleInterval, limit: number) =>
    readClosedCandles(sources, `candles:USDTBRL:${interval}`, interval, limit, (provider, endTimeMs) =>
      provider.fetchRateCandles(interval, MAX_CANDLES, endTimeMs),
    );
}

import type { CandleInterval, Currency, MarketSource } from '@farol/contract';
import type { Config } from '../../config.ts';
import type { CacheStore, SnapshotStore } from '../../lib/cache.ts';
import type { Metrics } from '../../lib/metrics.ts';
import type { UpstreamBudgetStore } from '../../providers/upstream-budget.ts';
import type { LiveAccess } from './market-live.ts';
import type { MarketPairs } from './market-pairs.ts';

/** Neutral domain types every provider maps to (CoinGecko, Binance, alternative.me, simulated). */
export type Coin = {
  /** CoinGecko id ("bitcoin"): coins are identified by id, never by symbol alone (symbols collide). */
  id: string;
  symbol: string; // upper case
  name: string;
  image?: string;
  rank?: number;
  currentPrice?: number; // in the list's currency (USD unless asked otherwise)
  marketCap?: number;
  totalVolume?: number; // the list's currency, 24 h
  priceChangePercentage1h?: number;
  priceChangePercentage24h?: number;
  /** Set once Binance's live ticker moved the price and its rolling 24 h change (the rest stay the list's). */
  priceSource?: 'binance';
  priceChangePercentage7d?: number;
  /** Prices in the list's currency over the last 7 days, oldest first, already downsampled (providers/sparkline.ts). */
  sparkline7d?: number[];
  circulatingSupply?: number;
  totalSupply?: number;
  maxSupply?: number;
  /** The last 24 h's extremes and the all-time high, in the list's currency. */
  high24h?: number;
  low24h?: number;
  allTimeHigh?: number;
  /** ISO time of the all-time high. */
  allTimeHighDate?: string;
  priceChangePercentage30d?: number;
  priceChangePercentage1y?: number;
};

export type GlobalMarket = {
  totalMarketCap: number; // USD
  bitcoinDominance: number; // percent
  ethereumDominance: number; // percent
  bitcoinMarketCap: number;
  marketCapChangePercentage24h?: number;
  lastUpdated: number; // unix seconds
  /** The source's own total in BRL (CoinGecko's `total_market_cap.brl`); absent when it sent none. */
  totalMarketCapBrl?: number;
};

/** BTC/ETH dominance and total market cap at one time (the dominance history). */
export type DominancePoint = {
  time: number; // ms
  bitcoinDominance: number; // percent
  ethereumDominance: number; // percent
  totalMarketCap: number; // USD
};

/** Where fresh global snapshots are recorded (one per source and 15 minutes) and read back. */
export type DominanceHistoryStore = {
  /** True when stored (false: its 15-minute slot already had one). */
  record: (source: string, point: DominancePoint) => Promise<boolean>;
  /** Oldest first. */
  list: (source: string, sinceMs: number, untilMs: number) => Promise<DominancePoint[]>;
};

export type FearGreed = { value: number; classification: string; timestamp: number /* unix seconds */ };

export type Candle = {
  openTime: number; // ms, candle open
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number; // base asset
};

/**
 * The one interface every provider implements (a vendor implements the calls it serves: CoinGecko coins
 * and global, Binance candles, alternative.me fear-greed; the simulated market all four).
 */
export type MarketProvider = {
  /** One page of coins by market cap, rank order, priced in `currency` (USD by default). */
  fetchCoins: (page: number, perPage: number, currency?: Currency) => Promise<Coin[]>;
  fetchGlobal: () => Promise<GlobalMarket>;
  /** Latest first, `limit` days. */
  fetchFearGreed: (limit: number) => Promise<FearGreed[]>;
  /** Candles of a Binance pair (`BTCUSDT`) whose open time is at most `endTimeMs`, oldest first, at most `limit`. */
  fetchCandles: (
    pair: string,
    interval: CandleInterval,
    limit: number,
    endTimeMs: number,
  ) => Promise<Candle[]>;
  /** USDT/BRL candles (BRL per USDT) whose open time is at most `endTimeMs`, oldest first. */
  fetchRateCandles: (interval: CandleInterval, limit: number, endTimeMs: number) => Promise<Candle[]>;
  /** The spot pairs quoted in USDT that trade now (Binance's exchangeInfo; the simulated market's own). */
  fetchTradingPairs: () => Promise<TradingPair[]>;
};

/** A spot pair quoted in USDT that is trading now: `{ pair: 'DOGEUSDT', baseAsset: 'DOGE' }`. */
export type TradingPair = { pair: string; baseAsset: string };

/** What every market read returns: the data, where it came from and whether it is a cached copy. */
export type MarketResult<T> = {
  data: T;
  source: MarketSource;
  isFromCache: boolean;
  /** Seconds since the data was fetched from its source. */
  ageSeconds: number;
  fetchedAt: number; // ms
};

/**
 * The market-data service (decorated as `app.market` by the market module). Other modules read the
 * market only through it; it owns caching, single-flight, fallback to the simulated market.
 */
export type MarketService = {
  /**
   * Top coins by market cap (the first `count`, default and at most 500), rank order, priced in `currency`
   * (USD by default; each currency its own cached list under the same call budget).
   */
  getCoins: (count?: number, currency?: Currency) => Promise<MarketResult<Coin[]>>;
  getGlobal: () => Promise<MarketResult<GlobalMarket>>;
  /** Latest value first; `days` of daily history (1 = only the latest). */
  getFearGreed: (days?: number) => Promise<MarketResult<FearGreed[]>>;
  /**
   * BTC/ETH dominance over the last `days` (1 to 90, default 7), oldest first, ending with the current
   * global snapshot; of the same source as `getGlobal` (stored fetches when live, computed when simulated).
   */
  getDominanceHistory: (days?: number) => Promise<MarketResult<DominancePoint[]>>;
  /**
   * Closed candles only (the still-open candle excluded), oldest first, at most `limit`, of a market symbol
   * (`MarketPairs`' own: MATIC, DOGE); a symbol without a pair is refused (`unknown_symbol`, `coin_without_pair`).
   */
  getCandles: (symbol: string, interval: CandleInterval, limit: number) => Promise<MarketResult<Candle[]>>;
  /**
   * Closed USDT/BRL candles of `interval` (one series shared by every coin), oldest first: the rate each
   * coin candle of the same open time is converted with.
   */
  getRateCandles: (interval: CandleInterval, limit: number) => Promise<MarketResult<Candle[]>>;
  /**
   * Which followed coins have a USDT pair: the top 500 (USD list) joined with the trading pairs (read once a
   * day); the ten always have theirs. Dated like the coin list.
   */
  getMarketPairs: () => Promise<MarketResult<MarketPairs>>;
  /**
   * True while this instance answers from the simulated market (configured so, or `auto` with the upstreams
   * unreachable): prices that never happened, which alerts must not act on.
   */
  isSimulated: () => boolean;
  /**
   * Calls `listener` after each refresh of the hot keys (the refresher's tick, every 10 s where jobs run,
   * and the market-refresh job), whether or not an upstream answered; returns the unsubscribe.
   */
  onRefreshed: (listener: () => void) => () => void;
  /** Starts the background refresher; stopped by app.close(). */
  start: () => void;
  stop: () => Promise<void>;
};

/** The outside services the live market reads, each behind its own call budget. */
export type UpstreamProvider = 'coingecko' | 'binance' | 'alternative.me';

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
    | 'BINANCE_WEIGHT_PER_MINUTE'
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
  upstreamCallCounts: () => Record<UpstreamProvider, number>;
  /** The live stream's access: REST polling through the budget, live prices into the cached lists. */
  live: LiveAccess;
  /** Budget units those calls took, per provider (request weight for Binance, calls for the others). */
  upstreamWeightCounts: () => Record<UpstreamProvider, number>;
};

/** One pair's rolling 24 h figures from a live stream (prices in the pair's quote: USDT, or BRL for USDTBRL). */
export type LiveTicker = {
  kind: 'ticker';
  /** Binance pair, upper case: `BTCUSDT`, `USDTBRL`. */
  pair: string;
  price: number;
  /** The price 24 h ago (the window's open): the 24 h change is price against it. */
  open24h: number;
  /** Base asset, 24 h. */
  volume24h: number;
  /** Unix ms of the upstream event. */
  time: number;
};

/** One pair's candle in progress (closed false) or just closed, from a live stream. */
export type LiveCandle = {
  kind: 'candle';
  pair: string;
  interval: CandleInterval;
  candle: Candle;
  closed: boolean;
  time: number;
};

export type LiveMarketEvent = LiveTicker | LiveCandle;

import { z } from 'zod';
import { marketSymbolInput, paginationSchema, queryInt, text } from './common.ts';
import { currencyConversionSchema, currencySchema } from './currency.ts';
import { candleIntervals, marketSources } from './market-constants.ts';

export const marketSourceSchema = z.enum(marketSources);

/** Whether the answer is a cached copy, and how old the data is (seconds since it left its source). */
export const cacheInfoSchema = z.object({ isFromCache: z.boolean(), ageSeconds: z.number().int().min(0) });
export type CacheInfo = z.infer<typeof cacheInfoSchema>;

/** Every market answer says where its data came from; `simulated` must be shown as such. */
const marketAnswer = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), data, source: marketSourceSchema, cache: cacheInfoSchema });

/** A market answer carrying money: its figures are in `currency` (field names unchanged since USD-only days). */
const moneyAnswer = <T extends z.ZodType>(data: T) => marketAnswer(data).extend({ currency: currencySchema });

// ---- coin list ----

/** Columns the coin table sorts by (server-side, over the plan's whole list). */
export const coinSortKeys = [
  'rank',
  'price',
  'change1h',
  'change24h',
  'change7d',
  'marketCap',
  'volume',
] as const;
export type CoinSortKey = (typeof coinSortKeys)[number];
export const sortOrders = ['asc', 'desc'] as const;
export type SortOrder = (typeof sortOrders)[number];
/** The 7-day sparkline is downsampled to at most this many points: a page of 100 rows stays small. */
export const SPARKLINE_MAX_POINTS = 42;

export const coinPricesQuerySchema = z.object({
  page: queryInt(1, 10_000).default(1),
  limit: queryInt(1, 500).default(10),
  /** Accepted for compatibility with the original client; the token decides whose list it is. */
  userId: text().max(100).optional(),
  /** Case-insensitive substring of name or symbol (profissional and admin only). */
  search: text().trim().max(50).optional(),
  /** Rank ascending by default; coins without the value come last in either order. */
  sort: z.enum(coinSortKeys).default('rank'),
  order: z.enum(sortOrders).default('asc'),
  currency: currencySchema.optional(),
});
export type CoinPricesQuery = z.infer<typeof coinPricesQuerySchema>;

export const coinItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  symbol: z.string(),
  /** Logo URL; null when the source has none (the simulated market). */
  image: z.string().nullable(),
  current_price: z.number().nullable(),
  price_change_percentage_1h: z.number().nullable(),
  price_change_percentage_24h: z.number().nullable(),
  price_change_percentage_7d: z.number().nullable(),
  market_cap: z.number().nullable(),
  market_cap_rank: z.number().int().nullable(),
  /** 24 h traded volume in the answer's `currency`. */
  total_volume: z.number().nullable(),
  /** Prices in the answer's `currency` over the last 7 days, oldest first, at most SPARKLINE_MAX_POINTS; null when the source has none. */
  sparkline_7d: z.array(z.number()).max(SPARKLINE_MAX_POINTS).nullable(),
  isFavorite: z.boolean(),
});
export type CoinItem = z.infer<typeof coinItemSchema>;

export const coinPricesResponseSchema = moneyAnswer(z.array(coinItemSchema)).extend({
  pagination: paginationSchema,
});
export type CoinPricesResponse = z.infer<typeof coinPricesResponseSchema>;

// ---- favourites ----

export const favoriteSchema = z.object({ coinId: z.string(), coinName: z.string(), createdAt: z.string() });
export type Favorite = z.infer<typeof favoriteSchema>;

export const favoritesResponseSchema = z.object({ success: z.literal(true), data: z.array(favoriteSchema) });
export type FavoritesResponse = z.infer<typeof favoritesResponseSchema>;

export const toggleFavoriteRequestSchema = z.object({
  coinId: text().trim().min(1).max(100),
  coinName: text().trim().min(1).max(200),
  /**
   * Optional desired state: when sent, the call is idempotent (a double click sets the same state twice);
   * when absent the favourite is flipped.
   */
  isFavorite: z.boolean().optional(),
});
export type ToggleFavoriteRequest = z.infer<typeof toggleFavoriteRequestSchema>;

export const toggleFavoriteResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ coinId: z.string(), isFavorite: z.boolean() }),
  message: z.string(),
});
export type ToggleFavoriteResponse = z.infer<typeof toggleFavoriteResponseSchema>;

// ---- market-data widgets ----

export const fearGreedSchema = z.object({
  value: z.number().int().min(0).max(100),
  classification: z.string(),
  /** Unix seconds. */
  timestamp: z.number().int(),
});
export type FearGreedData = z.infer<typeof fearGreedSchema>;
export const fearGreedResponseSchema = marketAnswer(fearGreedSchema);
export type FearGreedResponse = z.infer<typeof fearGreedResponseSchema>;

/** Bitcoin dominance and the global market share these fields. */
export const globalMarketSchema = z.object({
  bitcoin_dominance: z.number(),
  ethereum_dominance: z.number(),
  total_market_cap: z.number(),
  bitcoin_market_cap: z.number(),
  /** Unix seconds. */
  last_updated: z.number().int(),
  market_cap_change_percentage_24h: z.number().optional(),
});
export type GlobalMarketData = z.infer<typeof globalMarketSchema>;
/** GET /api/market-data/global?currency=: market caps in `currency` (CoinGecko's own per-currency totals). */
export const globalMarketResponseSchema = moneyAnswer(globalMarketSchema);
export type GlobalMarketResponse = z.infer<typeof globalMarketResponseSchema>;

// ---- candles (dashboard chart, analysis page) ----

export const candlesQuerySchema = z.object({
  /** Any followed coin with a Binance USDT pair (the server answers 404 `coin_without_pair` for the others). */
  symbol: marketSymbolInput(),
  interval: z.enum(candleIntervals).default('1h'),
  limit: queryInt(1, 1000).default(500),
  currency: currencySchema.optional(),
});
export type CandlesQuery = z.infer<typeof candlesQuerySchema>;

export const candleSchema = z.object({
  /** Unix seconds, the candle's open time. */
  time: z.number().int(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  /** Base-asset volume. */
  volume: z.number(),
});
export type CandleData = z.infer<typeof candleSchema>;
/**
 * Candles in `currency`: BRL candles are the USDT candles times the USDT/BRL close of the same open time
 * (`conversion` says so; null for USD). Volume stays in the base asset.
 */
export const candlesResponseSchema = moneyAnswer(z.array(candleSchema)).extend({
  conversion: currencyConversionSchema.nullable(),
});
export type CandlesResponse = z.infer<typeof candlesResponseSchema>;

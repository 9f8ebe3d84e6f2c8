import { z } from 'zod';
import { marketSymbolSchema, text } from './common.ts';
import { currencySchema } from './currency.ts';
import { cacheInfoSchema, marketSourceSchema } from './market.ts';
import { signalTimeframes, signalValues } from './signals.ts';

// The coin page (/coins/{symbol}): one coin's market facts, and its signal as one score with the
// timeframe × indicator summary behind it.

/** `{symbol}` of the coin calls: any case ("btc", "BTC"). */
export const coinParamsSchema = z.object({ symbol: text().trim().min(1).max(20) });
export type CoinParams = z.infer<typeof coinParamsSchema>;

/** GET /api/market-data/coins/{symbol}: the facts of one coin of the followed top 500 (null: unknown to the source). */
export const coinFactsSchema = z.object({
  /** CoinGecko id ("bitcoin"). */
  id: z.string(),
  name: z.string(),
  /** Upper case. */
  symbol: z.string(),
  image: z.string().nullable(),
  /** In the answer's `currency`; the one price the coin page shows. */
  price: z.number().nullable(),
  priceChangePercentage24h: z.number().nullable(),
  rank: z.number().int().nullable(),
  marketCap: z.number().nullable(),
  volume24h: z.number().nullable(),
  circulatingSupply: z.number().nullable(),
  totalSupply: z.number().nullable(),
  maxSupply: z.number().nullable(),
  /** The last 24 h's highest and lowest price, in the answer's `currency`; null when the source sent none. */
  high24h: z.number().nullable(),
  low24h: z.number().nullable(),
  /** The highest price ever, in the answer's `currency`, and when it was (ISO); null when the source sent none. */
  allTimeHigh: z.number().nullable(),
  allTimeHighDate: z.iso.datetime().nullable(),
  /** Change of the price over 30 days and over a year, in %, in the answer's `currency`. */
  priceChangePercentage30d: z.number().nullable(),
  priceChangePercentage1y: z.number().nullable(),
  /**
   * Where `price` and `priceChangePercentage24h` come from when it is not the answer's `source`: Binance's live
   * ticker (a rolling 24 h) once it moved them. The two sources' 24 h changes differ, so the screen names it.
   */
  priceSource: z.literal('binance').optional(),
  /** False for visitors. */
  isFavorite: z.boolean(),
  /** True when the coin has a Binance USDT spot pair: candles, signal and analysis (the ten and every other such coin). */
  isAnalysed: z.boolean(),
  /** The symbol its candles and signals go by (MATIC for POL); null without a pair. */
  analysisSymbol: marketSymbolSchema.nullable(),
});
export type CoinFacts = z.infer<typeof coinFactsSchema>;

export const coinFactsResponseSchema = z.object({
  success: z.literal(true),
  data: coinFactsSchema,
  source: marketSourceSchema,
  cache: cacheInfoSchema,
  /** price, marketCap, volume24h, the 24 h high and low and the all-time high are in this currency (`?currency=`, else the caller's preference or language). */
  currency: currencySchema,
});
export type CoinFactsResponse = z.infer<typeof coinFactsResponseSchema>;

/** The summary's rows, in the order shown: each one rule of the signal engine. */
export const summaryIndicators = ['rsi', 'macd', 'bollinger', 'adx', 'ema', 'volume'] as const;
export type SummaryIndicator = (typeof summaryIndicators)[number];

export const indicatorReadings = ['buy', 'neutral', 'sell'] as const;
export type IndicatorReading = (typeof indicatorReadings)[number];

export const summaryCellSchema = z.object({
  timeframe: z.enum(signalTimeframes),
  /** Which way this indicator votes on this timeframe. */
  reading: z.enum(indicatorReadings),
  /** The indicator's value (RSI, MACD histogram, %B, ADX, EMA 50 over EMA 200 in %, volume ratio). */
  value: z.number().nullable(),
  /** One sentence in the caller's language. */
  explanation: z.string(),
});
export type SummaryCell = z.infer<typeof summaryCellSchema>;

export const summaryRowSchema = z.object({
  indicator: z.enum(summaryIndicators),
  name: z.string(),
  /** 1h, 4h, 1d. */
  cells: z.array(summaryCellSchema),
});
export type SummaryRow = z.infer<typeof summaryRowSchema>;

/** GET /api/market-signals/summary/{symbol}: the signal as one score and the table behind it. */
export const signalSummarySchema = z.object({
  symbol: marketSymbolSchema,
  /** −100 (every rule sells) … +100 (every rule buys): the engine's weighted vote. */
  score: z.number().int().min(-100).max(100),
  signal: z.enum(signalValues),
  rows: z.array(summaryRowSchema),
  source: marketSourceSchema,
  /** Close time (ISO) of the last closed 1h candle. */
  asOf: z.iso.datetime(),
});
export type SignalSummary = z.infer<typeof signalSummarySchema>;

/** `currency`: the caller's display currency (the summary itself carries no price; the engine works on USDT). */
export const signalSummaryResponseSchema = z.object({
  success: z.literal(true),
  data: signalSummarySchema,
  currency: currencySchema,
});
export type SignalSummaryResponse = z.infer<typeof signalSummaryResponseSchema>;

import { z } from 'zod';
import { looseArray, numericText } from '../schemas.ts';

/**
 * One kline: `[openTime, "open", "high", "low", "close", "volume", closeTime, ...]` (prices as decimal text).
 * Trailing fields (quote volume, trades, taker volumes) are ignored.
 */
export const binanceKlineSchema = z
  .tuple([
    z.number().int(),
    numericText,
    numericText,
    numericText,
    numericText,
    numericText,
    z.number().int(),
  ])
  .rest(z.unknown());
export type BinanceKline = z.infer<typeof binanceKlineSchema>;

export const binanceKlinesSchema = z.array(binanceKlineSchema);

/** One listing of `/api/v3/exchangeInfo`'s `symbols` (filters, order types and permissions are ignored). */
export const binanceExchangeSymbolSchema = z.object({
  symbol: z.string(),
  status: z.string(),
  baseAsset: z.string(),
  quoteAsset: z.string(),
  isSpotTradingAllowed: z.boolean().optional().catch(undefined),
});
export type BinanceExchangeSymbol = z.infer<typeof binanceExchangeSymbolSchema>;

/** `/api/v3/exchangeInfo`: only its `symbols`; a malformed listing is dropped, not the whole answer. */
export const binanceExchangeInfoSchema = z.object({ symbols: looseArray(binanceExchangeSymbolSchema) });

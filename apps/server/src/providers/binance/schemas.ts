import { z } from 'zod';
import { numericText } from '../schemas.ts';

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

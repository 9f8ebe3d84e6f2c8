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

/** `<pair>@miniTicker`: the rolling 24 h window of one pair, pushed every second while it trades. */
export const binanceMiniTickerSchema = z.looseObject({
  e: z.literal('24hrMiniTicker'),
  E: z.number().int(),
  s: z.string(),
  c: numericText,
  o: numericText,
  v: numericText,
});
export type BinanceMiniTicker = z.infer<typeof binanceMiniTickerSchema>;

/** `<pair>@kline_<interval>`: the candle in progress (`x` false) or the one that just closed (`x` true). */
export const binanceKlineEventSchema = z.looseObject({
  e: z.literal('kline'),
  E: z.number().int(),
  s: z.string(),
  k: z.looseObject({
    t: z.number().int(),
    i: z.string(),
    o: numericText,
    h: numericText,
    l: numericText,
    c: numericText,
    v: numericText,
    x: z.boolean(),
  }),
});
export type BinanceKlineEvent = z.infer<typeof binanceKlineEventSchema>;

/**
 * One frame of the combined stream: `{stream, data}` for market data, `{result, id}` / `{error, id}` answering
 * a SUBSCRIBE or UNSUBSCRIBE, or a bare event (`serverShutdown`, sent before Binance closes the connection).
 */
export const binanceStreamFrameSchema = z.union([
  z.looseObject({ stream: z.string(), data: z.looseObject({ e: z.string() }) }),
  z.looseObject({ id: z.union([z.number(), z.string()]) }),
  z.looseObject({ e: z.string() }),
]);

/** `/api/v3/ticker/24hr?type=MINI`: the rolling 24 h window of each pair asked for. */
export const binanceMiniTickersSchema = z.array(
  z.looseObject({
    symbol: z.string(),
    openPrice: numericText,
    lastPrice: numericText,
    volume: numericText,
    closeTime: z.number().int(),
  }),
);

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

import { z } from 'zod';
import { currencySchema } from './currency.ts';
import { candleIntervals } from './market-constants.ts';
import { candleSchema } from './market.ts';

// The live market: GET /api/market/stream?symbols=BTC,ETH as Server-Sent Events. Each SSE message's
// `event:` is the event's `type`, its `data:` the JSON of the event, its `id:` a resume point the
// browser sends back as `Last-Event-ID`.

/** Most symbols one stream follows: the largest table page (100 rows) with the chart's coin and a few more. */
export const MAX_STREAM_SYMBOLS = 110;

/** `?symbols=BTC,ETH` (any case), `?interval=` the candles streamed (default 1h), `?currency=` (default: the caller's). */
export const marketStreamQuerySchema = z.object({
  symbols: z
    .string()
    .trim()
    .min(1)
    .transform((value) =>
      [
        ...new Set(
          value
            .split(',')
            .map((symbol) => symbol.trim().toUpperCase())
            .filter(Boolean),
        ),
      ].slice(0, MAX_STREAM_SYMBOLS),
    ),
  interval: z.enum(candleIntervals).default('1h'),
  currency: currencySchema.optional(),
});
export type MarketStreamQuery = z.infer<typeof marketStreamQuerySchema>;

/** `ticker`: a coin's last price and 24 h figures (in `currency`; volume in the base asset). */
export const tickerEventSchema = z.object({
  symbol: z.string(),
  price: z.number(),
  /** Percent, 24 h rolling. */
  change24h: z.number(),
  volume24h: z.number(),
  /** Unix milliseconds of the upstream event. */
  time: z.number().int(),
  currency: currencySchema,
});
export type TickerEvent = z.infer<typeof tickerEventSchema>;

/** `candle`: the candle in progress (closed false) or the one that just closed (closed true). */
export const candleEventSchema = z.object({
  symbol: z.string(),
  interval: z.enum(candleIntervals),
  candle: candleSchema,
  closed: z.boolean(),
  currency: currencySchema,
});
export type CandleEvent = z.infer<typeof candleEventSchema>;

/**
 * `status`: sent first and whenever the upstream changes: `live` (Binance's stream), `polling` (the stream is
 * down, prices come from REST within the call budget), `simulated` (the simulated market, labelled as such).
 */
export const streamStatusEventSchema = z.object({
  mode: z.enum(['live', 'polling', 'simulated']),
});
export type StreamStatusEvent = z.infer<typeof streamStatusEventSchema>;

export const marketStreamEventTypes = ['ticker', 'candle', 'status'] as const;
export type MarketStreamEventType = (typeof marketStreamEventTypes)[number];

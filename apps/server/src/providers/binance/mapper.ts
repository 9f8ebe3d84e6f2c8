import type { CandleInterval } from '@farol/contract';
import type { Candle, LiveCandle, LiveTicker, TradingPair } from '../../modules/market/market.types.ts';
import type { BinanceExchangeSymbol, BinanceKline, BinanceKlineEvent, BinanceMiniTicker } from './schemas.ts';

export const binanceIntervalByCandleInterval: Record<CandleInterval, string> = {
  '15m': '15m',
  '1h': '1h',
  '4h': '4h',
  '1d': '1d',
};

export const mapBinanceKline = (kline: BinanceKline): Candle => ({
  openTime: kline[0],
  open: kline[1],
  high: kline[2],
  low: kline[3],
  close: kline[4],
  volume: kline[5],
});

/** The stream name of a pair's mini-ticker or candles (Binance wants it lower case). */
export const miniTickerStream = (pair: string) => `${pair.toLowerCase()}@miniTicker`;
export const klineStream = (pair: string, interval: CandleInterval) =>
  `${pair.toLowerCase()}@kline_${binanceIntervalByCandleInterval[interval]}`;

const candleIntervalByBinance = new Map(
  Object.entries(binanceIntervalByCandleInterval).map(([ours, theirs]) => [theirs, ours as CandleInterval]),
);

export const mapBinanceMiniTicker = (ticker: BinanceMiniTicker): LiveTicker => ({
  kind: 'ticker',
  pair: ticker.s.toUpperCase(),
  price: ticker.c,
  open24h: ticker.o,
  volume24h: ticker.v,
  time: ticker.E,
});

/** A kline event as a live candle; undefined for an interval Farol does not show. */
export function mapBinanceKlineEvent(event: BinanceKlineEvent): LiveCandle | undefined {
  const interval = candleIntervalByBinance.get(event.k.i);
  if (!interval) return undefined;
  return {
    kind: 'candle',
    pair: event.s.toUpperCase(),
    interval,
    candle: {
      openTime: event.k.t,
      open: event.k.o,
      high: event.k.h,
      low: event.k.l,
      close: event.k.c,
      volume: event.k.v,
    },
    closed: event.k.x,
    time: event.E,
  };
}

/**
 * The pairs Farol can read candles of: quoted in USDT, status TRADING (not BREAK, HALT, …) and open to spot
 * trading. A listing without `isSpotTradingAllowed` is not taken as spot.
 */
export const mapBinanceTradingPairs = (symbols: readonly BinanceExchangeSymbol[]): TradingPair[] =>
  symbols
    .filter(
      (entry) =>
        entry.status === 'TRADING' && entry.quoteAsset === 'USDT' && entry.isSpotTradingAllowed === true,
    )
    .map((entry) => ({ pair: entry.symbol, baseAsset: entry.baseAsset }));

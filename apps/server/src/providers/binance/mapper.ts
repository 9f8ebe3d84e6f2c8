import type { AnalysisSymbol, CandleInterval } from '@farol/contract';
import type { Candle, LiveCandle, LiveTicker } from '../../modules/market/market.types.ts';
import type { BinanceKline, BinanceKlineEvent, BinanceMiniTicker } from './schemas.ts';

/**
 * Binance pair of each analysis coin. MATIC was migrated 1:1 to POL and Binance stopped trading MATICUSDT
 * on 2024-09-10, so its live candles come from POLUSDT (the same asset under its new ticker).
 */
export const binancePairBySymbol: Record<AnalysisSymbol, string> = {
  BTC: 'BTCUSDT',
  ETH: 'ETHUSDT',
  BNB: 'BNBUSDT',
  ADA: 'ADAUSDT',
  SOL: 'SOLUSDT',
  XRP: 'XRPUSDT',
  DOT: 'DOTUSDT',
  AVAX: 'AVAXUSDT',
  MATIC: 'POLUSDT',
  LINK: 'LINKUSDT',
};

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

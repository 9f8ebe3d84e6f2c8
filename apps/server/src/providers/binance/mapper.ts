import type { CandleInterval } from '@farol/contract';
import type { Candle, TradingPair } from '../../modules/market/market.types.ts';
import type { BinanceExchangeSymbol, BinanceKline } from './schemas.ts';

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

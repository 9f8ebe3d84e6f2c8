import type { AnalysisSymbol, CandleInterval } from '@farol/contract';
import type { Candle } from '../../modules/market/market.types.ts';
import type { BinanceKline } from './schemas.ts';

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

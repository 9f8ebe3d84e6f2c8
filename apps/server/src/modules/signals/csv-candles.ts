import fs from 'node:fs';
import type { Candle } from '../market/market.types.ts';
import { aggregateCandles } from './candle-columns.ts';
import type { MarketCandles } from './market-analysis.ts';

/**
 * Reads a `time,open,high,low,close,volume` file of ../shared/data/ohlcv (tests and the backtest only:
 * the running product reads candles from app.market).
 */
export function readCandlesCsv(file: URL | string): Candle[] {
  const lines = fs.readFileSync(file, 'utf8').trim().split('\n');
  if (lines[0]?.trim() !== 'time,open,high,low,close,volume') throw new Error(`${String(file)}: unexpected header ${lines[0]}`);
  return lines.slice(1).map((line) => {
    const [time, open, high, low, close, volume] = line.split(',');
    return {
      openTime: Date.parse(time!),
      open: Number(open),
      high: Number(high),
      low: Number(low),
      close: Number(close),
      volume: Number(volume),
    };
  });
}

/** The shared data folder beside the repository (../shared/data). */
export const sharedOhlcv = (file: string) => new URL(`../../../../../../shared/data/ohlcv/${file}`, import.meta.url);

/** 1h and 1d files of a coin, with 4h built from the 1h candles (the shared data has no 4h files). */
export function readHistoryCsv(symbol: string): MarketCandles {
  const hourly = readCandlesCsv(sharedOhlcv(`${symbol}USDT-1h.csv`));
  return {
    '1h': hourly,
    '4h': aggregateCandles(hourly, 3_600_000, 4),
    '1d': readCandlesCsv(sharedOhlcv(`${symbol}USDT-1d.csv`)),
  };
}

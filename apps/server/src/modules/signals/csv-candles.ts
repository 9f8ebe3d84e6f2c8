import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { hasTestData, readTestData } from '@farol/testdata';
import type { Candle } from '../market/market.types.ts';
import { aggregateCandles } from './candle-columns.ts';
import type { MarketCandles } from './market-analysis.ts';

/**
 * Parses a `time,open,high,low,close,volume` candle file (tests and the backtest only: the running product
 * reads candles from app.market). `name` only labels an error.
 */
export function parseCandlesCsv(text: string, name = 'candles'): Candle[] {
  const lines = text.trim().split('\n');
  if (lines[0]?.trim() !== 'time,open,high,low,close,volume')
    throw new Error(`${name}: unexpected header ${lines[0]}`);
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

/** Reads a candle file by name (`BTCUSDT-1h.csv`): by default the real Binance candles of @farol/testdata. */
export type CandleFileReader = (file: string) => string;
export const readRepositoryCandles: CandleFileReader = (file) => readTestData(`ohlcv/${file}`);

/** A folder of candle files, each plain (`BTCUSDT-1h.csv`) or gzip-compressed (`BTCUSDT-1h.csv.gz`). */
export function folderCandleReader(folder: string): CandleFileReader {
  return (file) => {
    const plain = path.join(folder, file);
    if (fs.existsSync(plain)) return fs.readFileSync(plain, 'utf8');
    const compressed = `${plain}.gz`;
    if (fs.existsSync(compressed)) return gunzipSync(fs.readFileSync(compressed)).toString('utf8');
    throw new Error(`no ${file} (nor ${file}.gz) in ${folder}`);
  };
}

/** Whether a reader has this file: the repository's test data or a folder read by folderCandleReader. */
export function hasCandleFile(file: string, readFile: CandleFileReader = readRepositoryCandles): boolean {
  if (readFile === readRepositoryCandles) return hasTestData(`ohlcv/${file}`);
  try {
    readFile(file);
    return true;
  } catch {
    return false;
  }
}

/** The daily candles of a coin (coins with no hourly file are measured on these alone). */
export const readDailyCsv = (symbol: string, readFile: CandleFileReader = readRepositoryCandles): Candle[] =>
  parseCandlesCsv(readFile(`${symbol}USDT-1d.csv`), `${symbol}USDT-1d.csv`);

/** One candle file of the repository's test data, parsed. */
export const readTestCandles = (file: string): Candle[] => parseCandlesCsv(readRepositoryCandles(file), file);

/** 1h and 1d files of a coin, with 4h built from the 1h candles (the data has no 4h files). */
export function readHistoryCsv(
  symbol: string,
  readFile: CandleFileReader = readRepositoryCandles,
): MarketCandles {
  const read = (file: string) => parseCandlesCsv(readFile(file), file);
  const hourly = read(`${symbol}USDT-1h.csv`);
  return {
    '1h': hourly,
    '4h': aggregateCandles(hourly, 3_600_000, 4),
    '1d': read(`${symbol}USDT-1d.csv`),
  };
}

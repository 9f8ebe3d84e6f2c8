import type { Candle } from '../market/market.types.ts';

/** Candles as columns: the shape every indicator of @farol/indicators reads. */
export type CandleColumns = {
  openTime: Float64Array;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
};

export function toColumns(candles: readonly Candle[]): CandleColumns {
  const length = candles.length;
  const columns: CandleColumns = {
    openTime: new Float64Array(length),
    open: new Float64Array(length),
    high: new Float64Array(length),
    low: new Float64Array(length),
    close: new Float64Array(length),
    volume: new Float64Array(length),
  };
  for (let i = 0; i < length; i++) {
    const candle = candles[i]!;
    columns.openTime[i] = candle.openTime;
    columns.open[i] = candle.open;
    columns.high[i] = candle.high;
    columns.low[i] = candle.low;
    columns.close[i] = candle.close;
    columns.volume[i] = candle.volume;
  }
  return columns;
}

/**
 * Groups consecutive candles into `factor`-times longer ones aligned to UTC multiples of the longer
 * period (1h → 4h starts at 00, 04, 08 … UTC, as Binance does). A group with a missing source candle
 * (the 2023-03-24 Binance halt) is still built from the candles that exist; only a trailing group that is
 * not complete yet is dropped, because it has not closed.
 */
export function aggregateCandles(candles: readonly Candle[], sourceMs: number, factor: number): Candle[] {
  const periodMs = sourceMs * factor;
  const result: Candle[] = [];
  let current: Candle | undefined;
  let lastOpenTime = 0;
  for (const candle of candles) {
    const start = Math.floor(candle.openTime / periodMs) * periodMs;
    if (!current || current.openTime !== start) {
      if (current) result.push(current);
      current = { ...candle, openTime: start };
    } else {
      current.high = Math.max(current.high, candle.high);
      current.low = Math.min(current.low, candle.low);
      current.close = candle.close;
      current.volume += candle.volume;
    }
    lastOpenTime = candle.openTime;
  }
  if (current && lastOpenTime + sourceMs >= current.openTime + periodMs) result.push(current);
  return result;
}

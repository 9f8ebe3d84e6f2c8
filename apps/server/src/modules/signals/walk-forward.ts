import type { SignalTimeframe } from '@farol/contract';
import type { Candle } from '../market/market.types.ts';
import { timeframePeriodMs, timeframes, type MarketCandles } from './market-analysis.ts';

/**
 * Candles the engine reads per timeframe: 30 days of 1h, ~83 days of 4h, ~16 months of 1d. Every window
 * is well past MIN_CANDLES, so Wilder's seeds have converged and EMA(200) has 300 bars behind it.
 */
export const candleWindows: Record<SignalTimeframe, number> = { '1h': 720, '4h': 500, '1d': 500 };

/** Index just past the last candle that closed at or before `time` (binary search, candles sorted). */
export function closedCount(candles: readonly Candle[], periodMs: number, time: number): number {
  let low = 0;
  let high = candles.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (candles[middle]!.openTime + periodMs <= time) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** What the engine would have seen at `time`: per timeframe, the last window of candles closed by then (no look-ahead). */
export function candlesAsOf(history: MarketCandles, time: number): MarketCandles {
  const result = {} as Record<SignalTimeframe, readonly Candle[]>;
  for (const timeframe of timeframes) {
    const end = closedCount(history[timeframe], timeframePeriodMs[timeframe], time);
    result[timeframe] = history[timeframe].slice(Math.max(0, end - candleWindows[timeframe]), end);
  }
  return result;
}

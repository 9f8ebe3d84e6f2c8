import type { CandleData } from '@farol/contract';
import { bbands, ema, macd, rsi } from '@farol/indicators';

/** The studies a trader switches on and off; RSI and MACD have panes of their own, the rest sit on the price. */
export const indicatorIds = ['volume', 'rsi', 'macd', 'bbands', 'ema50', 'ema200'] as const;
export type IndicatorId = (typeof indicatorIds)[number];
export type IndicatorChoice = Record<IndicatorId, boolean>;

/** What the dashboard chart has always shown: volume, RSI(14) and MACD(12, 26, 9). */
export const defaultIndicators: IndicatorChoice = {
  volume: true,
  rsi: true,
  macd: true,
  bbands: false,
  ema50: false,
  ema200: false,
};

/** Studies with their own pane under the price, top to bottom. */
export const paneIndicators = ['rsi', 'macd'] as const satisfies readonly IndicatorId[];

export const RSI_PERIOD = 14;
export const MACD_PERIODS = { fast: 12, slow: 26, signal: 9 } as const;
export const BBANDS = { period: 20, stdDev: 2 } as const;

/**
 * Every study over the candles, index-aligned with them (TA-Lib's warm-up is NaN), computed with the same
 * kernels the server's signals use.
 */
export function computeStudies(candles: readonly CandleData[]) {
  const closes = candles.map((candle) => candle.close);
  return {
    rsi: rsi(closes, RSI_PERIOD),
    macd: macd(closes, MACD_PERIODS),
    bbands: bbands(closes, BBANDS),
    ema50: ema(closes, 50),
    ema200: ema(closes, 200),
  };
}
export type Studies = ReturnType<typeof computeStudies>;

export type TimedPoint = { time: number; value: number };

/** The finite part of `values` with the candles' times: the chart expects no point for the warm-up. */
export function pointsOf(candles: readonly CandleData[], values: Float64Array): TimedPoint[] {
  return candles.flatMap((candle, index) => {
    const value = values[index];
    return value !== undefined && Number.isFinite(value) ? [{ time: candle.time, value }] : [];
  });
}

/** A study's value at one candle, or null in its warm-up. */
export function valueAt(values: Float64Array, index: number): number | null {
  const value = values[index];
  return value !== undefined && Number.isFinite(value) ? value : null;
}

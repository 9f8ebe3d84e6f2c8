import type { Series } from '../core/types.ts';
import { nanArray, ZERO_EPSILON } from '../core/numeric.ts';
import { maKernel, maLookback } from './ma.ts';
import { stddevKernel } from '../statistic/variance.ts';

/** Bollinger Bands: MA ± k·population stddev (Bollinger, Bollinger on Bollinger Bands 2001; TA-Lib ta_BBANDS.c). */
export function bbandsKernel(
  x: Series,
  period: number,
  nbDevUp: number,
  nbDevDown: number,
  maType: number,
): [Float64Array, Float64Array, Float64Array] {
  if (maType === 0) return bbandsSmaKernel(x, period, nbDevUp, nbDevDown);
  const length = x.length;
  const middle = maKernel(x, period, maType);
  // The SMA case (TA-Lib reuses the SMA for the deviation) is fused above; for other MA types the
  // deviation stays around the mean.
  const deviation = stddevKernel(x, period, 1);
  const upper = nanArray(length);
  const lower = nanArray(length);
  for (let i = maLookback(period, maType); i < length; i++) {
    writeBands(upper, lower, i, middle[i], deviation[i], nbDevUp, nbDevDown);
  }
  for (let i = 0; i < Math.min(length, maLookback(period, maType)); i++) middle[i] = Number.NaN;
  return [upper, middle, lower];
}

/** Bollinger Bands lookback: the MA's. */
export function bbandsLookback(period: number, maType: number): number {
  return maLookback(period, maType);
}

/** BBANDS with an SMA middle in one pass: the same running sums as smaKernel + TA-Lib's stddev around the precomputed SMA (TA_INT_stddev_using_precalc_ma), fused. */
function bbandsSmaKernel(
  x: Series,
  period: number,
  nbDevUp: number,
  nbDevDown: number,
): [Float64Array, Float64Array, Float64Array] {
  const length = x.length;
  const upper = nanArray(length);
  const middle = nanArray(length);
  const lower = nanArray(length);
  const start = period - 1;
  if (start >= length) return [upper, middle, lower];
  let sum = 0;
  let sumSquares = 0;
  for (let i = 0; i < start; i++) {
    const value = x[i];
    sum += value;
    sumSquares += value * value;
  }
  for (let i = start, trailing = 0; i < length; i++, trailing++) {
    const value = x[i];
    sum += value;
    sumSquares += value * value;
    const mid = sum / period;
    const old = x[trailing];
    sum -= old;
    const variance = sumSquares / period - mid * mid;
    sumSquares -= old * old;
    const deviation = variance < ZERO_EPSILON ? 0 : Math.sqrt(variance);
    middle[i] = mid;
    writeBands(upper, lower, i, mid, deviation, nbDevUp, nbDevDown);
  }
  return [upper, middle, lower];
}

/** Upper and lower band at i; a factor of 1 skips the multiplication and equal factors share one width, as TA-Lib does. */
function writeBands(
  upper: Float64Array,
  lower: Float64Array,
  i: number,
  mid: number,
  deviation: number,
  nbDevUp: number,
  nbDevDown: number,
): void {
  if (nbDevUp === nbDevDown) {
    const width = nbDevUp === 1 ? deviation : deviation * nbDevUp;
    upper[i] = mid + width;
    lower[i] = mid - width;
  } else {
    upper[i] = nbDevUp === 1 ? mid + deviation : mid + deviation * nbDevUp;
    lower[i] = nbDevDown === 1 ? mid - deviation : mid - deviation * nbDevDown;
  }
}

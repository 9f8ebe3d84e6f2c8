import type { Series } from '../core/types.ts';
import { nanArray } from '../core/numeric.ts';
import { maKernel, maLookback } from './ma.ts';
import { stddevAroundSmaKernel, stddevKernel } from '../statistic/variance.ts';

/** Bollinger Bands: MA ± k·population stddev (Bollinger, Bollinger on Bollinger Bands 2001; TA-Lib ta_BBANDS.c). */
export function bbandsKernel(
  x: Series,
  period: number,
  nbDevUp: number,
  nbDevDown: number,
  maType: number,
): [Float64Array, Float64Array, Float64Array] {
  const length = x.length;
  const middle = maKernel(x, period, maType);
  // TA-Lib reuses the SMA for the deviation; for other MA types the deviation stays around the mean.
  const deviation = maType === 0 ? stddevAroundSmaKernel(x, middle, period) : stddevKernel(x, period, 1);
  const upper = nanArray(length);
  const lower = nanArray(length);
  for (let i = maLookback(period, maType); i < length; i++) {
    const mid = middle[i];
    const dev = deviation[i];
    if (nbDevUp === nbDevDown) {
      const width = nbDevUp === 1 ? dev : dev * nbDevUp;
      upper[i] = mid + width;
      lower[i] = mid - width;
    } else {
      upper[i] = nbDevUp === 1 ? mid + dev : mid + dev * nbDevUp;
      lower[i] = nbDevDown === 1 ? mid - dev : mid - dev * nbDevDown;
    }
  }
  for (let i = 0; i < Math.min(length, maLookback(period, maType)); i++) middle[i] = Number.NaN;
  return [upper, middle, lower];
}

/** Bollinger Bands lookback: the MA's. */
export function bbandsLookback(period: number, maType: number): number {
  return maLookback(period, maType);
}


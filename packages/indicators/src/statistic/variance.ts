import type { Series } from '../core/types.ts';
import { isZeroOrNegative, nanArray } from '../core/numeric.ts';

/** Population variance from running sums, sum(x²)/n - mean² (TA-Lib TA_INT_VAR, ta_VAR.c). */
export function varianceKernel(x: Series, period: number, begin = 0): Float64Array {
  const length = x.length;
  const out = nanArray(length);
  const start = begin + period - 1;
  if (start >= length) return out;
  // TA-Lib's one-pass sums are reproduced on purpose: a two-pass variance would not match its output.
  let total1 = 0;
  let total2 = 0;
  for (let i = begin; i < start; i++) {
    const value = x[i];
    total1 += value;
    total2 += value * value;
  }
  for (let i = start, trailing = begin; i < length; i++, trailing++) {
    const value = x[i];
    total1 += value;
    total2 += value * value;
    const mean1 = total1 / period;
    const mean2 = total2 / period;
    const old = x[trailing];
    total1 -= old;
    total2 -= old * old;
    out[i] = mean2 - mean1 * mean1;
  }
  return out;
}

/** Standard deviation × nbDev, 0 when the variance is below 1e-14 (TA-Lib ta_STDDEV.c). */
export function stddevKernel(x: Series, period: number, nbDev: number, begin = 0): Float64Array {
  const out = varianceKernel(x, period, begin);
  for (let i = begin + period - 1; i < out.length; i++) {
    const variance = out[i];
    out[i] = isZeroOrNegative(variance) ? 0 : nbDev === 1 ? Math.sqrt(variance) : Math.sqrt(variance) * nbDev;
  }
  return out;
}

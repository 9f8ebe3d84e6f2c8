import type { Series } from '../core/types.ts';
import { nanArray } from '../core/numeric.ts';

// TA-Lib (ta_MAX.c, ta_MIN.c) keeps the index of the extreme and rescans only when it leaves the window:
// amortised O(1) per bar. On a rescan the first of equal values wins, afterwards a new equal value takes
// over; the *INDEX functions expose that tie rule, so it is kept as is.

/** Highest value over `period` bars and its index (TA-Lib ta_MAX.c / ta_MAXINDEX.c). */
export function maxKernel(
  x: Series,
  period: number,
  begin = 0,
): { value: Float64Array; index: Float64Array } {
  const length = x.length;
  const value = nanArray(length);
  const index = nanArray(length);
  let highestIndex = -1;
  let highest = 0;
  for (let today = begin + period - 1, trailing = begin; today < length; today++, trailing++) {
    const current = x[today];
    if (highestIndex < trailing) {
      highestIndex = trailing;
      highest = x[trailing];
      for (let i = trailing + 1; i <= today; i++) {
        if (x[i] > highest) {
          highestIndex = i;
          highest = x[i];
        }
      }
    } else if (current >= highest) {
      highestIndex = today;
      highest = current;
    }
    value[today] = highest;
    index[today] = highestIndex;
  }
  return { value, index };
}

/** Lowest value over `period` bars and its index (TA-Lib ta_MIN.c / ta_MININDEX.c). */
export function minKernel(
  x: Series,
  period: number,
  begin = 0,
): { value: Float64Array; index: Float64Array } {
  const length = x.length;
  const value = nanArray(length);
  const index = nanArray(length);
  let lowestIndex = -1;
  let lowest = 0;
  for (let today = begin + period - 1, trailing = begin; today < length; today++, trailing++) {
    const current = x[today];
    if (lowestIndex < trailing) {
      lowestIndex = trailing;
      lowest = x[trailing];
      for (let i = trailing + 1; i <= today; i++) {
        if (x[i] < lowest) {
          lowestIndex = i;
          lowest = x[i];
        }
      }
    } else if (current <= lowest) {
      lowestIndex = today;
      lowest = current;
    }
    value[today] = lowest;
    index[today] = lowestIndex;
  }
  return { value, index };
}

/** Rolling sum over `period` bars (TA-Lib ta_SUM.c running total). */
export function sumKernel(x: Series, period: number): Float64Array {
  const length = x.length;
  const out = nanArray(length);
  const start = period - 1;
  if (start >= length) return out;
  let total = 0;
  for (let i = 0; i < start; i++) total += x[i];
  for (let i = start, trailing = 0; i < length; i++, trailing++) {
    total += x[i];
    out[i] = total;
    total -= x[trailing];
  }
  return out;
}

/** (highest + lowest) / 2 of one series over `period` bars (TA-Lib ta_MIDPOINT.c). */
export function midpointKernel(x: Series, period: number): Float64Array {
  const high = maxKernel(x, period).value;
  const low = minKernel(x, period).value;
  for (let i = 0; i < high.length; i++) high[i] = (high[i] + low[i]) / 2;
  return high;
}

/** (highest high + lowest low) / 2 over `period` bars (TA-Lib ta_MIDPRICE.c). */
export function midpriceKernel(high: Series, low: Series, period: number): Float64Array {
  const highest = maxKernel(high, period).value;
  const lowest = minKernel(low, period).value;
  for (let i = 0; i < highest.length; i++) highest[i] = (highest[i] + lowest[i]) / 2;
  return highest;
}

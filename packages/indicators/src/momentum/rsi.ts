import type { Series } from '../core/types.ts';
import { nanArray, ZERO_EPSILON } from '../core/numeric.ts';

// RSI and CMO share Wilder's smoothing as TA-Lib codes it (ta_RSI.c, ta_CMO.c): the first averages are
// the plain mean of the first `period` gains/losses, then avg = (avg*(n-1) + current)/n.

function wilderOscillator(x: Series, period: number, begin: number, isCmo: boolean): Float64Array {
  const length = x.length;
  const out = nanArray(length);
  const start = begin + period;
  if (start >= length) return out;
  let prevValue = x[begin];
  let gain = 0;
  let loss = 0;
  for (let today = begin + 1; today <= start; today++) {
    const value = x[today];
    const change = value - prevValue;
    prevValue = value;
    // max/min instead of TA-Lib's if/else: same sums (adding 0 is exact) without branch mispredictions.
    loss -= Math.min(change, 0);
    gain += Math.max(change, 0);
  }
  loss /= period;
  gain /= period;
  const previousWeight = period - 1;
  let total = gain + loss;
  const isFlat = total > -ZERO_EPSILON && total < ZERO_EPSILON;
  // A flat window (gain+loss within 1e-14 of 0) gives 0 in TA-Lib, not 50.
  out[start] = isFlat ? 0 : isCmo ? 100 * ((gain - loss) / total) : 100 * (gain / total);
  if (isCmo) {
    for (let today = start + 1; today < length; today++) {
      const value = x[today];
      const change = value - prevValue;
      prevValue = value;
      loss = (loss * previousWeight - Math.min(change, 0)) / period;
      gain = (gain * previousWeight + Math.max(change, 0)) / period;
      total = gain + loss;
      out[today] = total > -ZERO_EPSILON && total < ZERO_EPSILON ? 0 : 100 * ((gain - loss) / total);
    }
    return out;
  }
  for (let today = start + 1; today < length; today++) {
    const value = x[today];
    const change = value - prevValue;
    prevValue = value;
    loss = (loss * previousWeight - Math.min(change, 0)) / period;
    gain = (gain * previousWeight + Math.max(change, 0)) / period;
    total = gain + loss;
    out[today] = total > -ZERO_EPSILON && total < ZERO_EPSILON ? 0 : 100 * (gain / total);
  }
  return out;
}

/** Relative Strength Index (Wilder, New Concepts in Technical Trading Systems 1978; TA-Lib ta_RSI.c). */
export function rsiKernel(x: Series, period: number, begin = 0): Float64Array {
  return wilderOscillator(x, period, begin, false);
}

/** Chande Momentum Oscillator with Wilder smoothing (Chande & Kroll, The New Technical Trader 1994; TA-Lib ta_CMO.c). */
export function cmoKernel(x: Series, period: number): Float64Array {
  return wilderOscillator(x, period, 0, true);
}

import type { Series } from '../core/types.ts';
import { isZero, nanArray } from '../core/numeric.ts';

// Every kernel takes `begin`: the index where its data starts. TA-Lib chains functions by calling the
// next one on the previous output from that output's first value, so nested averages (DEMA, STOCH's
// slow lines, MACD's signal) seed exactly where TA-Lib seeds them.

/** TA-Lib MA types (TA_MAType): 0=SMA 1=EMA 2=WMA 3=DEMA 4=TEMA 5=TRIMA 6=KAMA 7=MAMA 8=T3. */
export const MA_TYPES = ['SMA', 'EMA', 'WMA', 'DEMA', 'TEMA', 'TRIMA', 'KAMA', 'MAMA', 'T3'] as const;
export type MaType = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

/** Simple moving average, running sum as in TA-Lib's TA_INT_SMA (ta_SMA.c). */
export function smaKernel(x: Series, period: number, begin = 0): Float64Array {
  const length = x.length;
  const out = nanArray(length);
  const start = begin + period - 1;
  if (start >= length) return out;
  let sum = 0;
  for (let i = begin; i < start; i++) sum += x[i];
  for (let i = start, trailing = begin; i < length; i++, trailing++) {
    sum += x[i];
    out[i] = sum / period;
    sum -= x[trailing];
  }
  return out;
}

/** Exponential moving average seeded with the SMA of the first `period` values (TA-Lib TA_INT_EMA, ta_EMA.c). */
export function emaKernel(x: Series, period: number, begin = 0, k = 2 / (period + 1)): Float64Array {
  const length = x.length;
  const out = nanArray(length);
  const start = begin + period - 1;
  if (start >= length) return out;
  let sum = 0;
  for (let i = begin; i <= start; i++) sum += x[i];
  let ema = sum / period;
  out[start] = ema;
  for (let i = start + 1; i < length; i++) {
    // (x - ema) * k + ema: TA-Lib's operation order, other forms differ in the last bits.
    ema = (x[i] - ema) * k + ema;
    out[i] = ema;
  }
  return out;
}

/** Linearly weighted moving average (TA-Lib ta_WMA.c running sums). */
export function wmaKernel(x: Series, period: number, begin = 0): Float64Array {
  const length = x.length;
  const out = nanArray(length);
  const start = begin + period - 1;
  if (start >= length) return out;
  if (period === 1) {
    for (let i = begin; i < length; i++) out[i] = x[i];
    return out;
  }
  const divider = (period * (period + 1)) / 2;
  let periodSum = 0;
  let periodSub = 0;
  let weight = 1;
  for (let i = begin; i < start; i++, weight++) {
    periodSub += x[i];
    periodSum += x[i] * weight;
  }
  let trailingValue = 0;
  for (let i = start, trailing = begin; i < length; i++, trailing++) {
    const value = x[i];
    periodSub += value;
    periodSub -= trailingValue;
    periodSum += value * period;
    trailingValue = x[trailing];
    out[i] = periodSum / divider;
    periodSum -= periodSub;
  }
  return out;
}

/** Double EMA, 2*EMA - EMA(EMA) (Mulloy 1994; TA-Lib ta_DEMA.c). */
export function demaKernel(x: Series, period: number, begin = 0): Float64Array {
  const first = emaKernel(x, period, begin);
  const second = emaKernel(first, period, begin + period - 1);
  const out = nanArray(x.length);
  for (let i = begin + 2 * (period - 1); i < x.length; i++) out[i] = 2 * first[i] - second[i];
  return out;
}

/** Triple EMA, 3*EMA - 3*EMA2 + EMA3 (Mulloy 1994; TA-Lib ta_TEMA.c). */
export function temaKernel(x: Series, period: number, begin = 0): Float64Array {
  const first = emaKernel(x, period, begin);
  const second = emaKernel(first, period, begin + period - 1);
  const third = emaKernel(second, period, begin + 2 * (period - 1));
  const out = nanArray(x.length);
  for (let i = begin + 3 * (period - 1); i < x.length; i++) {
    out[i] = third[i] + (3 * first[i] - 3 * second[i]);
  }
  return out;
}

/** Triangular MA as an SMA of an SMA, the weights of TA-Lib's ta_TRIMA.c. */
export function trimaKernel(x: Series, period: number, begin = 0): Float64Array {
  const firstPeriod = period % 2 === 1 ? (period + 1) / 2 : period / 2;
  const secondPeriod = period % 2 === 1 ? firstPeriod : firstPeriod + 1;
  const first = smaKernel(x, firstPeriod, begin);
  return smaKernel(first, secondPeriod, begin + firstPeriod - 1);
}

/** Kaufman adaptive MA, fast 2 / slow 30 (Kaufman, Smarter Trading 1995; TA-Lib ta_KAMA.c). */
export function kamaKernel(x: Series, period: number, begin = 0): Float64Array {
  const length = x.length;
  const out = nanArray(length);
  const start = begin + period;
  if (start >= length) return out;
  const constMax = 2 / (30 + 1);
  const constDiff = 2 / (2 + 1) - constMax;
  let sumRoc = 0;
  for (let i = begin; i < start; i++) sumRoc += Math.abs(x[i] - x[i + 1]);
  let kama = x[start - 1];
  let trailing = begin;
  let trailingValue = 0;
  for (let today = start; today < length; today++, trailing++) {
    const value = x[today];
    const trailingNow = x[trailing];
    const periodRoc = value - trailingNow;
    if (today > start) {
      sumRoc -= Math.abs(trailingValue - trailingNow);
      sumRoc += Math.abs(value - x[today - 1]);
    }
    trailingValue = trailingNow;
    let efficiency = sumRoc <= periodRoc || isZero(sumRoc) ? 1 : Math.abs(periodRoc / sumRoc);
    efficiency = efficiency * constDiff + constMax;
    efficiency *= efficiency;
    kama = (value - kama) * efficiency + kama;
    out[today] = kama;
  }
  return out;
}

/** Tillson T3: six EMAs combined with the volume factor (Tillson, TASC Jan 1998; TA-Lib ta_T3.c). */
export function t3Kernel(x: Series, period: number, volumeFactor: number, begin = 0): Float64Array {
  const length = x.length;
  const out = nanArray(length);
  const start = begin + 6 * (period - 1);
  if (start >= length) return out;
  const k = 2 / (period + 1);
  const oneMinusK = 1 - k;
  let today = begin;
  let total = 0;
  for (let i = 0; i < period; i++) total += x[today++];
  // TA-Lib seeds each EMA with the mean of its first `period` inputs, updating with k*x + (1-k)*e.
  let e1 = total / period;
  total = e1;
  for (let i = period - 1; i > 0; i--) {
    e1 = k * x[today++] + oneMinusK * e1;
    total += e1;
  }
  let e2 = total / period;
  total = e2;
  for (let i = period - 1; i > 0; i--) {
    e1 = k * x[today++] + oneMinusK * e1;
    e2 = k * e1 + oneMinusK * e2;
    total += e2;
  }
  let e3 = total / period;
  total = e3;
  for (let i = period - 1; i > 0; i--) {
    e1 = k * x[today++] + oneMinusK * e1;
    e2 = k * e1 + oneMinusK * e2;
    e3 = k * e2 + oneMinusK * e3;
    total += e3;
  }
  let e4 = total / period;
  total = e4;
  for (let i = period - 1; i > 0; i--) {
    e1 = k * x[today++] + oneMinusK * e1;
    e2 = k * e1 + oneMinusK * e2;
    e3 = k * e2 + oneMinusK * e3;
    e4 = k * e3 + oneMinusK * e4;
    total += e4;
  }
  let e5 = total / period;
  total = e5;
  for (let i = period - 1; i > 0; i--) {
    e1 = k * x[today++] + oneMinusK * e1;
    e2 = k * e1 + oneMinusK * e2;
    e3 = k * e2 + oneMinusK * e3;
    e4 = k * e3 + oneMinusK * e4;
    e5 = k * e4 + oneMinusK * e5;
    total += e5;
  }
  let e6 = total / period;
  const squared = volumeFactor * volumeFactor;
  const c1 = -squared * volumeFactor;
  const c2 = 3 * (squared - c1);
  const c3 = -6 * squared - 3 * (volumeFactor - c1);
  const c4 = 1 + 3 * volumeFactor - c1 + 3 * squared;
  out[today - 1] = c1 * e6 + c2 * e5 + c3 * e4 + c4 * e3;
  for (; today < length; today++) {
    e1 = k * x[today] + oneMinusK * e1;
    e2 = k * e1 + oneMinusK * e2;
    e3 = k * e2 + oneMinusK * e3;
    e4 = k * e3 + oneMinusK * e4;
    e5 = k * e4 + oneMinusK * e5;
    e6 = k * e5 + oneMinusK * e6;
    out[today] = c1 * e6 + c2 * e5 + c3 * e4 + c4 * e3;
  }
  return out;
}

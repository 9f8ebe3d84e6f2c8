import type { Series } from '../core/types.ts';
import { isZero, nanArray } from '../core/numeric.ts';

/** True range of bar `i` against the previous close (Wilder 1978; TA-Lib's TRUE_RANGE macro). */
export function trueRangeAt(high: number, low: number, previousClose: number): number {
  return Math.max(high - low, Math.abs(previousClose - high), Math.abs(previousClose - low));
}

/** True range; bar 0 has none because TA-Lib never uses H0-L0 (ta_TRANGE.c). */
export function trangeKernel(high: Series, low: Series, close: Series): Float64Array {
  const out = nanArray(close.length);
  for (let i = 1; i < close.length; i++) out[i] = trueRangeAt(high[i], low[i], close[i - 1]);
  return out;
}

/** Average True Range: mean of TR[1..n], then Wilder smoothing (Wilder 1978; TA-Lib ta_ATR.c). */
export function atrKernel(high: Series, low: Series, close: Series, period: number): Float64Array {
  if (period <= 1) return trangeKernel(high, low, close);
  const length = close.length;
  const out = nanArray(length);
  if (period >= length) return out;
  let sum = 0;
  for (let i = 1; i <= period; i++) sum += trueRangeAt(high[i], low[i], close[i - 1]);
  let atr = sum / period;
  out[period] = atr;
  const previousWeight = period - 1;
  let previousClose = close[period];
  for (let i = period + 1; i < length; i++) {
    const h = high[i];
    const l = low[i];
    atr =
      (atr * previousWeight + Math.max(h - l, Math.abs(previousClose - h), Math.abs(previousClose - l))) /
      period;
    previousClose = close[i];
    out[i] = atr;
  }
  return out;
}

/** Normalised ATR = 100·ATR/close (Forman, TASC May 2006; TA-Lib ta_NATR.c). */
export function natrKernel(high: Series, low: Series, close: Series, period: number): Float64Array {
  const out = atrKernel(high, low, close, period);
  for (let i = 0; i < out.length; i++) {
    if (!Number.isNaN(out[i])) out[i] = isZero(close[i]) ? 0 : (out[i] / close[i]) * 100;
  }
  return out;
}

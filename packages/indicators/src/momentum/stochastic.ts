import type { Series } from '../core/types.ts';
import { nanArray } from '../core/numeric.ts';
import { maxKernel, minKernel } from '../math/window-extremes.ts';
import { maKernel, maLookback } from '../overlap/ma.ts';
import { rsiKernel } from './rsi.ts';

/** Raw %K = 100·(C - LL)/(HH - LL), written as TA-Lib divides: (C-LL)/((HH-LL)/100), 0 on a flat window. */
function fastKLine(high: Series, low: Series, close: Series, period: number, begin: number): Float64Array {
  const highest = maxKernel(high, period, begin).value;
  const lowest = minKernel(low, period, begin).value;
  const out = nanArray(close.length);
  for (let i = begin + period - 1; i < close.length; i++) {
    const diff = (highest[i] - lowest[i]) / 100;
    out[i] = diff !== 0 ? (close[i] - lowest[i]) / diff : 0;
  }
  return out;
}

/** Slow stochastic %K/%D (Lane 1950s; TA-Lib ta_STOCH.c). */
export function stochKernel(
  high: Series,
  low: Series,
  close: Series,
  fastKPeriod: number,
  slowKPeriod: number,
  slowKMaType: number,
  slowDPeriod: number,
  slowDMaType: number,
): [Float64Array, Float64Array] {
  const kStart = fastKPeriod - 1;
  const fastK = fastKLine(high, low, close, fastKPeriod, 0);
  const slowK = maKernel(fastK, slowKPeriod, slowKMaType, kStart);
  const slowKStart = kStart + maLookback(slowKPeriod, slowKMaType);
  const slowD = maKernel(slowK, slowDPeriod, slowDMaType, slowKStart);
  const outputStart = slowKStart + maLookback(slowDPeriod, slowDMaType);
  for (let i = 0; i < Math.min(outputStart, slowK.length); i++) slowK[i] = Number.NaN;
  return [slowK, slowD];
}

/** Fast stochastic %K/%D (Lane; TA-Lib ta_STOCHF.c). */
export function stochFKernel(
  high: Series,
  low: Series,
  close: Series,
  fastKPeriod: number,
  fastDPeriod: number,
  fastDMaType: number,
  begin = 0,
): [Float64Array, Float64Array] {
  const kStart = begin + fastKPeriod - 1;
  const fastK = fastKLine(high, low, close, fastKPeriod, begin);
  const fastD = maKernel(fastK, fastDPeriod, fastDMaType, kStart);
  const outputStart = kStart + maLookback(fastDPeriod, fastDMaType);
  for (let i = 0; i < Math.min(outputStart, fastK.length); i++) fastK[i] = Number.NaN;
  return [fastK, fastD];
}

/** Stochastic RSI: STOCHF applied to RSI (Chande & Kroll 1994; TA-Lib ta_STOCHRSI.c). */
export function stochRsiKernel(
  x: Series,
  period: number,
  fastKPeriod: number,
  fastDPeriod: number,
  fastDMaType: number,
): [Float64Array, Float64Array] {
  const rsi = rsiKernel(x, period);
  return stochFKernel(rsi, rsi, rsi, fastKPeriod, fastDPeriod, fastDMaType, period);
}

import type { Series } from './core/types.ts';
import { emaKernel, smaKernel, wmaKernel } from './overlap/moving-averages.ts';
import { bbandsKernel } from './overlap/bbands.ts';
import { rsiKernel } from './momentum/rsi.ts';
import { macdKernel } from './momentum/macd.ts';
import { stochKernel } from './momentum/stochastic.ts';
import { changeKernel } from './momentum/rate-of-change.ts';
import { cciKernel, mfiKernel, willrKernel } from './momentum/oscillators.ts';
import { directionalKernel } from './momentum/directional.ts';
import { atrKernel } from './volatility/true-range.ts';
import { obvKernel } from './volume/volume.ts';
import { stddevKernel } from './statistic/variance.ts';

// Idiomatic wrappers over the same kernels as runIndicator: positional series, everyday defaults
// (RSI 14, BBANDS 20/2, MACD 12/26/9), Float64Array aligned to the input with NaN before the lookback.

export type Bands = { upper: Float64Array; middle: Float64Array; lower: Float64Array };
export type MacdResult = { macd: Float64Array; signal: Float64Array; histogram: Float64Array };
export type StochResult = { k: Float64Array; d: Float64Array };

function assertPeriod(name: string, value: number, min = 1): void {
  if (!Number.isInteger(value) || value < min)
    throw new RangeError(`${name}: period must be an integer >= ${min}, got ${value}`);
}

/** Simple moving average (TA-Lib ta_SMA.c). */
export function sma(values: Series, period: number): Float64Array {
  assertPeriod('sma', period);
  return smaKernel(values, period);
}

/** Exponential moving average seeded with an SMA, k = 2/(n+1) (TA-Lib ta_EMA.c). */
export function ema(values: Series, period: number): Float64Array {
  assertPeriod('ema', period);
  return emaKernel(values, period);
}

/** Linearly weighted moving average (TA-Lib ta_WMA.c). */
export function wma(values: Series, period: number): Float64Array {
  assertPeriod('wma', period);
  return wmaKernel(values, period);
}

/** Wilder's RSI (Wilder 1978; TA-Lib ta_RSI.c). */
export function rsi(close: Series, period = 14): Float64Array {
  assertPeriod('rsi', period);
  return rsiKernel(close, period);
}

/** MACD line, signal and histogram with TA-Lib's seeding (Appel 1979; TA-Lib ta_MACD.c). */
export function macd(
  close: Series,
  options: { fast?: number; slow?: number; signal?: number } = {},
): MacdResult {
  const { fast = 12, slow = 26, signal = 9 } = options;
  assertPeriod('macd', fast, 2);
  assertPeriod('macd', slow, 2);
  assertPeriod('macd', signal);
  const [line, signalLine, histogram] = macdKernel(close, fast, slow, signal);
  return { macd: line, signal: signalLine, histogram };
}

/** Bollinger Bands, SMA ± k·population σ by default (Bollinger 2001; TA-Lib ta_BBANDS.c). */
export function bbands(
  close: Series,
  options: { period?: number; stdDev?: number; stdDevUp?: number; stdDevDown?: number; maType?: number } = {},
): Bands {
  const { period = 20, stdDev = 2, maType = 0 } = options;
  assertPeriod('bbands', period, 2);
  const [upper, middle, lower] = bbandsKernel(
    close,
    period,
    options.stdDevUp ?? stdDev,
    options.stdDevDown ?? stdDev,
    maType,
  );
  return { upper, middle, lower };
}

/** Average true range (Wilder 1978; TA-Lib ta_ATR.c). */
export function atr(high: Series, low: Series, close: Series, period = 14): Float64Array {
  assertPeriod('atr', period);
  return atrKernel(high, low, close, period);
}

/** Average directional index (Wilder 1978; TA-Lib ta_ADX.c). */
export function adx(high: Series, low: Series, close: Series, period = 14): Float64Array {
  assertPeriod('adx', period, 2);
  return directionalKernel(high, low, close, period).adx;
}

/** +DI (Wilder 1978; TA-Lib ta_PLUS_DI.c). */
export function plusDi(high: Series, low: Series, close: Series, period = 14): Float64Array {
  assertPeriod('plusDi', period, 2);
  return directionalKernel(high, low, close, period).plusDi;
}

/** -DI (Wilder 1978; TA-Lib ta_MINUS_DI.c). */
export function minusDi(high: Series, low: Series, close: Series, period = 14): Float64Array {
  assertPeriod('minusDi', period, 2);
  return directionalKernel(high, low, close, period).minusDi;
}

/** On-balance volume (Granville 1963; TA-Lib ta_OBV.c). */
export function obv(close: Series, volume: Series): Float64Array {
  return obvKernel(close, volume);
}

/** Population standard deviation × nbDev (TA-Lib ta_STDDEV.c). */
export function stddev(values: Series, period = 20, nbDev = 1): Float64Array {
  assertPeriod('stddev', period, 2);
  return stddevKernel(values, period, nbDev);
}

/** Slow stochastic %K/%D with SMA smoothing (Lane; TA-Lib ta_STOCH.c). */
export function stoch(
  high: Series,
  low: Series,
  close: Series,
  options: { kPeriod?: number; kSmoothing?: number; dPeriod?: number } = {},
): StochResult {
  const { kPeriod = 14, kSmoothing = 3, dPeriod = 3 } = options;
  assertPeriod('stoch', kPeriod);
  const [k, d] = stochKernel(high, low, close, kPeriod, kSmoothing, 0, dPeriod, 0);
  return { k, d };
}

/** Money flow index (Quong & Soudack 1989; TA-Lib ta_MFI.c). */
export function mfi(high: Series, low: Series, close: Series, volume: Series, period = 14): Float64Array {
  assertPeriod('mfi', period, 2);
  return mfiKernel(high, low, close, volume, period);
}

/** Commodity channel index (Lambert 1980; TA-Lib ta_CCI.c). */
export function cci(high: Series, low: Series, close: Series, period = 20): Float64Array {
  assertPeriod('cci', period, 2);
  return cciKernel(high, low, close, period);
}

/** Williams %R (Williams 1973; TA-Lib ta_WILLR.c). */
export function willr(high: Series, low: Series, close: Series, period = 14): Float64Array {
  assertPeriod('willr', period, 2);
  return willrKernel(high, low, close, period);
}

/** Rate of change in percent, ((x/x[n]) - 1)·100 (TA-Lib ta_ROC.c). */
export function roc(values: Series, period = 10): Float64Array {
  assertPeriod('roc', period);
  return changeKernel(values, period, 'ROC');
}

/** Momentum x - x[n] (TA-Lib ta_MOM.c). */
export function mom(values: Series, period = 10): Float64Array {
  assertPeriod('mom', period);
  return changeKernel(values, period, 'MOM');
}

import type { Series } from '../core/types.ts';
import { nanArray } from '../core/numeric.ts';

/** Chaikin Accumulation/Distribution line, skipping bars with H = L (Chaikin; TA-Lib ta_AD.c). */
export function adKernel(high: Series, low: Series, close: Series, volume: Series): Float64Array {
  const out = new Float64Array(close.length);
  let ad = 0;
  for (let i = 0; i < close.length; i++) {
    const range = high[i] - low[i];
    if (range > 0) ad += ((close[i] - low[i] - (high[i] - close[i])) / range) * volume[i];
    out[i] = ad;
  }
  return out;
}

/** Chaikin A/D oscillator: EMA(fast) - EMA(slow) of A/D, both seeded with the first A/D value (TA-Lib ta_ADOSC.c). */
export function adoscKernel(
  high: Series,
  low: Series,
  close: Series,
  volume: Series,
  fastPeriod: number,
  slowPeriod: number,
): Float64Array {
  const length = close.length;
  const out = nanArray(length);
  const lookback = Math.max(fastPeriod, slowPeriod) - 1;
  if (lookback >= length) return out;
  const fastK = 2 / (fastPeriod + 1);
  const slowK = 2 / (slowPeriod + 1);
  let ad = 0;
  let fastEma = 0;
  let slowEma = 0;
  for (let i = 0; i < length; i++) {
    const range = high[i] - low[i];
    if (range > 0) ad += ((close[i] - low[i] - (high[i] - close[i])) / range) * volume[i];
    if (i === 0) {
      fastEma = ad;
      slowEma = ad;
    } else {
      fastEma = fastK * ad + (1 - fastK) * fastEma;
      slowEma = slowK * ad + (1 - slowK) * slowEma;
    }
    if (i >= lookback) out[i] = fastEma - slowEma;
  }
  return out;
}

/** On-Balance Volume starting at the first bar's volume (Granville 1963; TA-Lib ta_OBV.c). */
export function obvKernel(close: Series, volume: Series): Float64Array {
  const out = new Float64Array(close.length);
  if (close.length === 0) return out;
  let obv = volume[0];
  let previous = close[0];
  for (let i = 0; i < close.length; i++) {
    const value = close[i];
    if (value > previous) obv += volume[i];
    else if (value < previous) obv -= volume[i];
    out[i] = obv;
    previous = value;
  }
  return out;
}

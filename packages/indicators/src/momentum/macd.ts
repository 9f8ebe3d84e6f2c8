import type { Series } from '../core/types.ts';
import { isZero, nanArray } from '../core/numeric.ts';
import { emaKernel } from '../overlap/moving-averages.ts';
import { maKernel, maLookback } from '../overlap/ma.ts';

type MacdLines = [Float64Array, Float64Array, Float64Array];

function combine(
  fast: Float64Array,
  slow: Float64Array,
  lineStart: number,
  signalPeriod: number,
  signalMaType: number,
  signalK?: number,
): MacdLines {
  const length = fast.length;
  const line = nanArray(length);
  for (let i = lineStart; i < length; i++) line[i] = fast[i] - slow[i];
  const signal =
    signalK === undefined
      ? maKernel(line, signalPeriod, signalMaType, lineStart)
      : emaKernel(line, signalPeriod, lineStart, signalK);
  const histogram = nanArray(length);
  // TA-Lib outputs every line from the signal's first value, the MACD line included.
  const outputStart = lineStart + maLookback(signalPeriod, signalMaType);
  for (let i = lineStart; i < Math.min(outputStart, length); i++) line[i] = Number.NaN;
  for (let i = outputStart; i < length; i++) histogram[i] = line[i] - signal[i];
  return [line, signal, histogram];
}

/** MACD (Appel 1979) with TA-Lib's seeding: both EMAs start at bar slow-1 (TA-Lib TA_INT_MACD, ta_MACD.c). */
export function macdKernel(
  x: Series,
  fastPeriod: number,
  slowPeriod: number,
  signalPeriod: number,
): MacdLines {
  let fast = fastPeriod;
  let slow = slowPeriod;
  if (slow < fast) [fast, slow] = [slow, fast];
  // MACDFIX passes 0/0 and TA-Lib substitutes the fixed 0.15 and 0.075 factors of 12/26.
  let slowK = 2 / (slow + 1);
  let fastK = 2 / (fast + 1);
  if (slow === 0) {
    slow = 26;
    slowK = 0.075;
  }
  if (fast === 0) {
    fast = 12;
    fastK = 0.15;
  }
  return fusedMacd(x, fast, slow, signalPeriod, fastK, slowK);
}

/** One pass over the data with the exact operations of three TA_INT_EMA calls (slow, fast, signal). */
function fusedMacd(
  x: Series,
  fast: number,
  slow: number,
  signalPeriod: number,
  fastK: number,
  slowK: number,
): MacdLines {
  const length = x.length;
  const line = nanArray(length);
  const signal = nanArray(length);
  const histogram = nanArray(length);
  const lineStart = slow - 1;
  const outputStart = lineStart + signalPeriod - 1;
  if (outputStart >= length) return [line, signal, histogram];
  const signalK = 2 / (signalPeriod + 1);
  let slowSum = 0;
  let fastSum = 0;
  for (let i = 0; i <= lineStart; i++) {
    slowSum += x[i];
    // The fast EMA is seeded on x[slow-fast..slow-1], not on the first `fast` bars.
    if (i >= slow - fast) fastSum += x[i];
  }
  let slowEma = slowSum / slow;
  let fastEma = fastSum / fast;
  let signalSum = fastEma - slowEma;
  for (let i = lineStart + 1; i <= outputStart; i++) {
    const value = x[i];
    slowEma = (value - slowEma) * slowK + slowEma;
    fastEma = (value - fastEma) * fastK + fastEma;
    signalSum += fastEma - slowEma;
  }
  let signalEma = signalSum / signalPeriod;
  let macdLine = fastEma - slowEma;
  line[outputStart] = macdLine;
  signal[outputStart] = signalEma;
  histogram[outputStart] = macdLine - signalEma;
  for (let i = outputStart + 1; i < length; i++) {
    const value = x[i];
    slowEma = (value - slowEma) * slowK + slowEma;
    fastEma = (value - fastEma) * fastK + fastEma;
    macdLine = fastEma - slowEma;
    signalEma = (macdLine - signalEma) * signalK + signalEma;
    line[i] = macdLine;
    signal[i] = signalEma;
    histogram[i] = macdLine - signalEma;
  }
  return [line, signal, histogram];
}

/** MACD lookback: (slow-1) + (signal-1). */
export function macdLookback(fastPeriod: number, slowPeriod: number, signalPeriod: number): number {
  return Math.max(fastPeriod, slowPeriod) - 1 + signalPeriod - 1;
}

/** MACD with a choice of MA type per line (TA-Lib ta_MACDEXT.c). */
export function macdExtKernel(
  x: Series,
  fastPeriod: number,
  fastMaType: number,
  slowPeriod: number,
  slowMaType: number,
  signalPeriod: number,
  signalMaType: number,
): MacdLines {
  let fast = fastPeriod;
  let slow = slowPeriod;
  let fastType = fastMaType;
  let slowType = slowMaType;
  if (slow < fast) {
    [fast, slow] = [slow, fast];
    [fastType, slowType] = [slowType, fastType];
  }
  const fastLookback = maLookback(fast, fastType);
  const slowLookback = maLookback(slow, slowType);
  const lineStart = Math.max(fastLookback, slowLookback);
  // Both MAs are computed from bar lineStart as TA_MA(startIdx=lineStart) would seed them.
  const fastMa = maKernel(x, fast, fastType, lineStart - fastLookback);
  const slowMa = maKernel(x, slow, slowType, lineStart - slowLookback);
  return combine(fastMa, slowMa, lineStart, signalPeriod, signalMaType);
}

/** MACDEXT lookback. */
export function macdExtLookback(
  fast: number,
  fastType: number,
  slow: number,
  slowType: number,
  signal: number,
  signalType: number,
): number {
  return Math.max(maLookback(fast, fastType), maLookback(slow, slowType)) + maLookback(signal, signalType);
}

/** Absolute (APO) or percentage (PPO) price oscillator, independently seeded MAs (TA-Lib TA_INT_PO, ta_APO.c/ta_PPO.c). */
export function priceOscillatorKernel(
  x: Series,
  fastPeriod: number,
  slowPeriod: number,
  maType: number,
  isPercentage: boolean,
): Float64Array {
  let fast = fastPeriod;
  let slow = slowPeriod;
  if (slow < fast) [fast, slow] = [slow, fast];
  const fastMa = maKernel(x, fast, maType);
  const slowMa = maKernel(x, slow, maType);
  const out = nanArray(x.length);
  for (let i = maLookback(slow, maType); i < x.length; i++) {
    const slowValue = slowMa[i];
    if (isPercentage) out[i] = isZero(slowValue) ? 0 : ((fastMa[i] - slowValue) / slowValue) * 100;
    else out[i] = fastMa[i] - slowValue;
  }
  return out;
}

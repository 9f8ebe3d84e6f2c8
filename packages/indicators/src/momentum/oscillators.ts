import type { Series } from '../core/types.ts';
import { isZero, isZeroOrNegative, nanArray } from '../core/numeric.ts';
import { maxKernel, minKernel } from '../math/window-extremes.ts';
import { emaKernel } from '../overlap/moving-averages.ts';
import { changeKernel } from './rate-of-change.ts';

/** Commodity Channel Index, 0.015 constant (Lambert, Commodities Magazine 1980; TA-Lib ta_CCI.c). */
export function cciKernel(high: Series, low: Series, close: Series, period: number): Float64Array {
  const length = close.length;
  const out = nanArray(length);
  if (period - 1 >= length) return out;
  const typical = new Float64Array(length);
  for (let i = 0; i < length; i++) typical[i] = (high[i] + low[i] + close[i]) / 3;
  for (let today = period - 1; today < length; today++) {
    let average = 0;
    for (let j = today - period + 1; j <= today; j++) average += typical[j];
    average /= period;
    let deviation = 0;
    for (let j = today - period + 1; j <= today; j++) deviation += Math.abs(typical[j] - average);
    const distance = typical[today] - average;
    out[today] = distance !== 0 && deviation !== 0 ? distance / (0.015 * (deviation / period)) : 0;
  }
  return out;
}

/** Williams %R = -100·(HH - C)/(HH - LL), 0 on a flat window (Williams 1973; TA-Lib ta_WILLR.c). */
export function willrKernel(high: Series, low: Series, close: Series, period: number): Float64Array {
  const highest = maxKernel(high, period).value;
  const lowest = minKernel(low, period).value;
  const out = nanArray(close.length);
  for (let i = period - 1; i < close.length; i++) {
    const diff = (highest[i] - lowest[i]) / -100;
    out[i] = diff !== 0 ? (highest[i] - close[i]) / diff : 0;
  }
  return out;
}

/** Aroon down/up over `period`+1 bars, the latest extreme winning ties (Chande 1995; TA-Lib ta_AROON.c). */
export function aroonKernel(
  high: Series,
  low: Series,
  period: number,
): [Float64Array, Float64Array, Float64Array] {
  const length = high.length;
  const down = nanArray(length);
  const up = nanArray(length);
  const oscillator = nanArray(length);
  const factor = 100 / period;
  let lowestIndex = -1;
  let highestIndex = -1;
  let lowest = 0;
  let highest = 0;
  for (let today = period, trailing = 0; today < length; today++, trailing++) {
    const currentLow = low[today];
    if (lowestIndex < trailing) {
      lowestIndex = trailing;
      lowest = low[trailing];
      for (let i = trailing + 1; i <= today; i++) {
        if (low[i] <= lowest) {
          lowestIndex = i;
          lowest = low[i];
        }
      }
    } else if (currentLow <= lowest) {
      lowestIndex = today;
      lowest = currentLow;
    }
    const currentHigh = high[today];
    if (highestIndex < trailing) {
      highestIndex = trailing;
      highest = high[trailing];
      for (let i = trailing + 1; i <= today; i++) {
        if (high[i] >= highest) {
          highestIndex = i;
          highest = high[i];
        }
      }
    } else if (currentHigh >= highest) {
      highestIndex = today;
      highest = currentHigh;
    }
    up[today] = factor * (period - (today - highestIndex));
    down[today] = factor * (period - (today - lowestIndex));
    oscillator[today] = factor * (highestIndex - lowestIndex);
  }
  return [down, up, oscillator];
}

/** Balance of Power = (C - O)/(H - L) (Livshin, TASC Aug 2001; TA-Lib ta_BOP.c). */
export function bopKernel(open: Series, high: Series, low: Series, close: Series): Float64Array {
  const out = new Float64Array(close.length);
  for (let i = 0; i < close.length; i++) {
    const range = high[i] - low[i];
    out[i] = isZeroOrNegative(range) ? 0 : (close[i] - open[i]) / range;
  }
  return out;
}

/** Money Flow Index over typical price × volume (Quong & Soudack, TASC 1989; TA-Lib ta_MFI.c). */
export function mfiKernel(
  high: Series,
  low: Series,
  close: Series,
  volume: Series,
  period: number,
): Float64Array {
  const length = close.length;
  const out = nanArray(length);
  if (period >= length) return out;
  const positive = new Float64Array(period);
  const negative = new Float64Array(period);
  let positiveSum = 0;
  let negativeSum = 0;
  let slot = 0;
  let prevValue = (high[0] + low[0] + close[0]) / 3;
  for (let today = 1; today < length; today++) {
    if (today > period) {
      positiveSum -= positive[slot];
      negativeSum -= negative[slot];
    }
    const typical = (high[today] + low[today] + close[today]) / 3;
    const change = typical - prevValue;
    prevValue = typical;
    const flow = typical * volume[today];
    positive[slot] = 0;
    negative[slot] = 0;
    if (change < 0) {
      negative[slot] = flow;
      negativeSum += flow;
    } else if (change > 0) {
      positive[slot] = flow;
      positiveSum += flow;
    }
    if (++slot === period) slot = 0;
    if (today >= period) {
      const total = positiveSum + negativeSum;
      // TA-Lib treats a total money flow below 1 as no flow.
      out[today] = total < 1 ? 0 : 100 * (positiveSum / total);
    }
  }
  return out;
}

/** TRIX: 1-bar rate of change of a triple EMA, in percent (Hutson, TASC 1983; TA-Lib ta_TRIX.c). */
export function trixKernel(x: Series, period: number): Float64Array {
  const first = emaKernel(x, period, 0);
  const second = emaKernel(first, period, period - 1);
  const third = emaKernel(second, period, 2 * (period - 1));
  const out = nanArray(x.length);
  const shifted = changeKernel(third.subarray(3 * (period - 1)), 1, 'ROC');
  out.set(shifted, Math.min(x.length, 3 * (period - 1)));
  return out;
}

/** Ultimate Oscillator with 4/2/1 weights (Williams, TASC 1985; TA-Lib ta_ULTOSC.c). */
export function ultoscKernel(
  high: Series,
  low: Series,
  close: Series,
  period1: number,
  period2: number,
  period3: number,
): Float64Array {
  const [shortest, middle, longest] = [period1, period2, period3].sort((a, b) => a - b);
  const length = close.length;
  const out = nanArray(length);
  if (longest >= length) return out;
  const buyingPressure = new Float64Array(length);
  const trueRange = new Float64Array(length);
  for (let day = 1; day < length; day++) {
    const previousClose = close[day - 1];
    const trueLow = Math.min(low[day], previousClose);
    buyingPressure[day] = close[day] - trueLow;
    let range = high[day] - low[day];
    const highGap = Math.abs(previousClose - high[day]);
    if (highGap > range) range = highGap;
    const lowGap = Math.abs(previousClose - low[day]);
    if (lowGap > range) range = lowGap;
    trueRange[day] = range;
  }
  const start = longest;
  let a1 = 0;
  let b1 = 0;
  let a2 = 0;
  let b2 = 0;
  let a3 = 0;
  let b3 = 0;
  for (let i = start - shortest + 1; i < start; i++) {
    a1 += buyingPressure[i];
    b1 += trueRange[i];
  }
  for (let i = start - middle + 1; i < start; i++) {
    a2 += buyingPressure[i];
    b2 += trueRange[i];
  }
  for (let i = start - longest + 1; i < start; i++) {
    a3 += buyingPressure[i];
    b3 += trueRange[i];
  }
  for (let today = start; today < length; today++) {
    a1 += buyingPressure[today];
    a2 += buyingPressure[today];
    a3 += buyingPressure[today];
    b1 += trueRange[today];
    b2 += trueRange[today];
    b3 += trueRange[today];
    let output = 0;
    if (!isZero(b1)) output += 4 * (a1 / b1);
    if (!isZero(b2)) output += 2 * (a2 / b2);
    if (!isZero(b3)) output += a3 / b3;
    const t1 = today - shortest + 1;
    const t2 = today - middle + 1;
    const t3 = today - longest + 1;
    a1 -= buyingPressure[t1];
    b1 -= trueRange[t1];
    a2 -= buyingPressure[t2];
    b2 -= trueRange[t2];
    a3 -= buyingPressure[t3];
    b3 -= trueRange[t3];
    out[today] = 100 * (output / 7);
  }
  return out;
}

/**
 * Intraday Momentum Index: 100·Σup/(Σup+Σdown) of the close-open moves over the window (Chande, The New
 * Technical Trader 1994; TA-Lib 0.6 ta_IMI.c). NaN when every bar of the window is flat (0/0), as TA-Lib.
 */
export function imiKernel(open: Series, close: Series, period: number): Float64Array {
  const length = close.length;
  const out = nanArray(length);
  for (let today = period - 1; today < length; today++) {
    // TA-Lib re-sums the window on every bar; a running sum would drift from its last bits.
    let up = 0;
    let down = 0;
    for (let i = today - period + 1; i <= today; i++) {
      if (close[i] > open[i]) up += close[i] - open[i];
      else down += open[i] - close[i];
    }
    out[today] = 100 * (up / (up + down));
  }
  return out;
}

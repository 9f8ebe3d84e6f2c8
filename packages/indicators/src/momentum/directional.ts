import type { Series } from '../core/types.ts';
import { isZero, nanArray } from '../core/numeric.ts';
import { trueRangeAt } from '../volatility/true-range.ts';

// Wilder's directional movement system as TA-Lib codes it (ta_PLUS_DM.c, ta_PLUS_DI.c, ta_DX.c, ta_ADX.c):
// sums seeded with the n-1 values of bars 1..n-1, then s = s - s/n + value; TA-Lib's round_pos is identity.

export type DirectionalLines = {
  plusDm: Float64Array;
  minusDm: Float64Array;
  plusDi: Float64Array;
  minusDi: Float64Array;
  dx: Float64Array;
  adx: Float64Array;
};

/** +DM/-DM of one bar: the larger move wins, ties give 0/0. */
function directionalMove(high: Series, low: Series, i: number): [number, number] {
  const up = high[i] - high[i - 1];
  const down = low[i - 1] - low[i];
  if (down > 0 && up < down) return [0, down];
  if (up > 0 && up > down) return [up, 0];
  return [0, 0];
}

/** Smoothed +DM and -DM (Wilder 1978; TA-Lib ta_PLUS_DM.c / ta_MINUS_DM.c). */
export function directionalMovementKernel(
  high: Series,
  low: Series,
  period: number,
): [Float64Array, Float64Array] {
  const length = high.length;
  const plus = nanArray(length);
  const minus = nanArray(length);
  if (period <= 1) {
    for (let i = 1; i < length; i++) [plus[i], minus[i]] = directionalMove(high, low, i);
    return [plus, minus];
  }
  if (period - 1 >= length) return [plus, minus];
  let plusSum = 0;
  let minusSum = 0;
  for (let i = 1; i < period; i++) {
    const [p, m] = directionalMove(high, low, i);
    plusSum += p;
    minusSum += m;
  }
  plus[period - 1] = plusSum;
  minus[period - 1] = minusSum;
  for (let i = period; i < length; i++) {
    const [p, m] = directionalMove(high, low, i);
    plusSum = plusSum - plusSum / period + p;
    minusSum = minusSum - minusSum / period + m;
    plus[i] = plusSum;
    minus[i] = minusSum;
  }
  return [plus, minus];
}

/** +DI, -DI, DX and ADX in one pass (Wilder 1978; TA-Lib ta_PLUS_DI.c, ta_MINUS_DI.c, ta_DX.c, ta_ADX.c). */
export function directionalKernel(
  high: Series,
  low: Series,
  close: Series,
  period: number,
): Omit<DirectionalLines, 'plusDm' | 'minusDm'> {
  const length = close.length;
  const plusDi = nanArray(length);
  const minusDi = nanArray(length);
  const dx = nanArray(length);
  const adx = nanArray(length);
  if (period >= length) return { plusDi, minusDi, dx, adx };
  let plusSum = 0;
  let minusSum = 0;
  let trSum = 0;
  for (let i = 1; i < period; i++) {
    const [p, m] = directionalMove(high, low, i);
    plusSum += p;
    minusSum += m;
    trSum += trueRangeAt(high[i], low[i], close[i - 1]);
  }
  let previousDx = 0;
  let adxValue = 0;
  let dxSum = 0;
  const adxStart = 2 * period - 1;
  for (let i = period; i < length; i++) {
    const [p, m] = directionalMove(high, low, i);
    plusSum = plusSum - plusSum / period + p;
    minusSum = minusSum - minusSum / period + m;
    trSum = trSum - trSum / period + trueRangeAt(high[i], low[i], close[i - 1]);
    let hasDx = false;
    let dxValue = previousDx;
    if (!isZero(trSum)) {
      const minus = 100 * (minusSum / trSum);
      const plus = 100 * (plusSum / trSum);
      minusDi[i] = minus;
      plusDi[i] = plus;
      const total = minus + plus;
      if (!isZero(total)) {
        dxValue = 100 * (Math.abs(minus - plus) / total);
        hasDx = true;
      }
    } else {
      minusDi[i] = 0;
      plusDi[i] = 0;
    }
    // DX repeats its previous value when undefined; ADX skips such bars (TA-Lib).
    dx[i] = dxValue;
    previousDx = dxValue;
    if (i < adxStart) {
      if (hasDx) dxSum += dxValue;
    } else if (i === adxStart) {
      if (hasDx) dxSum += dxValue;
      adxValue = dxSum / period;
      adx[i] = adxValue;
    } else {
      if (hasDx) adxValue = (adxValue * (period - 1) + dxValue) / period;
      adx[i] = adxValue;
    }
  }
  return { plusDi, minusDi, dx, adx };
}

/** ADXR = (ADX + ADX n-1 bars ago)/2 (Wilder 1978; TA-Lib ta_ADXR.c). */
export function adxrKernel(high: Series, low: Series, close: Series, period: number): Float64Array {
  const { adx } = directionalKernel(high, low, close, period);
  const out = nanArray(close.length);
  for (let i = 3 * period - 2; i < close.length; i++) out[i] = (adx[i] + adx[i - (period - 1)]) / 2;
  return out;
}

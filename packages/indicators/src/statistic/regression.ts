import type { Series } from '../core/types.ts';
import { isZero, isZeroOrNegative, nanArray } from '../core/numeric.ts';

export type RegressionOutput =
  'LINEARREG' | 'LINEARREG_SLOPE' | 'LINEARREG_INTERCEPT' | 'LINEARREG_ANGLE' | 'TSF';

/** Least-squares line over the last `period` bars, x = 0 for the oldest bar (TA-Lib ta_LINEARREG*.c, ta_TSF.c). */
export function linearRegressionKernel(x: Series, period: number, output: RegressionOutput): Float64Array {
  const length = x.length;
  const out = nanArray(length);
  const sumX = period * (period - 1) * 0.5;
  const sumXSquared = (period * (period - 1) * (2 * period - 1)) / 6;
  const divisor = sumX * sumX - period * sumXSquared;
  for (let today = period - 1; today < length; today++) {
    let sumXY = 0;
    let sumY = 0;
    // TA-Lib weights bars by their distance back in time, then corrects the sign through the divisor.
    for (let i = period; i-- !== 0;) {
      const value = x[today - i];
      sumY += value;
      sumXY += i * value;
    }
    const slope = (period * sumXY - sumX * sumY) / divisor;
    const intercept = (sumY - slope * sumX) / period;
    switch (output) {
      case 'LINEARREG':
        out[today] = intercept + slope * (period - 1);
        break;
      case 'LINEARREG_SLOPE':
        out[today] = slope;
        break;
      case 'LINEARREG_INTERCEPT':
        out[today] = intercept;
        break;
      case 'LINEARREG_ANGLE':
        out[today] =
          Math.atan(slope) *
          (180 / Math.PI); /* TA-Lib writes 3.14159265358979323846, which is Math.PI as a double */
        break;
      case 'TSF':
        out[today] = intercept + slope * period;
        break;
    }
  }
  return out;
}

/** Pearson correlation over `period` bars from running sums (TA-Lib ta_CORREL.c). */
export function correlKernel(x: Series, y: Series, period: number): Float64Array {
  const length = Math.min(x.length, y.length);
  const out = nanArray(length);
  if (period - 1 >= length) return out;
  let sumX = 0;
  let sumY = 0;
  let sumXY = 0;
  let sumX2 = 0;
  let sumY2 = 0;
  for (let i = 0; i < period - 1; i++) {
    const a = x[i];
    const b = y[i];
    sumX += a;
    sumX2 += a * a;
    sumXY += a * b;
    sumY += b;
    sumY2 += b * b;
  }
  for (let today = period - 1, trailing = 0; today < length; today++, trailing++) {
    const a = x[today];
    const b = y[today];
    sumX += a;
    sumX2 += a * a;
    sumXY += a * b;
    sumY += b;
    sumY2 += b * b;
    const denominator = (sumX2 - (sumX * sumX) / period) * (sumY2 - (sumY * sumY) / period);
    out[today] = isZeroOrNegative(denominator)
      ? 0
      : (sumXY - (sumX * sumY) / period) / Math.sqrt(denominator);
    const oldX = x[trailing];
    const oldY = y[trailing];
    sumX -= oldX;
    sumX2 -= oldX * oldX;
    sumXY -= oldX * oldY;
    sumY -= oldY;
    sumY2 -= oldY * oldY;
  }
  return out;
}

/** Beta of the returns of `x` against the returns of `y` over `period` returns (TA-Lib ta_BETA.c). */
export function betaKernel(x: Series, y: Series, period: number): Float64Array {
  const length = Math.min(x.length, y.length);
  const out = nanArray(length);
  if (period >= length) return out;
  let sxx = 0;
  let sx = 0;
  let sxy = 0;
  let sy = 0;
  let lastX = x[0];
  let lastY = y[0];
  let trailingLastX = lastX;
  let trailingLastY = lastY;
  let trailing = 1;
  let i = 1;
  for (; i < period; i++) {
    const rx = isZero(lastX) ? 0 : (x[i] - lastX) / lastX;
    lastX = x[i];
    const ry = isZero(lastY) ? 0 : (y[i] - lastY) / lastY;
    lastY = y[i];
    sxx += rx * rx;
    sx += rx;
    sxy += rx * ry;
    sy += ry;
  }
  for (; i < length; i++, trailing++) {
    let rx = isZero(lastX) ? 0 : (x[i] - lastX) / lastX;
    lastX = x[i];
    let ry = isZero(lastY) ? 0 : (y[i] - lastY) / lastY;
    lastY = y[i];
    sxx += rx * rx;
    sx += rx;
    sxy += rx * ry;
    sy += ry;
    rx = isZero(trailingLastX) ? 0 : (x[trailing] - trailingLastX) / trailingLastX;
    trailingLastX = x[trailing];
    ry = isZero(trailingLastY) ? 0 : (y[trailing] - trailingLastY) / trailingLastY;
    trailingLastY = y[trailing];
    const denominator = period * sxx - sx * sx;
    out[i] = isZero(denominator) ? 0 : (period * sxy - sx * sy) / denominator;
    sxx -= rx * rx;
    sx -= rx;
    sxy -= rx * ry;
    sy -= ry;
  }
  return out;
}

/** Mean absolute deviation around the SMA (TA-Lib ta_AVGDEV.c). */
export function avgdevKernel(x: Series, period: number): Float64Array {
  const out = nanArray(x.length);
  for (let today = period - 1; today < x.length; today++) {
    let total = 0;
    for (let i = today - period + 1; i <= today; i++) total += x[i];
    const mean = total / period;
    let deviation = 0;
    for (let i = today - period + 1; i <= today; i++) deviation += Math.abs(x[i] - mean);
    out[today] = deviation / period;
  }
  return out;
}

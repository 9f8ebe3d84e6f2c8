import type { Series } from '../core/types.ts';
import { nanArray } from '../core/numeric.ts';

/** Parabolic SAR (Wilder, New Concepts in Technical Trading Systems 1978; TA-Lib ta_SAR.c initial direction and clamps). */
export function sarKernel(high: Series, low: Series, acceleration: number, maximum: number): Float64Array {
  const length = high.length;
  const out = nanArray(length);
  if (length < 2) return out;
  let step = acceleration;
  if (step > maximum) step = maximum;
  const initialStep = step;
  let af = step;
  // TA-Lib starts short when bar 1 has a positive -DM(1), long otherwise.
  const up = high[1] - high[0];
  const down = low[0] - low[1];
  let isLong = !(down > 0 && up < down);
  let ep: number;
  let sar: number;
  if (isLong) {
    ep = high[1];
    sar = low[0];
  } else {
    ep = low[1];
    sar = high[0];
  }
  let newLow = low[1];
  let newHigh = high[1];
  for (let today = 1; today < length; today++) {
    const prevLow = newLow;
    const prevHigh = newHigh;
    newLow = low[today];
    newHigh = high[today];
    if (isLong) {
      if (newLow <= sar) {
        isLong = false;
        sar = ep;
        if (sar < prevHigh) sar = prevHigh;
        if (sar < newHigh) sar = newHigh;
        out[today] = sar;
        af = initialStep;
        ep = newLow;
        sar = sar + af * (ep - sar);
        if (sar < prevHigh) sar = prevHigh;
        if (sar < newHigh) sar = newHigh;
      } else {
        out[today] = sar;
        if (newHigh > ep) {
          ep = newHigh;
          af += initialStep;
          if (af > maximum) af = maximum;
        }
        sar = sar + af * (ep - sar);
        if (sar > prevLow) sar = prevLow;
        if (sar > newLow) sar = newLow;
      }
    } else if (newHigh >= sar) {
      isLong = true;
      sar = ep;
      if (sar > prevLow) sar = prevLow;
      if (sar > newLow) sar = newLow;
      out[today] = sar;
      af = initialStep;
      ep = newHigh;
      sar = sar + af * (ep - sar);
      if (sar > prevLow) sar = prevLow;
      if (sar > newLow) sar = newLow;
    } else {
      out[today] = sar;
      if (newLow < ep) {
        ep = newLow;
        af += initialStep;
        if (af > maximum) af = maximum;
      }
      sar = sar + af * (ep - sar);
      if (sar < prevHigh) sar = prevHigh;
      if (sar < newHigh) sar = newHigh;
    }
  }
  return out;
}

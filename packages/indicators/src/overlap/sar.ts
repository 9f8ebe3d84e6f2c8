import type { Series } from '../core/types.ts';
import { nanArray } from '../core/numeric.ts';

/** SAREXT's settings; SAR is the symmetric case with `startValue` 0 and no offset. */
export type SarExtSettings = {
  /** 0: direction from bar 1's -DM as TA_SAR; > 0 start long at this value; < 0 start short at |value|. */
  startValue: number;
  /** Fraction added to (short) or taken from (long) the SAR on the reversal bar. */
  offsetOnReverse: number;
  accelerationInitLong: number;
  accelerationLong: number;
  accelerationMaxLong: number;
  accelerationInitShort: number;
  accelerationShort: number;
  accelerationMaxShort: number;
};

/** The first position: from `startValue` when given, else short when bar 1 has a positive -DM. */
function startsLong(high: Series, low: Series, startValue: number): boolean {
  if (startValue !== 0) return startValue > 0;
  const up = high[1] - high[0];
  const down = low[0] - low[1];
  return !(down > 0 && up < down);
}

// TA-Lib's clamps as written there: comparisons that leave the SAR unchanged when a bound is NaN
function notAbove(sar: number, first: number, second: number): number {
  if (sar > first) sar = first;
  if (sar > second) sar = second;
  return sar;
}
function notBelow(sar: number, first: number, second: number): number {
  if (sar < first) sar = first;
  if (sar < second) sar = second;
  return sar;
}

/**
 * Parabolic SAR with separate long/short acceleration (TA-Lib ta_SAREXT.c: initial direction from bar 1's -DM, clamps
 * to the previous and current bar's range). `signShort` is -1 for SAREXT, which reports short positions as negative SARs.
 */
function parabolicSar(high: Series, low: Series, settings: SarExtSettings, signShort: 1 | -1): Float64Array {
  const length = high.length;
  const out = nanArray(length);
  if (length < 2) return out;
  const {
    startValue,
    offsetOnReverse,
    accelerationMaxLong: maxLong,
    accelerationMaxShort: maxShort,
  } = settings;
  // TA-Lib lowers an initial or step acceleration above its maximum to that maximum.
  const initLong = Math.min(settings.accelerationInitLong, maxLong);
  const stepLong = Math.min(settings.accelerationLong, maxLong);
  const initShort = Math.min(settings.accelerationInitShort, maxShort);
  const stepShort = Math.min(settings.accelerationShort, maxShort);
  let afLong = initLong;
  let afShort = initShort;
  let isLong = startsLong(high, low, startValue);
  let ep = isLong ? high[1] : low[1];
  let sar = startValue === 0 ? (isLong ? low[0] : high[0]) : Math.abs(startValue);
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
        sar = notBelow(sar, prevHigh, newHigh);
        if (offsetOnReverse !== 0) sar += sar * offsetOnReverse;
        out[today] = signShort * sar;
        afShort = initShort;
        ep = newLow;
        sar = sar + afShort * (ep - sar);
        sar = notBelow(sar, prevHigh, newHigh);
      } else {
        out[today] = sar;
        if (newHigh > ep) {
          ep = newHigh;
          afLong += stepLong;
          if (afLong > maxLong) afLong = maxLong;
        }
        sar = sar + afLong * (ep - sar);
        sar = notAbove(sar, prevLow, newLow);
      }
    } else if (newHigh >= sar) {
      isLong = true;
      sar = ep;
      sar = notAbove(sar, prevLow, newLow);
      if (offsetOnReverse !== 0) sar -= sar * offsetOnReverse;
      out[today] = sar;
      afLong = initLong;
      ep = newHigh;
      sar = sar + afLong * (ep - sar);
      sar = notAbove(sar, prevLow, newLow);
    } else {
      out[today] = signShort * sar;
      if (newLow < ep) {
        ep = newLow;
        afShort += stepShort;
        if (afShort > maxShort) afShort = maxShort;
      }
      sar = sar + afShort * (ep - sar);
      sar = notBelow(sar, prevHigh, newHigh);
    }
  }
  return out;
}

/** Parabolic SAR (Wilder, New Concepts in Technical Trading Systems 1978; TA-Lib ta_SAR.c initial direction and clamps). */
export function sarKernel(high: Series, low: Series, acceleration: number, maximum: number): Float64Array {
  const settings: SarExtSettings = {
    startValue: 0,
    offsetOnReverse: 0,
    accelerationInitLong: acceleration,
    accelerationLong: acceleration,
    accelerationMaxLong: maximum,
    accelerationInitShort: acceleration,
    accelerationShort: acceleration,
    accelerationMaxShort: maximum,
  };
  return parabolicSar(high, low, settings, 1);
}

/** Parabolic SAR - Extended: short positions as negative values (TA-Lib ta_SAREXT.c, after Wilder 1978). */
export function sarExtKernel(high: Series, low: Series, settings: SarExtSettings): Float64Array {
  return parabolicSar(high, low, settings, -1);
}

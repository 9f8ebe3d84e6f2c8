import type { Series } from '../core/types.ts';
import { nanArray } from '../core/numeric.ts';
import { HilbertTransform, RAD_TO_DEG } from './hilbert.ts';
import { htTrendlineKernel } from '../overlap/ht-trendline.ts';

// Ehlers' cycle measurements (Rocket Science for Traders 2001, ch. 7-10) in TA-Lib's arithmetic: the period and
// phasor functions warm the smoother up for 9 bars (lookback 32), the phase-based ones for 34 (lookback 63).

export const HT_DCPERIOD_LOOKBACK = 32;
export const HT_PHASOR_LOOKBACK = 32;
export const HT_PHASE_LOOKBACK = 63;

const DEG_TO_RAD = 1 / RAD_TO_DEG;
const TWO_PI = Math.atan(1) * 8;
// TA-Lib keeps the last 50 smoothed prices; the dominant cycle never exceeds 50 bars.
const SMOOTH_PRICE_BUFFER = 50;

/** Hilbert transform dominant cycle period (Ehlers 2001; TA-Lib ta_HT_DCPERIOD.c). */
export function htDcPeriodKernel(x: Series): Float64Array {
  const length = x.length;
  const out = nanArray(length);
  if (HT_DCPERIOD_LOOKBACK >= length) return out;
  const hilbert = new HilbertTransform(x, 0, 9);
  let smoothPeriod = 0;
  for (let today = hilbert.nextIndex; today < length; today++) {
    hilbert.step(today);
    hilbert.updatePeriod();
    smoothPeriod = 0.33 * hilbert.period + 0.67 * smoothPeriod;
    if (today >= HT_DCPERIOD_LOOKBACK) out[today] = smoothPeriod;
  }
  return out;
}

/** Hilbert transform phasor components: in-phase I1 and quadrature Q1 (Ehlers 2001; TA-Lib ta_HT_PHASOR.c). */
export function htPhasorKernel(x: Series): [Float64Array, Float64Array] {
  const length = x.length;
  const inPhase = nanArray(length);
  const quadrature = nanArray(length);
  if (HT_PHASOR_LOOKBACK >= length) return [inPhase, quadrature];
  const hilbert = new HilbertTransform(x, 0, 9);
  for (let today = hilbert.nextIndex; today < length; today++) {
    hilbert.step(today);
    if (today >= HT_PHASOR_LOOKBACK) {
      inPhase[today] = hilbert.i1;
      quadrature[today] = hilbert.q1;
    }
    hilbert.updatePeriod();
  }
  return [inPhase, quadrature];
}

export type DominantCyclePhase = {
  phase: Float64Array;
  sine: Float64Array;
  leadSine: Float64Array;
  trendMode: Float64Array;
};

/**
 * Dominant cycle phase, its sine wave and lead sine, and the trend-vs-cycle mode (Ehlers 2001 ch. 9-10;
 * TA-Lib ta_HT_DCPHASE.c, ta_HT_SINE.c, ta_HT_TRENDMODE.c share this loop bar for bar).
 */
export function htDominantCyclePhase(x: Series): DominantCyclePhase {
  const length = x.length;
  const result = {
    phase: nanArray(length),
    sine: nanArray(length),
    leadSine: nanArray(length),
    trendMode: nanArray(length),
  };
  if (HT_PHASE_LOOKBACK >= length) return result;
  const hilbert = new HilbertTransform(x, 0, 34);
  const trendline = htTrendlineKernel(x);
  const first = hilbert.nextIndex;
  const smoothed = new Float64Array(length);
  let smoothPeriod = 0;
  let phase = 0;
  let sine = 0;
  let leadSine = 0;
  let daysInTrend = 0;
  for (let today = first; today < length; today++) {
    hilbert.step(today);
    smoothed[today] = hilbert.smoothedValue;
    hilbert.updatePeriod();
    smoothPeriod = 0.33 * hilbert.period + 0.67 * smoothPeriod;
    const prevPhase = phase;
    const dcPeriod = Math.trunc(smoothPeriod + 0.5);
    let realPart = 0;
    let imagPart = 0;
    // Smoothed prices before the loop's first bar are TA-Lib's zero-initialised buffer slots.
    for (let i = 0; i < dcPeriod && i < SMOOTH_PRICE_BUFFER; i++) {
      const angle = (i * TWO_PI) / dcPeriod;
      const value = today - i >= first ? smoothed[today - i] : 0;
      realPart += Math.sin(angle) * value;
      imagPart += Math.cos(angle) * value;
    }
    const magnitude = Math.abs(imagPart);
    if (magnitude > 0) phase = Math.atan(realPart / imagPart) * RAD_TO_DEG;
    else if (magnitude <= 0.01) {
      if (realPart < 0) phase -= 90;
      else if (realPart > 0) phase += 90;
    }
    phase += 90;
    // Compensates the one-bar lag of the WMA smoother.
    phase += 360 / smoothPeriod;
    if (imagPart < 0) phase += 180;
    if (phase > 315) phase -= 360;
    const prevSine = sine;
    const prevLeadSine = leadSine;
    sine = Math.sin(phase * DEG_TO_RAD);
    leadSine = Math.sin((phase + 45) * DEG_TO_RAD);

    // Trend unless the sine lines just crossed, the cycle is younger than half a period or the phase advances
    // at the cycle's rate; a price 1.5% away from the trendline is a trend regardless.
    let trend = 1;
    if ((sine > leadSine && prevSine <= prevLeadSine) || (sine < leadSine && prevSine >= prevLeadSine)) {
      daysInTrend = 0;
      trend = 0;
    }
    daysInTrend += 1;
    if (daysInTrend < 0.5 * smoothPeriod) trend = 0;
    const phaseChange = phase - prevPhase;
    if (
      smoothPeriod !== 0 &&
      phaseChange > (0.67 * 360) / smoothPeriod &&
      phaseChange < (1.5 * 360) / smoothPeriod
    )
      trend = 0;
    if (today < HT_PHASE_LOOKBACK) continue;
    const line = trendline[today];
    if (line !== 0 && Math.abs((smoothed[today] - line) / line) >= 0.015) trend = 1;
    result.phase[today] = phase;
    result.sine[today] = sine;
    result.leadSine[today] = leadSine;
    result.trendMode[today] = trend;
  }
  return result;
}

import type { Series } from '../core/types.ts';
import { nanArray } from '../core/numeric.ts';
import { HilbertTransform, RAD_TO_DEG } from '../cycle/hilbert.ts';

export const MAMA_LOOKBACK = 32;

/** MESA adaptive MA and its following FAMA (Ehlers, "MESA Adaptive Moving Averages", TASC Sep 2001; TA-Lib ta_MAMA.c). */
export function mamaKernel(
  x: Series,
  fastLimit: number,
  slowLimit: number,
  begin = 0,
): [Float64Array, Float64Array] {
  const length = x.length;
  const mamaOut = nanArray(length);
  const famaOut = nanArray(length);
  const start = begin + MAMA_LOOKBACK;
  if (start >= length) return [mamaOut, famaOut];
  const hilbert = new HilbertTransform(x, begin, 9);
  let mama = 0;
  let fama = 0;
  let prevPhase = 0;
  for (let today = hilbert.nextIndex; today < length; today++) {
    hilbert.step(today);
    const phase = hilbert.i1 !== 0 ? Math.atan(hilbert.q1 / hilbert.i1) * RAD_TO_DEG : 0;
    let deltaPhase = prevPhase - phase;
    prevPhase = phase;
    if (deltaPhase < 1) deltaPhase = 1;
    let alpha: number;
    if (deltaPhase > 1) {
      alpha = fastLimit / deltaPhase;
      if (alpha < slowLimit) alpha = slowLimit;
    } else {
      alpha = fastLimit;
    }
    const value = x[today];
    mama = alpha * value + (1 - alpha) * mama;
    alpha *= 0.5;
    fama = alpha * mama + (1 - alpha) * fama;
    if (today >= start) {
      mamaOut[today] = mama;
      famaOut[today] = fama;
    }
    hilbert.updatePeriod();
  }
  return [mamaOut, famaOut];
}

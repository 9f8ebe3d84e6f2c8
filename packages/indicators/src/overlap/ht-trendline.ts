import type { Series } from '../core/types.ts';
import { nanArray } from '../core/numeric.ts';
import { HilbertTransform } from '../cycle/hilbert.ts';

export const HT_TRENDLINE_LOOKBACK = 63;

/** Hilbert transform instantaneous trendline (Ehlers, Rocket Science for Traders 2001, ch. 10; TA-Lib ta_HT_TRENDLINE.c). */
export function htTrendlineKernel(x: Series, begin = 0): Float64Array {
  const length = x.length;
  const out = nanArray(length);
  const start = begin + HT_TRENDLINE_LOOKBACK;
  if (start >= length) return out;
  const hilbert = new HilbertTransform(x, begin, 34);
  let smoothPeriod = 0;
  let trend1 = 0;
  let trend2 = 0;
  let trend3 = 0;
  for (let today = hilbert.nextIndex; today < length; today++) {
    hilbert.step(today);
    hilbert.updatePeriod();
    smoothPeriod = 0.33 * hilbert.period + 0.67 * smoothPeriod;
    const dcPeriod = Math.trunc(smoothPeriod + 0.5);
    let sum = 0;
    for (let i = 0, index = today; i < dcPeriod; i++, index--) sum += x[index];
    if (dcPeriod > 0) sum /= dcPeriod;
    const value = (4 * sum + 3 * trend1 + 2 * trend2 + trend3) / 10;
    trend3 = trend2;
    trend2 = trend1;
    trend1 = sum;
    if (today >= start) out[today] = value;
  }
  return out;
}

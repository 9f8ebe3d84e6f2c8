import type { Series } from '../core/types.ts';
import { nanArray } from '../core/numeric.ts';
import { CandleContext } from './candle-context.ts';

// Hikkake (Dan Chesler, TASC 2003): an inside bar followed by a false breakout; +100/-100 on the pattern bar and
// ±200 when, within 3 bars, a close beyond the inside bar confirms it. TA-Lib (ta_CDLHIKKAKE.c, ta_CDLHIKKAKEMOD.c)
// replays the 3 bars before the first output to know about a pending pattern; so do we.

type HikkakeTest = (k: CandleContext, i: number) => boolean;

function hikkakeScan(
  open: Series,
  high: Series,
  low: Series,
  close: Series,
  lookback: number,
  isPattern: HikkakeTest,
): Float64Array {
  const k = new CandleContext(open, high, low, close);
  const out = nanArray(k.length);
  if (lookback >= k.length) return out;
  let patternIndex = 0;
  let patternResult = 0;
  for (let i = lookback - 3; i < k.length; i++) {
    let value = 0;
    if (isPattern(k, i)) {
      patternResult = high[i] < high[i - 1] ? 100 : -100;
      patternIndex = i;
      value = patternResult;
    } else if (
      i <= patternIndex + 3 &&
      ((patternResult > 0 && close[i] > high[patternIndex - 1]) ||
        (patternResult < 0 && close[i] < low[patternIndex - 1]))
    ) {
      value = patternResult + (patternResult > 0 ? 100 : -100);
      patternIndex = 0;
    }
    if (i >= lookback) out[i] = value;
  }
  return out;
}

/** Inside bar at i-1, then a bar breaking out on both ends the same way (bullish when lower). */
function isHikkake(k: CandleContext, i: number): boolean {
  const h = k.high;
  const l = k.low;
  return (
    h[i - 1] < h[i - 2] &&
    l[i - 1] > l[i - 2] &&
    ((h[i] < h[i - 1] && l[i] < l[i - 1]) || (h[i] > h[i - 1] && l[i] > l[i - 1]))
  );
}

/** Hikkake (Chesler, TASC 2003; TA-Lib ta_CDLHIKKAKE.c). */
export function cdlHikkake(open: Series, high: Series, low: Series, close: Series): Float64Array {
  return hikkakeScan(open, high, low, close, 5, isHikkake);
}

/** Modified hikkake: two nested inside bars, the first closing near its low/high (Chesler; TA-Lib ta_CDLHIKKAKEMOD.c). */
export function cdlHikkakeMod(open: Series, high: Series, low: Series, close: Series): Float64Array {
  const lookback = 10;
  const context = new CandleContext(open, high, low, close);
  // TA-Lib's Near average of bar i-2 starts with the 3 replayed bars.
  const near = context.length > lookback ? context.averages('Near', lookback - 3, 2) : new Float64Array(0);
  return hikkakeScan(open, high, low, close, lookback, (k, i) => {
    const h = k.high;
    const l = k.low;
    const c = k.close;
    return (
      h[i - 2] < h[i - 3] &&
      l[i - 2] > l[i - 3] &&
      h[i - 1] < h[i - 2] &&
      l[i - 1] > l[i - 2] &&
      ((h[i] < h[i - 1] && l[i] < l[i - 1] && c[i - 2] <= l[i - 2] + near[i]) ||
        (h[i] > h[i - 1] && l[i] > l[i - 1] && c[i - 2] >= h[i - 2] - near[i]))
    );
  });
}

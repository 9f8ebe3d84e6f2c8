import { nanArray } from '../core/numeric.ts';
import { CandleContext, type CandleSettingName } from './candle-context.ts';
import type { Series } from '../core/types.ts';

export type PatternKernel = (
  open: Series,
  high: Series,
  low: Series,
  close: Series,
  penetration: number,
) => Float64Array;

/** Candle-setting averages a pattern reads: key -> [setting, bars back from the current one]. */
export type AverageSpecs = Readonly<Record<string, readonly [CandleSettingName, number]>>;
/** TA_CANDLEAVERAGE of each spec as seen from every bar. */
export type Averages = Readonly<Record<string, Float64Array>>;
export type PatternDetector = (k: CandleContext, i: number, a: Averages, penetration: number) => number;

/**
 * A pattern kernel that, like TA-Lib's ta_CDL*.c, seeds every average on the bars before `lookback` and tests
 * each bar from `lookback` on; bars before it are NaN.
 */
export function candlePattern(lookback: number, specs: AverageSpecs, detect: PatternDetector): PatternKernel {
  return (open, high, low, close, penetration) => {
    const k = new CandleContext(open, high, low, close);
    const out = nanArray(k.length);
    if (lookback >= k.length) return out;
    const averages: Record<string, Float64Array> = {};
    for (const [key, [setting, offset]] of Object.entries(specs))
      averages[key] = k.averages(setting, lookback, offset);
    for (let i = lookback; i < k.length; i++) out[i] = detect(k, i, averages, penetration);
    return out;
  };
}

/**
 * Three white candles with rising closes, each opening above the prior open and within (or `near` above) the prior
 * body: the shared start of TA-Lib's three white soldiers and advance block.
 */
export function isThreeRisingWhites(k: CandleContext, i: number, near2: number, near1: number): boolean {
  const o = k.open;
  const c = k.close;
  return (
    k.color(i - 2) === 1 &&
    k.color(i - 1) === 1 &&
    k.color(i) === 1 &&
    c[i] > c[i - 1] &&
    c[i - 1] > c[i - 2] &&
    o[i - 1] > o[i - 2] &&
    o[i - 1] <= c[i - 2] + near2 &&
    o[i] > o[i - 1] &&
    o[i] <= c[i - 1] + near1
  );
}

/** Three black candles, each with a lower shadow under its `veryShort` average: the crows of TA-Lib's three-crow patterns. */
export function isThreeBlackCrows(k: CandleContext, i: number, a: Averages): boolean {
  return (
    k.color(i - 2) === -1 &&
    k.lowerShadow(i - 2) < a.veryShort2[i] &&
    k.color(i - 1) === -1 &&
    k.lowerShadow(i - 1) < a.veryShort1[i] &&
    k.color(i) === -1 &&
    k.lowerShadow(i) < a.veryShort0[i]
  );
}

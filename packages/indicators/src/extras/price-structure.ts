import type { Series } from '../core/types.ts';
import { nanArray } from '../core/numeric.ts';
import { maxKernel, minKernel } from '../math/window-extremes.ts';

export type PivotMethod = 'classic' | 'fibonacci' | 'camarilla';
export type PivotLevels = {
  pivot: Float64Array;
  r1: Float64Array;
  r2: Float64Array;
  r3: Float64Array;
  s1: Float64Array;
  s2: Float64Array;
  s3: Float64Array;
};

/** Pivot points of each bar from the previous bar's H/L/C: classic floor, Fibonacci, Camarilla (Person, A Complete Guide to Technical Trading Tactics 2004; Camarilla by Nick Scott 1989). */
export function pivotPoints(
  high: Series,
  low: Series,
  close: Series,
  method: PivotMethod = 'classic',
): PivotLevels {
  const length = close.length;
  const levels: PivotLevels = {
    pivot: nanArray(length),
    r1: nanArray(length),
    r2: nanArray(length),
    r3: nanArray(length),
    s1: nanArray(length),
    s2: nanArray(length),
    s3: nanArray(length),
  };
  for (let i = 1; i < length; i++) {
    const h = high[i - 1];
    const l = low[i - 1];
    const c = close[i - 1];
    const pivot = (h + l + c) / 3;
    const range = h - l;
    levels.pivot[i] = pivot;
    if (method === 'classic') {
      levels.r1[i] = 2 * pivot - l;
      levels.s1[i] = 2 * pivot - h;
      levels.r2[i] = pivot + range;
      levels.s2[i] = pivot - range;
      levels.r3[i] = h + 2 * (pivot - l);
      levels.s3[i] = l - 2 * (h - pivot);
    } else if (method === 'fibonacci') {
      levels.r1[i] = pivot + 0.382 * range;
      levels.s1[i] = pivot - 0.382 * range;
      levels.r2[i] = pivot + 0.618 * range;
      levels.s2[i] = pivot - 0.618 * range;
      levels.r3[i] = pivot + range;
      levels.s3[i] = pivot - range;
    } else {
      levels.r1[i] = c + (range * 1.1) / 12;
      levels.s1[i] = c - (range * 1.1) / 12;
      levels.r2[i] = c + (range * 1.1) / 6;
      levels.s2[i] = c - (range * 1.1) / 6;
      levels.r3[i] = c + (range * 1.1) / 4;
      levels.s3[i] = c - (range * 1.1) / 4;
    }
  }
  return levels;
}

/** Bill Williams fractals: 1 where a bar's high (low) is strictly above (below) the two bars each side, 0 otherwise, NaN where unknown yet (Williams, Trading Chaos 1995). */
export function fractals(high: Series, low: Series): { up: Float64Array; down: Float64Array } {
  const length = high.length;
  const up = nanArray(length);
  const down = nanArray(length);
  for (let i = 2; i < length - 2; i++) {
    up[i] =
      high[i] > high[i - 1] && high[i] > high[i - 2] && high[i] > high[i + 1] && high[i] > high[i + 2]
        ? 1
        : 0;
    down[i] =
      low[i] < low[i - 1] && low[i] < low[i - 2] && low[i] < low[i + 1] && low[i] < low[i + 2] ? 1 : 0;
  }
  return { up, down };
}

/** Heikin-Ashi candles (Valcu, "Using the Heikin-Ashi Technique", TASC Feb 2004). */
export function heikinAshi(
  open: Series,
  high: Series,
  low: Series,
  close: Series,
): { open: Float64Array; high: Float64Array; low: Float64Array; close: Float64Array } {
  const length = close.length;
  const haOpen = new Float64Array(length);
  const haHigh = new Float64Array(length);
  const haLow = new Float64Array(length);
  const haClose = new Float64Array(length);
  for (let i = 0; i < length; i++) {
    haClose[i] = (open[i] + high[i] + low[i] + close[i]) / 4;
    haOpen[i] = i === 0 ? (open[0] + close[0]) / 2 : (haOpen[i - 1] + haClose[i - 1]) / 2;
    haHigh[i] = Math.max(high[i], haOpen[i], haClose[i]);
    haLow[i] = Math.min(low[i], haOpen[i], haClose[i]);
  }
  return { open: haOpen, high: haHigh, low: haLow, close: haClose };
}

export type IchimokuLines = {
  conversion: Float64Array;
  base: Float64Array;
  spanA: Float64Array;
  spanB: Float64Array;
  lagging: Float64Array;
};

/** Ichimoku Kinko Hyo 9/26/52, spans plotted `displacement` bars ahead, lagging span `displacement` bars back (Hosoda 1969; StockCharts "Ichimoku Cloud"). */
export function ichimoku(
  high: Series,
  low: Series,
  close: Series,
  options: {
    conversionPeriod?: number;
    basePeriod?: number;
    spanBPeriod?: number;
    displacement?: number;
  } = {},
): IchimokuLines {
  const { conversionPeriod = 9, basePeriod = 26, spanBPeriod = 52, displacement = 26 } = options;
  const length = close.length;
  const midline = (period: number): Float64Array => {
    const highest = maxKernel(high, period).value;
    const lowest = minKernel(low, period).value;
    for (let i = 0; i < length; i++) highest[i] = (highest[i] + lowest[i]) / 2;
    return highest;
  };
  const conversion = midline(conversionPeriod);
  const base = midline(basePeriod);
  const spanBRaw = midline(spanBPeriod);
  const spanA = nanArray(length);
  const spanB = nanArray(length);
  const lagging = nanArray(length);
  for (let i = displacement; i < length; i++) {
    spanA[i] = (conversion[i - displacement] + base[i - displacement]) / 2;
    spanB[i] = spanBRaw[i - displacement];
  }
  for (let i = 0; i + displacement < length; i++) lagging[i] = close[i + displacement];
  return { conversion, base, spanA, spanB, lagging };
}

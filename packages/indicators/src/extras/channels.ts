import type { Series } from '../core/types.ts';
import { nanArray } from '../core/numeric.ts';
import { emaKernel, smaKernel, wmaKernel } from '../overlap/moving-averages.ts';
import { maxKernel, minKernel } from '../math/window-extremes.ts';
import { atrKernel } from '../volatility/true-range.ts';
import { bbandsKernel } from '../overlap/bbands.ts';

export type Channel = { upper: Float64Array; middle: Float64Array; lower: Float64Array };

/** Keltner Channels: EMA(n) ± m·ATR(atrPeriod) (Raschke's version, StockCharts "Keltner Channels"; Keltner 1960 used a 10-day SMA of typical price). */
export function keltner(
  high: Series,
  low: Series,
  close: Series,
  options: { period?: number; multiplier?: number; atrPeriod?: number } = {},
): Channel {
  const { period = 20, multiplier = 2, atrPeriod = 10 } = options;
  const middle = emaKernel(close, period);
  const range = atrKernel(high, low, close, atrPeriod);
  const upper = nanArray(close.length);
  const lower = nanArray(close.length);
  for (let i = 0; i < close.length; i++) {
    upper[i] = middle[i] + multiplier * range[i];
    lower[i] = middle[i] - multiplier * range[i];
    if (Number.isNaN(upper[i])) middle[i] = Number.NaN;
  }
  return { upper, middle, lower };
}

/** Donchian Channels: highest high, lowest low and their mean over n bars (Donchian, StockCharts "Donchian Channels"). */
export function donchian(high: Series, low: Series, period = 20): Channel {
  const upper = maxKernel(high, period).value;
  const lower = minKernel(low, period).value;
  const middle = nanArray(high.length);
  for (let i = 0; i < high.length; i++) middle[i] = (upper[i] + lower[i]) / 2;
  return { upper, middle, lower };
}

/** Hull MA = WMA(2·WMA(n/2) - WMA(n), √n) (Alan Hull, alanhull.com "Hull Moving Average", 2005). */
export function hma(values: Series, period = 9): Float64Array {
  const half = Math.max(1, Math.floor(period / 2));
  const root = Math.max(1, Math.floor(Math.sqrt(period)));
  const fast = wmaKernel(values, half);
  const slow = wmaKernel(values, period);
  const raw = nanArray(values.length);
  for (let i = period - 1; i < values.length; i++) raw[i] = 2 * fast[i] - slow[i];
  return wmaKernel(raw, root, period - 1);
}

/** Bollinger/Keltner squeeze: 1 while BB(n, 2σ) lies inside KC(SMA n ± 1.5·ATR n), else 0 (Carter, Mastering the Trade 2005, ch. 11). */
export function squeeze(
  high: Series,
  low: Series,
  close: Series,
  options: { period?: number; bbMultiplier?: number; kcMultiplier?: number } = {},
): Float64Array {
  const { period = 20, bbMultiplier = 2, kcMultiplier = 1.5 } = options;
  const [bbUpper, middle, bbLower] = bbandsKernel(close, period, bbMultiplier, bbMultiplier, 0);
  const range = atrKernel(high, low, close, period);
  const out = nanArray(close.length);
  for (let i = 0; i < close.length; i++) {
    if (Number.isNaN(range[i]) || Number.isNaN(middle[i])) continue;
    out[i] =
      bbUpper[i] < middle[i] + kcMultiplier * range[i] && bbLower[i] > middle[i] - kcMultiplier * range[i]
        ? 1
        : 0;
  }
  return out;
}

/** SuperTrend: ATR bands around HL/2 that ratchet with the trend (Olivier Seban; TradingView built-in "Supertrend" reference script). */
export function supertrend(
  high: Series,
  low: Series,
  close: Series,
  options: { period?: number; multiplier?: number } = {},
): { supertrend: Float64Array; direction: Float64Array } {
  const { period = 10, multiplier = 3 } = options;
  const length = close.length;
  const range = atrKernel(high, low, close, period);
  const line = nanArray(length);
  const direction = nanArray(length);
  let finalUpper = Number.NaN;
  let finalLower = Number.NaN;
  let trend = 1;
  for (let i = 0; i < length; i++) {
    if (Number.isNaN(range[i])) continue;
    const median = (high[i] + low[i]) / 2;
    const basicUpper = median + multiplier * range[i];
    const basicLower = median - multiplier * range[i];
    const isFirst = Number.isNaN(finalUpper);
    const previousClose = close[i - 1];
    const previousUpper = finalUpper;
    // Bands only tighten while price stays inside them.
    finalUpper =
      isFirst || basicUpper < previousUpper || previousClose > previousUpper ? basicUpper : previousUpper;
    finalLower = isFirst || basicLower > finalLower || previousClose < finalLower ? basicLower : finalLower;
    if (isFirst) trend = close[i] <= finalUpper ? -1 : 1;
    else if (trend === -1 && close[i] > previousUpper) trend = 1;
    else if (trend === 1 && close[i] < finalLower) trend = -1;
    line[i] = trend === 1 ? finalLower : finalUpper;
    direction[i] = trend;
  }
  return { supertrend: line, direction };
}

/** Chaikin Money Flow = Σ(MFM·V)/ΣV over n bars (Chaikin; StockCharts "Chaikin Money Flow"). */
export function cmf(high: Series, low: Series, close: Series, volume: Series, period = 20): Float64Array {
  const length = close.length;
  const out = nanArray(length);
  let flowSum = 0;
  let volumeSum = 0;
  const flow = new Float64Array(length);
  for (let i = 0; i < length; i++) {
    const range = high[i] - low[i];
    flow[i] = range > 0 ? ((close[i] - low[i] - (high[i] - close[i])) / range) * volume[i] : 0;
    flowSum += flow[i];
    volumeSum += volume[i];
    if (i >= period) {
      flowSum -= flow[i - period];
      volumeSum -= volume[i - period];
    }
    if (i >= period - 1) out[i] = volumeSum > 0 ? flowSum / volumeSum : 0;
  }
  return out;
}

/** Awesome Oscillator = SMA5(median) - SMA34(median) (Bill Williams, New Trading Dimensions 1998). */
export function awesomeOscillator(high: Series, low: Series, fast = 5, slow = 34): Float64Array {
  const median = new Float64Array(high.length);
  for (let i = 0; i < high.length; i++) median[i] = (high[i] + low[i]) / 2;
  const fastMa = smaKernel(median, fast);
  const slowMa = smaKernel(median, slow);
  for (let i = 0; i < median.length; i++) fastMa[i] -= slowMa[i];
  return fastMa;
}

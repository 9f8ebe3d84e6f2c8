import type { BollingerPosition, MacdState, RsiState, SignalTimeframe, VolumeTrend } from '@farol/contract';
import {
  adx,
  atr,
  bbands,
  ema,
  macd,
  minusDi,
  mom,
  plusDi,
  rsi,
  sma,
  squeeze,
  stddev,
} from '@farol/indicators';
import type { CandleColumns } from './candle-columns.ts';
import { engineParameters } from './signal-calibration.ts';

/** Thresholds of the key indicators; docs/signals.md explains each. */
export const RSI_OVERSOLD = 30;
export const RSI_OVERBOUGHT = 70;
/** A MACD sign flip this recent (in closed bars) is reported as a crossover. */
export const MACD_CROSSOVER_BARS = 3;
/** Window of the percentile ranks (Bollinger bandwidth, |MACD histogram|). */
export const RANK_WINDOW = 120;
export const SQUEEZE_BANDWIDTH_PERCENTILE = 10;
export const VOLUME_TREND_BARS = 20;
export const VOLUME_TREND_RATIO = 1.2;
export const VOLUME_ANOMALY_WINDOW = 50;
export const VOLUME_ANOMALY_Z = 2.5;
export const EMA_SLOPE_BARS = 10;
export const MOMENTUM_BARS = 24;
/**
 * Candles a timeframe needs: EMA(200) plus its slope, and enough history that Wilder's recursive
 * seeds (RSI, ATR, ADX) have converged (below 1e-6 after ~20 time constants).
 */
export const MIN_CANDLES = 300;

/** Everything the rules read from one timeframe, as of its last closed candle. */
export type TimeframeReading = {
  timeframe: SignalTimeframe;
  /** Close time (ms) of the last closed candle. */
  closeTime: number;
  close: number;
  rsi: number;
  macdHistogram: number;
  macdState: MacdState;
  /** Percentile (0-100) of |histogram| among the last RANK_WINDOW bars. */
  macdStrength: number;
  /** Histogram divided by its standard deviation over RANK_WINDOW bars (scale-free). */
  macdZ: number;
  bollinger: { upper: number; middle: number; lower: number };
  bollingerPosition: BollingerPosition;
  /** (close - lower) / (upper - lower): 0 at the lower band, 1 at the upper. */
  percentB: number;
  /** Bollinger(20, 2) inside Keltner(20, 1.5 ATR) (Carter's squeeze). */
  isKeltnerSqueeze: boolean;
  /** Percentile (0-100) of the Bollinger bandwidth among the last RANK_WINDOW bars. */
  bandwidthPercentile: number;
  isSqueeze: boolean;
  /** EMA of engineParameters.trendEmaPeriod (20) closes: on 1d, the engine's trend filter (signal-rules.ts). */
  trendEma: number;
  ema50: number;
  ema200: number;
  /** Relative change of EMA(50) / EMA(200) over EMA_SLOPE_BARS bars. */
  ema50Slope: number;
  ema200Slope: number;
  adx: number;
  plusDi: number;
  minusDi: number;
  atr: number;
  /** Mean volume of the last 10 bars over the 10 before them. */
  volumeRatio: number;
  volumeTrend: VolumeTrend;
  /** z-score of the last bar's volume against the VOLUME_ANOMALY_WINDOW bars before it. */
  volumeZ: number;
  isVolumeAnomaly: boolean;
  /** Relative price change over VOLUME_TREND_BARS bars (direction the volume confirms). */
  priceChange20: number;
  /** Price change over MOMENTUM_BARS bars in units of ATR·√MOMENTUM_BARS (a random walk's expected move). */
  momentumAtr: number;
  /** Base-asset volume of the last 24 bars. */
  volume24: number;
};

export class InsufficientCandlesError extends Error {
  constructor(
    readonly timeframe: SignalTimeframe,
    readonly count: number,
  ) {
    super(`${timeframe}: ${count} closed candles, the engine needs ${MIN_CANDLES}`);
    this.name = 'InsufficientCandlesError';
  }
}

/** Share (0-100) of the last `window` finite values of `series` that are <= the last one. */
function percentileOfLast(
  series: ArrayLike<number>,
  window: number,
  transform: (x: number) => number = (x) => x,
): number {
  const last = series.length - 1;
  const current = transform(series[last]!);
  let count = 0;
  let atOrBelow = 0;
  for (let i = Math.max(0, last - window + 1); i <= last; i++) {
    const value = transform(series[i]!);
    if (!Number.isFinite(value)) continue;
    count += 1;
    if (value <= current) atOrBelow += 1;
  }
  return count === 0 ? 0 : (atOrBelow / count) * 100;
}

function lastValue(series: ArrayLike<number>, offset = 0): number {
  return series[series.length - 1 - offset]!;
}

export function classifyRsi(value: number): RsiState {
  if (value < RSI_OVERSOLD) return 'oversold';
  if (value > RSI_OVERBOUGHT) return 'overbought';
  return 'neutral';
}

function classifyMacd(histogram: Float64Array): MacdState {
  const current = lastValue(histogram);
  if (current === 0 || !Number.isFinite(current)) return 'neutral';
  const sign = Math.sign(current);
  let isCrossover = false;
  for (let offset = 1; offset <= MACD_CROSSOVER_BARS; offset++) {
    if (Math.sign(lastValue(histogram, offset)) !== sign) isCrossover = true;
  }
  if (sign > 0) return isCrossover ? 'bullish_crossover' : 'bullish';
  return isCrossover ? 'bearish_crossover' : 'bearish';
}

function classifyBollinger(close: number, upper: number, middle: number, lower: number): BollingerPosition {
  if (close > upper) return 'above_upper';
  if (close >= middle) return 'upper_half';
  if (close >= lower) return 'lower_half';
  return 'below_lower';
}

/** Reads every indicator of one timeframe at its last closed candle (pure: same candles, same reading). */
export function readTimeframe(
  timeframe: SignalTimeframe,
  periodMs: number,
  columns: CandleColumns,
): TimeframeReading {
  const { high, low, close, volume } = columns;
  const length = close.length;
  if (length < MIN_CANDLES) throw new InsufficientCandlesError(timeframe, length);

  const rsiSeries = rsi(close, 14);
  const macdSeries = macd(close, { fast: 12, slow: 26, signal: 9 });
  const histogram = macdSeries.histogram;
  const histogramDeviation = stddev(histogram.subarray(histogram.findIndex(Number.isFinite)), RANK_WINDOW, 1);
  const bands = bbands(close, { period: 20, stdDev: 2 });
  const squeezeSeries = squeeze(high, low, close, { period: 20, bbMultiplier: 2, kcMultiplier: 1.5 });
  const bandwidth = new Float64Array(length);
  for (let i = 0; i < length; i++) bandwidth[i] = (bands.upper[i]! - bands.lower[i]!) / bands.middle[i]!;
  const trendEma = ema(close, engineParameters.trendEmaPeriod);
  const ema50 = ema(close, 50);
  const ema200 = ema(close, 200);
  const adxSeries = adx(high, low, close, 14);
  const atrSeries = atr(high, low, close, 14);
  const volumeMean10 = sma(volume, 10);
  const volumeMean = sma(volume, VOLUME_ANOMALY_WINDOW);
  const volumeDeviation = stddev(volume, VOLUME_ANOMALY_WINDOW, 1);
  const momentum = mom(close, MOMENTUM_BARS);

  const lastClose = lastValue(close);
  const upper = lastValue(bands.upper);
  const middle = lastValue(bands.middle);
  const lower = lastValue(bands.lower);
  const bandwidthPercentile = percentileOfLast(bandwidth, RANK_WINDOW);
  const isKeltnerSqueeze = lastValue(squeezeSeries) === 1;
  const lastAtr = lastValue(atrSeries);

  const previousVolumeMean10 = lastValue(volumeMean10, 10);
  const volumeRatio = previousVolumeMean10 > 0 ? lastValue(volumeMean10) / previousVolumeMean10 : 1;
  // The anomaly compares the last bar with the 50 before it, so the statistics end one bar earlier.
  const baselineMean = lastValue(volumeMean, 1);
  const baselineDeviation = lastValue(volumeDeviation, 1);
  const lastVolume = lastValue(volume);
  const volumeZ = baselineDeviation > 0 ? (lastVolume - baselineMean) / baselineDeviation : 0;
  const histogramSd = lastValue(histogramDeviation);
  let volume24 = 0;
  for (let i = Math.max(0, length - 24); i < length; i++) volume24 += volume[i]!;

  return {
    timeframe,
    closeTime: lastValue(columns.openTime) + periodMs,
    close: lastClose,
    rsi: lastValue(rsiSeries),
    macdHistogram: lastValue(histogram),
    macdState: classifyMacd(histogram),
    macdStrength: percentileOfLast(histogram, RANK_WINDOW, Math.abs),
    macdZ: histogramSd > 0 ? lastValue(histogram) / histogramSd : 0,
    bollinger: { upper, middle, lower },
    bollingerPosition: classifyBollinger(lastClose, upper, middle, lower),
    percentB: upper > lower ? (lastClose - lower) / (upper - lower) : 0.5,
    isKeltnerSqueeze,
    bandwidthPercentile,
    isSqueeze: isKeltnerSqueeze || bandwidthPercentile <= SQUEEZE_BANDWIDTH_PERCENTILE,
    trendEma: lastValue(trendEma),
    ema50: lastValue(ema50),
    ema200: lastValue(ema200),
    ema50Slope: lastValue(ema50) / lastValue(ema50, EMA_SLOPE_BARS) - 1,
    ema200Slope: lastValue(ema200) / lastValue(ema200, EMA_SLOPE_BARS) - 1,
    adx: lastValue(adxSeries),
    plusDi: lastValue(plusDi(high, low, close, 14)),
    minusDi: lastValue(minusDi(high, low, close, 14)),
    atr: lastAtr,
    volumeRatio,
    volumeTrend:
      volumeRatio > VOLUME_TREND_RATIO
        ? 'rising'
        : volumeRatio < 1 / VOLUME_TREND_RATIO
          ? 'falling'
          : 'stable',
    volumeZ,
    isVolumeAnomaly: baselineDeviation > 0 ? volumeZ > VOLUME_ANOMALY_Z : lastVolume > baselineMean,
    priceChange20: lastClose / lastValue(close, VOLUME_TREND_BARS) - 1,
    momentumAtr: lastAtr > 0 ? lastValue(momentum) / (lastAtr * Math.sqrt(MOMENTUM_BARS)) : 0,
    volume24,
  };
}

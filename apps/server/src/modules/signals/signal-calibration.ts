import type { SignalValue } from '@farol/contract';
// The engine's tuned values, stored as data beside the engine: written by `npm run tune-signals -w apps/server`
// from the training coins only, never from the coins the backtest reports (docs/signals.md "Tuning").
import parameters from './signal-engine-parameters.json' with { type: 'json' };

/** One bin of the calibration map: raw agreement below `rawBelow` reads as `hitRate` (0-1). */
export type CalibrationBin = { rawBelow: number; count: number; hitRate: number };
export type CalibrationSide = 'buy_side' | 'sell_side' | 'neutral';

export type EngineParameters = {
  engineVersion: string;
  /** Period of the 1d EMA of the trend filter. */
  trendEmaPeriod: number;
  /** In a daily uptrend, a score above this is a buy. */
  uptrendBuyThreshold: number;
  /** How the values were chosen: coins, period, rule, and the alternatives' training figures. */
  tuning?: unknown;
  calibration: Record<CalibrationSide, CalibrationBin[]>;
};

export const engineParameters: EngineParameters = parameters;

/** Bumped when the engine's rules, weights or tuned values change, so results say which engine they measured. */
export const SIGNAL_ENGINE_VERSION = engineParameters.engineVersion;

export function calibrationSideOf(signal: SignalValue): CalibrationSide {
  if (signal === 'buy' || signal === 'strong_buy') return 'buy_side';
  if (signal === 'sell' || signal === 'strong_sell') return 'sell_side';
  return 'neutral';
}

/**
 * The stated confidence (0-100): the 24 h hit rate that signals of this side and raw agreement had on the
 * training coins (isotonic bins, docs/signals.md "Confidence"). Without a fitted map, the raw agreement.
 */
export function calibrateConfidence(signal: SignalValue, rawConfidence: number): number {
  const bins = engineParameters.calibration[calibrationSideOf(signal)];
  if (bins.length === 0) return rawConfidence;
  const bin = bins.find((candidate) => rawConfidence < candidate.rawBelow) ?? bins.at(-1)!;
  return Math.round(bin.hitRate * 100);
}

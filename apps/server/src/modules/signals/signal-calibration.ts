import type { SignalValue } from '@farol/contract';
import { regimeConfidence, type ConfidenceMap, type DailyFeatures, type RegimeRule } from './daily-regime.ts';
// The engine's tuned values, stored as data beside the engine: written by `npm run tune-signals -w apps/server`
// from the training window of the training coins only (docs/signals.md "Research protocol").
import parameters from './signal-engine-parameters.json' with { type: 'json' };

/** What taking one class's setup (entry, stop, first target) did on the training window: see backtest setups. */
export type SetupRecord = { count: number; targetFirstRate: number; meanResultAfterFees: number };

export type EngineParameters = {
  engineVersion: string;
  /** Period of the 1d EMA the readings report (the daily trend the texts describe). */
  trendEmaPeriod: number;
  /** The daily rule that makes the directional call (daily-regime.ts). */
  regime: RegimeRule;
  /** Per class and volatility bin, the training 24 h hit rate: the stated confidence. */
  confidence: ConfidenceMap;
  /** Per class, the training result of taking the recommended setup; a negative one is not recommended. */
  setups?: Partial<Record<SignalValue, SetupRecord>>;
  /** How the values were chosen: coins, window, rule, and every candidate's training figures. */
  tuning?: unknown;
};

export const engineParameters = parameters as EngineParameters;

/** Bumped when the engine's rules, weights or tuned values change, so results say which engine they measured. */
export const SIGNAL_ENGINE_VERSION = engineParameters.engineVersion;

/** The stated confidence (0-100) of a call: its training hit rate (docs/signals.md "Confidence"). */
export function calibrateConfidence(signal: SignalValue, features: DailyFeatures): number {
  return regimeConfidence(signal, features.volatility20, engineParameters.confidence);
}

/** Whether the setup of this class lost money on average in training: then the analysis does not recommend it. */
export function setupLostInTraining(signal: SignalValue): SetupRecord | null {
  const record = engineParameters.setups?.[signal];
  return record && record.meanResultAfterFees < 0 ? record : null;
}

import type { SignalTimeframe, SignalValue } from '@farol/contract';
import { classifyRegime, readDailyFeatures, type DailyFeatures } from './daily-regime.ts';
import { calibrateConfidence, engineParameters } from './signal-calibration.ts';
import { classifyRsi, type TimeframeReading } from './timeframe-reading.ts';

/** Indicator families: confluence asks whether they agree, not only whether many rules fire. */
export type RuleFamily = 'trend' | 'momentum' | 'volatility' | 'volume';

/** Why a rule voted as it did: an i18n key under `signals:rules.<rule>.states` and its parameters. */
export type RuleState = string;

export type RuleOutcome = { vote: number; value: number | null; state: RuleState };

export type SignalRule = {
  id: string;
  family: RuleFamily;
  /** Base weight before the timeframe multiplier; docs/signals.md gives the reasons. */
  weight: number;
  evaluate: (reading: TimeframeReading) => RuleOutcome;
};

export type RuleVote = RuleOutcome & {
  rule: string;
  family: RuleFamily;
  timeframe: SignalTimeframe;
  /** Base weight × timeframe multiplier. */
  weight: number;
};

/** Longer timeframes carry more weight: their candles aggregate more trading and their signals last longer. */
export const timeframeWeights: Record<SignalTimeframe, number> = { '1h': 1, '4h': 1.5, '1d': 2 };

export const ADX_TRENDING = 25;
export const ADX_EMERGING = 20;

export const signalRules: readonly SignalRule[] = [
  {
    id: 'ema_alignment',
    family: 'trend',
    weight: 1.5,
    evaluate: (r) => {
      const priceSide = Math.sign(r.close - r.ema50);
      const averageSide = Math.sign(r.ema50 - r.ema200);
      const vote = (priceSide + averageSide) / 2;
      const state = vote > 0 ? 'bullish' : vote < 0 ? 'bearish' : 'mixed';
      return { vote, value: (r.ema50 / r.ema200 - 1) * 100, state };
    },
  },
  {
    id: 'adx_direction',
    family: 'trend',
    weight: 1,
    evaluate: (r) => {
      const direction = Math.sign(r.plusDi - r.minusDi);
      if (r.adx >= ADX_TRENDING)
        return { vote: direction, value: r.adx, state: direction > 0 ? 'strong_up' : 'strong_down' };
      if (r.adx >= ADX_EMERGING)
        return { vote: direction / 2, value: r.adx, state: direction > 0 ? 'emerging_up' : 'emerging_down' };
      return { vote: 0, value: r.adx, state: 'no_trend' };
    },
  },
  {
    id: 'macd_histogram',
    family: 'momentum',
    weight: 1.25,
    evaluate: (r) => {
      const votes = {
        bullish_crossover: 1,
        bullish: 0.5,
        neutral: 0,
        bearish: -0.5,
        bearish_crossover: -1,
      } as const;
      return { vote: votes[r.macdState], value: r.macdHistogram, state: r.macdState };
    },
  },
  {
    id: 'rsi_zone',
    family: 'momentum',
    weight: 1,
    // Mean reversion: an oversold market tends to bounce, an overbought one to pull back.
    evaluate: (r) => {
      const state = classifyRsi(r.rsi);
      return { vote: state === 'oversold' ? 1 : state === 'overbought' ? -1 : 0, value: r.rsi, state };
    },
  },
  {
    id: 'bollinger_band',
    family: 'volatility',
    weight: 0.75,
    evaluate: (r) => {
      const value = r.percentB * 100;
      if (r.bollingerPosition === 'below_lower') return { vote: 1, value, state: 'below_lower' };
      if (r.bollingerPosition === 'above_upper') return { vote: -1, value, state: 'above_upper' };
      return { vote: 0, value, state: r.isSqueeze ? 'squeeze' : 'inside' };
    },
  },
  {
    id: 'volume_confirmation',
    family: 'volume',
    weight: 0.5,
    // Rising volume confirms the direction of the 20-bar move; stable or falling volume confirms nothing.
    evaluate: (r) => {
      if (r.volumeTrend !== 'rising' || r.priceChange20 === 0)
        return { vote: 0, value: r.volumeRatio, state: r.volumeTrend };
      const direction = Math.sign(r.priceChange20);
      return {
        vote: direction,
        value: r.volumeRatio,
        state: direction > 0 ? 'confirms_up' : 'confirms_down',
      };
    },
  },
];

/** Score thresholds on the weighted mean vote (-1 … +1): the rules' own reading, shown beside the call. */
export const STRONG_THRESHOLD = 0.45;
export const SIGNAL_THRESHOLD = 0.15;

export type VoteResult = {
  votes: RuleVote[];
  /** Weighted mean vote, -1 (all sell) … +1 (all buy): the technical picture the texts explain. */
  score: number;
  /** The call (engine 3): the daily rule of daily-regime.ts, not the vote (docs/signals.md). */
  signal: SignalValue;
  strength: number;
  /** Calibrated: the share of such calls that were right over 24 h in the training window (0-100). */
  confidence: number;
  /** What the call read: the closed daily closes' averages, momentum and volatility. */
  daily: DailyFeatures;
  /** Weighted mean vote of each timeframe alone. */
  timeframeScores: Record<SignalTimeframe, number>;
};

/** The vote's own class of a score (what the rules alone say; the call is the daily rule's). */
export function classifyScore(score: number): SignalValue {
  if (score <= -STRONG_THRESHOLD) return 'strong_sell';
  if (score <= -SIGNAL_THRESHOLD) return 'sell';
  if (score >= STRONG_THRESHOLD) return 'strong_buy';
  if (score >= SIGNAL_THRESHOLD) return 'buy';
  return 'neutral';
}

const clampPercent = (value: number) => Math.round(Math.min(100, Math.max(0, value)));

/**
 * Every rule on every timeframe votes (the score and the explanations); the call and its confidence come from
 * the daily rule on the closed daily closes, the one reading that was right more often than chance in training.
 */
export function voteSignal(
  readings: Record<SignalTimeframe, TimeframeReading>,
  dailyCloses: ArrayLike<number>,
): VoteResult {
  const votes: RuleVote[] = [];
  const timeframeScores = {} as Record<SignalTimeframe, number>;
  for (const timeframe of Object.keys(timeframeWeights) as SignalTimeframe[]) {
    let weighted = 0;
    let total = 0;
    for (const rule of signalRules) {
      const outcome = rule.evaluate(readings[timeframe]);
      const weight = rule.weight * timeframeWeights[timeframe];
      votes.push({ ...outcome, rule: rule.id, family: rule.family, timeframe, weight });
      weighted += outcome.vote * weight;
      total += weight;
    }
    timeframeScores[timeframe] = weighted / total;
  }
  const totalWeight = votes.reduce((sum, vote) => sum + vote.weight, 0);
  const score = votes.reduce((sum, vote) => sum + vote.vote * vote.weight, 0) / totalWeight;
  const daily = readDailyFeatures(dailyCloses, engineParameters.regime);
  if (!daily) throw new Error('too few daily candles for the daily rule');
  const signal = classifyRegime(daily, engineParameters.regime);
  return {
    votes,
    score,
    signal,
    strength: clampPercent(Math.abs(score) * 100),
    confidence: calibrateConfidence(signal, daily),
    daily,
    timeframeScores,
  };
}

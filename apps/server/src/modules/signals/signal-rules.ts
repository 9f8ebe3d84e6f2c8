import type { SignalTimeframe, SignalValue } from '@farol/contract';
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

/** Score thresholds on the weighted mean vote (-1 … +1). */
export const STRONG_THRESHOLD = 0.45;
export const SIGNAL_THRESHOLD = 0.15;

/**
 * The daily trend filter (engine 2): the buy side only in a daily uptrend (last 1d close above the 1d
 * EMA of `trendEmaPeriod`), where a positive score above `uptrendBuyThreshold` is enough for a buy; in a
 * daily downtrend the engine goes flat (buy-side scores read neutral). Both values were chosen on the
 * training coins only (signal-engine-parameters.json, docs/signals.md "Tuning").
 */
export type DailyTrend = 'up' | 'down';

export function readDailyTrend(daily: TimeframeReading): DailyTrend {
  return daily.close > daily.trendEma ? 'up' : 'down';
}

export type VoteResult = {
  votes: RuleVote[];
  /** Weighted mean vote, -1 (all sell) … +1 (all buy). */
  score: number;
  signal: SignalValue;
  strength: number;
  /** Calibrated: the share of such signals that were right over 24 h on the training coins (0-100). */
  confidence: number;
  /** The agreement measure before calibration (0-100), what the calibration map reads. */
  rawConfidence: number;
  dailyTrend: DailyTrend;
  /** Weighted mean vote of each timeframe alone. */
  timeframeScores: Record<SignalTimeframe, number>;
};

export function classifyScore(
  score: number,
  dailyTrend: DailyTrend = 'up',
  uptrendBuyThreshold = engineParameters.uptrendBuyThreshold,
): SignalValue {
  if (score <= -STRONG_THRESHOLD) return 'strong_sell';
  if (score <= -SIGNAL_THRESHOLD) return 'sell';
  if (dailyTrend === 'down') return 'neutral';
  if (score >= STRONG_THRESHOLD) return 'strong_buy';
  if (score > uptrendBuyThreshold) return 'buy';
  return 'neutral';
}

const clampPercent = (value: number) => Math.round(Math.min(100, Math.max(0, value)));

/** Every rule on every timeframe votes; the weighted mean decides, the agreement sets the confidence. */
export function voteSignal(readings: Record<SignalTimeframe, TimeframeReading>): VoteResult {
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
  const dailyTrend = readDailyTrend(readings['1d']);
  const signal = classifyScore(score, dailyTrend);
  const direction = signal === 'neutral' ? 0 : Math.sign(score);

  let confidence: number;
  if (direction === 0) {
    // Agreement with "neutral": how close the score sits to zero, and how many rules abstained.
    const abstaining =
      votes.filter((vote) => vote.vote === 0).reduce((sum, vote) => sum + vote.weight, 0) / totalWeight;
    confidence = 100 * (0.5 * Math.max(0, 1 - Math.abs(score) / SIGNAL_THRESHOLD) + 0.5 * abstaining);
  } else {
    // Agreement with a direction: the share of the opinionated weight that agrees, scaled by how many
    // timeframes point the same way on their own.
    const opinionated = votes.reduce((sum, vote) => sum + Math.abs(vote.vote) * vote.weight, 0);
    const agreeing = votes
      .filter((vote) => Math.sign(vote.vote) === direction)
      .reduce((sum, vote) => sum + Math.abs(vote.vote) * vote.weight, 0);
    const timeframesAgreeing =
      Object.values(timeframeScores).filter((value) => Math.sign(value) === direction).length / 3;
    confidence = 100 * (agreeing / opinionated) * (0.5 + 0.5 * timeframesAgreeing);
  }
  const rawConfidence = clampPercent(confidence);
  return {
    votes,
    score,
    signal,
    strength: clampPercent(Math.abs(score) * 100),
    confidence: calibrateConfidence(signal, rawConfidence),
    rawConfidence,
    dailyTrend,
    timeframeScores,
  };
}

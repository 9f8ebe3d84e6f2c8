import type { Momentum, RiskLevel, SignalTimeframe } from '@farol/contract';
import type { Candle } from '../market/market.types.ts';
import { toColumns, type CandleColumns } from './candle-columns.ts';
import { expectedRanges, type RangeForecast } from './expected-range.ts';
import { findKeyLevels, roundPrice, type KeyLevels } from './key-levels.ts';
import { ADX_TRENDING, voteSignal, type VoteResult } from './signal-rules.ts';
import { setupLostInTraining } from './signal-calibration.ts';
import { isBuySide, isSellSide } from './signal-performance.ts';
import { classifyRsi, readTimeframe, type TimeframeReading } from './timeframe-reading.ts';

const HOUR_MS = 3_600_000;
export const timeframePeriodMs: Record<SignalTimeframe, number> = {
  '1h': HOUR_MS,
  '4h': 4 * HOUR_MS,
  '1d': 24 * HOUR_MS,
};
export const timeframes = Object.keys(timeframePeriodMs) as SignalTimeframe[];

/** Closed candles of each timeframe, oldest first. */
export type MarketCandles = Record<SignalTimeframe, readonly Candle[]>;

export type MarketContext =
  'strong_uptrend' | 'uptrend' | 'strong_downtrend' | 'downtrend' | 'squeeze' | 'range';
export type StrategyType = 'trend_following' | 'mean_reversion' | 'breakout' | 'wait';
export type Direction = 1 | -1;

export type ConfluenceFactor =
  | { kind: 'trend_aligned'; direction: Direction; timeframes: SignalTimeframe[] }
  | { kind: 'macd_aligned'; direction: Direction; timeframes: SignalTimeframe[] }
  | { kind: 'strong_trend'; timeframe: SignalTimeframe; adx: number; direction: Direction }
  | { kind: 'rsi_extreme'; timeframe: SignalTimeframe; rsi: number; state: 'oversold' | 'overbought' }
  | { kind: 'squeeze'; timeframes: SignalTimeframe[] }
  | { kind: 'volume_anomaly'; z: number }
  | { kind: 'volume_confirms'; direction: Direction }
  | { kind: 'near_level'; side: 'support' | 'resistance'; level: number; distancePercent: number }
  | { kind: 'timeframe_conflict'; up: SignalTimeframe[]; down: SignalTimeframe[] };

export type StrategyPlan =
  | {
      kind: 'long' | 'short';
      type: 'trend_following' | 'mean_reversion';
      entry: number;
      stopLoss: number;
      targets: number[];
      stopFromLevel: boolean;
    }
  | { kind: 'wait'; type: 'breakout' | 'wait'; above: number; below: number };

export type Recommendation =
  | { kind: 'position_size'; riskPercent: number; positionPercent: number; stopLoss: number }
  /** The class's setup lost money on average in training (backtest `setups`): the levels are shown, not advised. */
  | { kind: 'setup_not_recommended'; count: number; targetFirstRate: number; meanResultAfterFees: number }
  | { kind: 'wait_for_close'; above: number; below: number }
  | { kind: 'squeeze' }
  | { kind: 'volume_anomaly' }
  | { kind: 'rsi_extreme'; state: 'oversold' | 'overbought' }
  | { kind: 'high_risk' }
  | { kind: 'timeframe_conflict' }
  | { kind: 'not_advice' };

/** Everything the engine concludes, language-free; analysis-text.ts renders it in a language. */
export type AnalysisFacts = {
  price: number;
  /** Close time (ms) of the last closed 1h candle. */
  asOf: number;
  readings: Record<SignalTimeframe, TimeframeReading>;
  vote: VoteResult;
  momentum: Momentum;
  /** The blend behind `momentum`, -1 … +1. */
  momentumScore: number;
  trendStrength: number;
  levels: KeyLevels;
  confluence: {
    signalStrength: number;
    marketContext: MarketContext;
    strategyType: StrategyType;
    riskLevel: RiskLevel;
    /** Daily ATR as a percentage of the price (the volatility part of the risk level). */
    dailyAtrPercent: number;
    factors: ConfluenceFactor[];
  };
  strategy: StrategyPlan;
  recommendations: Recommendation[];
  /** Base-asset volume of the last 24 closed 1h candles. */
  volume24h: number;
  /** 24 h and 7 d ranges in USDT (expected-range.ts). */
  expectedRanges: RangeForecast[];
};

const clampUnit = (value: number) => Math.max(-1, Math.min(1, value));

/**
 * Momentum blend on 1h: 40% RSI distance from 50 (±25 points = full), 35% MACD histogram in standard
 * deviations (±2σ = full), 25% the 24-bar price change in ATR·√24 units (±1 = full).
 */
export function blendMomentum(reading: TimeframeReading): { momentum: Momentum; score: number } {
  const score =
    0.4 * clampUnit((reading.rsi - 50) / 25) +
    0.35 * clampUnit(reading.macdZ / 2) +
    0.25 * clampUnit(reading.momentumAtr);
  const momentum: Momentum =
    score >= 0.6
      ? 'very_bullish'
      : score >= 0.2
        ? 'bullish'
        : score > -0.2
          ? 'neutral'
          : score > -0.6
            ? 'bearish'
            : 'very_bearish';
  return { momentum, score };
}

/**
 * Trend strength (0-100): 70% ADX (50 and above = full), 30% how well the EMA(50)/EMA(200) structure
 * agrees with its own direction (price on the same side of EMA 50, both EMAs sloping that way).
 */
export function measureTrendStrength(reading: TimeframeReading): number {
  const direction = Math.sign(reading.ema50 - reading.ema200);
  const checks = [
    Math.sign(reading.close - reading.ema50),
    Math.sign(reading.ema50Slope),
    Math.sign(reading.ema200Slope),
  ];
  const alignment = direction === 0 ? 0 : checks.filter((sign) => sign === direction).length / checks.length;
  return Math.round(70 * Math.min(1, Math.max(0, reading.adx) / 50) + 30 * alignment);
}

function votesOf(vote: VoteResult, rule: string) {
  return vote.votes.filter((entry) => entry.rule === rule);
}

function collectFactors(
  facts: Pick<AnalysisFacts, 'readings' | 'vote' | 'levels' | 'price'>,
): ConfluenceFactor[] {
  const { readings, vote, levels, price } = facts;
  const factors: ConfluenceFactor[] = [];
  for (const [rule, kind] of [
    ['ema_alignment', 'trend_aligned'],
    ['macd_histogram', 'macd_aligned'],
  ] as const) {
    for (const direction of [1, -1] as const) {
      const agreeing = votesOf(vote, rule)
        .filter((entry) => Math.sign(entry.vote) === direction)
        .map((entry) => entry.timeframe);
      if (agreeing.length >= 2) factors.push({ kind, direction, timeframes: agreeing });
    }
  }
  for (const timeframe of ['1d', '4h'] as const) {
    const reading = readings[timeframe];
    if (reading.adx >= ADX_TRENDING) {
      factors.push({
        kind: 'strong_trend',
        timeframe,
        adx: reading.adx,
        direction: reading.plusDi >= reading.minusDi ? 1 : -1,
      });
    }
  }
  for (const timeframe of timeframes) {
    const { rsi } = readings[timeframe];
    const state = classifyRsi(rsi);
    if (state !== 'neutral') factors.push({ kind: 'rsi_extreme', timeframe, rsi, state });
  }
  const squeezed = timeframes.filter((timeframe) => readings[timeframe].isSqueeze);
  if (squeezed.length > 0) factors.push({ kind: 'squeeze', timeframes: squeezed });
  if (readings['1h'].isVolumeAnomaly) factors.push({ kind: 'volume_anomaly', z: readings['1h'].volumeZ });
  const volumeVote = votesOf(vote, 'volume_confirmation').find((entry) => entry.timeframe === '1h');
  if (volumeVote && volumeVote.vote !== 0)
    factors.push({ kind: 'volume_confirms', direction: volumeVote.vote > 0 ? 1 : -1 });
  const nearby = readings['4h'].atr;
  const support = levels.supports[0];
  const resistance = levels.resistances[0];
  if (support && price - support.price <= nearby) {
    factors.push({
      kind: 'near_level',
      side: 'support',
      level: support.price,
      distancePercent: ((price - support.price) / price) * 100,
    });
  }
  if (resistance && resistance.price - price <= nearby) {
    factors.push({
      kind: 'near_level',
      side: 'resistance',
      level: resistance.price,
      distancePercent: ((resistance.price - price) / price) * 100,
    });
  }
  const up = timeframes.filter((timeframe) => vote.timeframeScores[timeframe] >= 0.15);
  const down = timeframes.filter((timeframe) => vote.timeframeScores[timeframe] <= -0.15);
  if (up.length > 0 && down.length > 0) factors.push({ kind: 'timeframe_conflict', up, down });
  return factors;
}

/**
 * Agreement between timeframes and indicator families: each of the 3 × 4 (timeframe, family) cells
 * gives the sign of its weighted vote; 100 when all twelve point the same way, 0 when they cancel out.
 */
function measureConfluence(vote: VoteResult): number {
  const cells = new Map<string, number>();
  for (const entry of vote.votes) {
    const key = `${entry.timeframe}:${entry.family}`;
    cells.set(key, (cells.get(key) ?? 0) + entry.vote * entry.weight);
  }
  let net = 0;
  for (const value of cells.values()) net += Math.sign(value);
  return Math.round((Math.abs(net) / cells.size) * 100);
}

/** The direction of the higher-timeframe trend: daily and 4h EMA alignment votes, weighted as in the vote. */
function higherTimeframeTrend(vote: VoteResult): number {
  const alignment = votesOf(vote, 'ema_alignment');
  const daily = alignment.find((entry) => entry.timeframe === '1d')!;
  const fourHour = alignment.find((entry) => entry.timeframe === '4h')!;
  return (daily.vote * daily.weight + fourHour.vote * fourHour.weight) / (daily.weight + fourHour.weight);
}

function describeContext(readings: Record<SignalTimeframe, TimeframeReading>, trend: number): MarketContext {
  if (Math.abs(trend) >= 0.5) {
    const isStrong = (['1d', '4h'] as const).some((timeframe) => {
      const reading = readings[timeframe];
      return reading.adx >= ADX_TRENDING && Math.sign(reading.plusDi - reading.minusDi) === Math.sign(trend);
    });
    if (trend > 0) return isStrong ? 'strong_uptrend' : 'uptrend';
    return isStrong ? 'strong_downtrend' : 'downtrend';
  }
  if (readings['1h'].isSqueeze || readings['4h'].isSqueeze) return 'squeeze';
  return 'range';
}

/** Risk: daily ATR% (BTC usually 2-4%, altcoins 4-8%) plus how much the signals disagree. */
function assessRisk(dailyAtrPercent: number, signalStrength: number): RiskLevel {
  const volatilityPoints = dailyAtrPercent < 3 ? 0 : dailyAtrPercent < 6 ? 1 : 2;
  const disagreementPoints = signalStrength >= 60 ? 0 : signalStrength >= 30 ? 1 : 2;
  const points = volatilityPoints + disagreementPoints;
  return points <= 1 ? 'low' : points === 2 ? 'medium' : 'high';
}

/** Stop beyond the nearest level when it is within 3 ATR(4h), else 2 ATR away; targets at 1R, 2R and the next level. */
const STOP_LEVEL_RANGE_ATR = 3;
const STOP_BEYOND_LEVEL_ATR = 0.5;
const STOP_DEFAULT_ATR = 2;

function planStrategy(
  facts: Pick<AnalysisFacts, 'readings' | 'vote' | 'levels' | 'price'>,
  trend: number,
): StrategyPlan {
  const { readings, vote, levels, price } = facts;
  const atr = readings['4h'].atr;
  const direction = isBuySide(vote.signal) ? 1 : isSellSide(vote.signal) ? -1 : 0;
  if (direction === 0) {
    const isBreakout = readings['1h'].isSqueeze || readings['4h'].isSqueeze;
    const bands = readings['4h'].bollinger;
    return {
      kind: 'wait',
      type: isBreakout ? 'breakout' : 'wait',
      above: roundPrice(isBreakout ? bands.upper : (levels.resistances[0]?.price ?? bands.upper)),
      below: roundPrice(isBreakout ? bands.lower : (levels.supports[0]?.price ?? bands.lower)),
    };
  }
  const type = Math.sign(trend) === direction ? 'trend_following' : 'mean_reversion';
  const protectiveLevel = direction > 0 ? levels.supports[0] : levels.resistances[0];
  const nextLevel = direction > 0 ? levels.resistances[0] : levels.supports[0];
  const stopFromLevel =
    protectiveLevel !== undefined && Math.abs(price - protectiveLevel.price) <= STOP_LEVEL_RANGE_ATR * atr;
  const stopLoss = stopFromLevel
    ? protectiveLevel.price - direction * STOP_BEYOND_LEVEL_ATR * atr
    : price - direction * STOP_DEFAULT_ATR * atr;
  const risk = Math.abs(price - stopLoss);
  const targets = [price + direction * risk, price + direction * 2 * risk];
  if (nextLevel) targets.push(nextLevel.price);
  const unique = [...new Set(targets.filter((target) => target > 0).map(roundPrice))].sort(
    (a, b) => direction * (a - b),
  );
  return {
    kind: direction > 0 ? 'long' : 'short',
    type,
    entry: price,
    stopLoss: roundPrice(Math.max(stopLoss, price * 0.01)),
    targets: unique,
    stopFromLevel,
  };
}

/** Risking 1% of the capital per trade: the classic fixed-fractional sizing rule. */
const RISK_PER_TRADE_PERCENT = 1;
const MIN_POSITION_PERCENT = 0.5;

function recommend(facts: Omit<AnalysisFacts, 'recommendations'>): Recommendation[] {
  const { strategy, readings, confluence, price } = facts;
  const recommendations: Recommendation[] = [];
  const losingSetup = setupLostInTraining(facts.vote.signal);
  if (strategy.kind === 'wait') {
    recommendations.push({ kind: 'wait_for_close', above: strategy.above, below: strategy.below });
  } else if (losingSetup) {
    recommendations.push({ kind: 'setup_not_recommended', ...losingSetup });
  } else {
    const stopDistance = Math.abs(price - strategy.stopLoss) / price;
    const positionPercent = RISK_PER_TRADE_PERCENT / stopDistance;
    // A stop too close asks for more than the whole capital, one too far for a crumb of it: neither is
    // advice a trader can follow, so the size is given only between 0.5% and 100% of the capital.
    if (positionPercent >= MIN_POSITION_PERCENT && positionPercent <= 100) {
      recommendations.push({
        kind: 'position_size',
        riskPercent: RISK_PER_TRADE_PERCENT,
        positionPercent,
        stopLoss: strategy.stopLoss,
      });
    }
  }
  if (confluence.factors.some((factor) => factor.kind === 'squeeze'))
    recommendations.push({ kind: 'squeeze' });
  if (readings['1h'].isVolumeAnomaly) recommendations.push({ kind: 'volume_anomaly' });
  const hourlyRsi = classifyRsi(readings['1h'].rsi);
  if (hourlyRsi !== 'neutral') recommendations.push({ kind: 'rsi_extreme', state: hourlyRsi });
  if (confluence.factors.some((factor) => factor.kind === 'timeframe_conflict'))
    recommendations.push({ kind: 'timeframe_conflict' });
  if (confluence.riskLevel === 'high') recommendations.push({ kind: 'high_risk' });
  recommendations.push({ kind: 'not_advice' });
  return recommendations;
}

/**
 * The whole analysis of one coin from its closed 1h, 4h and 1d candles. Pure and deterministic: it reads
 * only the candles it is given (no clock: "now" is the close of the last 1h candle), so a signal at time t
 * depends only on bars closed before t.
 */
export function analyzeMarket(candles: MarketCandles): AnalysisFacts {
  const columns = {} as Record<SignalTimeframe, CandleColumns>;
  const readings = {} as Record<SignalTimeframe, TimeframeReading>;
  for (const timeframe of timeframes) {
    columns[timeframe] = toColumns(candles[timeframe]);
    readings[timeframe] = readTimeframe(timeframe, timeframePeriodMs[timeframe], columns[timeframe]);
  }
  const hourly = readings['1h'];
  const price = hourly.close;
  const asOf = hourly.closeTime;
  const vote = voteSignal(readings, columns['1d'].close);
  const levels = findKeyLevels(
    timeframes.map((timeframe) => ({
      timeframe,
      periodMs: timeframePeriodMs[timeframe],
      columns: columns[timeframe],
    })),
    price,
    readings['1d'].atr,
    asOf,
  );
  const { momentum, score: momentumScore } = blendMomentum(hourly);
  const base = { readings, vote, levels, price };
  const trend = higherTimeframeTrend(vote);
  const strategy = planStrategy(base, trend);
  const signalStrength = measureConfluence(vote);
  const dailyAtrPercent = (readings['1d'].atr / price) * 100;
  const facts: Omit<AnalysisFacts, 'recommendations'> = {
    ...base,
    asOf,
    momentum,
    momentumScore,
    trendStrength: measureTrendStrength(hourly),
    confluence: {
      signalStrength,
      marketContext: describeContext(readings, trend),
      strategyType: strategy.type,
      riskLevel: assessRisk(dailyAtrPercent, signalStrength),
      dailyAtrPercent,
      factors: collectFactors(base),
    },
    strategy,
    volume24h: hourly.volume24,
    expectedRanges: expectedRanges(candles['1h']),
  };
  return { ...facts, recommendations: recommend(facts) };
}

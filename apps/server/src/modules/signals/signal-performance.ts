// How a list of signals with their outcomes is measured: hit rates with intervals and baselines per class and
// horizon, calibration of the stated confidence, and the equity of following the signals against holding.
// One implementation for the backtest (replayed signals) and the track record (signals the product gave).
import {
  signalValues,
  type CalibrationBucket,
  type ClassResult,
  type EquityPoint,
  type HorizonResult,
  type PerformanceSummary,
  type SignalValue,
} from '@farol/contract';

const DAY_MS = 86_400_000;
/** Binance's spot taker fee, paid on the way in and on the way out of each trade a signal implies. */
export const FEE_PER_TRADE = 0.001;

export const signalHorizons = [
  { label: '24 h', hours: 24 },
  { label: '72 h', hours: 72 },
  { label: '7 d', hours: 168 },
] as const;

/** One signal and what the price did after it: `returns[i]` at signalHorizons[i], NaN until known. */
export type ScoredSignal = {
  symbol: string;
  time: number;
  price: number;
  signal: SignalValue;
  confidence: number;
  returns: number[];
};

export const isBuySide = (signal: SignalValue) => signal === 'buy' || signal === 'strong_buy';
export const isSellSide = (signal: SignalValue) => signal === 'sell' || signal === 'strong_sell';

/** A buy is right when the price rose, a sell when it fell, a neutral when the move was smaller than the median move. */
export function isHit(signal: SignalValue, change: number, medianMove: number): boolean {
  if (isBuySide(signal)) return change > 0;
  if (isSellSide(signal)) return change < 0;
  return Math.abs(change) < medianMove;
}

/** Wilson score interval (95%) of `hits` out of `count`. */
export function wilsonInterval(hits: number, count: number): [number, number] {
  if (count === 0) return [Number.NaN, Number.NaN];
  const z = 1.96;
  const p = hits / count;
  const denominator = 1 + (z * z) / count;
  const centre = (p + (z * z) / (2 * count)) / denominator;
  const margin = (z * Math.sqrt((p * (1 - p)) / count + (z * z) / (4 * count * count))) / denominator;
  // exact at the ends: all right or all wrong is no rounding error away from 1 or 0
  return [hits === 0 ? 0 : Math.max(0, centre - margin), hits === count ? 1 : Math.min(1, centre + margin)];
}

const mean = (values: number[]) =>
  values.length ? values.reduce((a, b) => a + b, 0) / values.length : Number.NaN;
export const orNull = (value: number) => (Number.isFinite(value) ? value : null);

function hitRateOf(signals: SignalValue[], changes: number[], medianMove: number, signal: SignalValue) {
  let count = 0;
  let hits = 0;
  for (let i = 0; i < signals.length; i++) {
    if (signals[i] !== signal) continue;
    count += 1;
    if (isHit(signal, changes[i]!, medianMove)) hits += 1;
  }
  return { count, hits };
}

/** The signals whose outcome at horizon `index` is known, and the median absolute move among them. */
function scoredAt(samples: ScoredSignal[], index: number) {
  const usable = samples.filter((sample) => Number.isFinite(sample.returns[index]));
  const moves = usable.map((sample) => Math.abs(sample.returns[index]!)).sort((a, b) => a - b);
  return { usable, medianMove: moves[Math.floor(moves.length / 2)] ?? 0 };
}

/** Per class: count, hit rate with its Wilson interval, mean change and trade result, and the shuffled baseline. */
export function summariseHorizon(samples: ScoredSignal[], index: number): HorizonResult {
  const horizon = signalHorizons[index]!;
  const { usable, medianMove } = scoredAt(samples, index);
  const signals = usable.map((sample) => sample.signal);
  const changes = usable.map((sample) => sample.returns[index]!);
  const classes = signalValues.map((signal): ClassResult => {
    const { count, hits } = hitRateOf(signals, changes, medianMove, signal);
    const [low, high] = wilsonInterval(hits, count);
    const own = changes.filter((_, i) => signals[i] === signal);
    const direction = isBuySide(signal) ? 1 : isSellSide(signal) ? -1 : 0;
    // Shuffling the signals in time keeps each class's count and deals it a random draw of the outcomes:
    // its expected hit rate is the share of ALL outcomes on which this class would have been right.
    const shuffledHitRate =
      changes.filter((change) => isHit(signal, change, medianMove)).length / changes.length;
    return {
      signal,
      count,
      hitRate: orNull(count ? hits / count : Number.NaN),
      hitRateLow: orNull(low),
      hitRateHigh: orNull(high),
      meanReturn: orNull(mean(own)),
      meanTradeReturnAfterFees:
        direction === 0 ? null : orNull(mean(own.map((change) => direction * change - 2 * FEE_PER_TRADE))),
      shuffledHitRate: count ? orNull(shuffledHitRate) : null,
    };
  });
  const rises = changes.filter((change) => change > 0).length;
  return {
    label: horizon.label,
    hours: horizon.hours,
    signals: usable.length,
    medianAbsoluteMove: medianMove,
    classes,
    alwaysLong: {
      count: changes.length,
      hitRate: changes.length ? rises / changes.length : 0,
      meanReturn: orNull(mean(changes)) ?? 0,
    },
  };
}

/** Stated-confidence buckets (0-100), the last closed at 100. */
export const calibrationEdges = [0, 40, 50, 60, 70, 80, 101] as const;

/** Stated confidence against the realised hit rate at the 24 h horizon, per bucket. */
export function calibrationOf(samples: ScoredSignal[], index = 0): CalibrationBucket[] {
  const { usable, medianMove } = scoredAt(samples, index);
  return calibrationEdges.slice(0, -1).map((from, bucket) => {
    const to = calibrationEdges[bucket + 1]!;
    const inside = usable.filter((sample) => sample.confidence >= from && sample.confidence < to);
    const hits = inside.filter((sample) => isHit(sample.signal, sample.returns[index]!, medianMove)).length;
    const [low, high] = wilsonInterval(hits, inside.length);
    return {
      from,
      to: Math.min(to, 100),
      count: inside.length,
      meanConfidence: orNull(mean(inside.map((sample) => sample.confidence))),
      hitRate: orNull(inside.length ? hits / inside.length : Number.NaN),
      hitRateLow: orNull(low),
      hitRateHigh: orNull(high),
    };
  });
}

function summarise(dailyReturns: number[]): PerformanceSummary {
  let equity = 1;
  let peak = 1;
  let maxDrawdown = 0;
  for (const change of dailyReturns) {
    equity *= 1 + change;
    peak = Math.max(peak, equity);
    maxDrawdown = Math.max(maxDrawdown, 1 - equity / peak);
  }
  const average = mean(dailyReturns);
  const deviation = Math.sqrt(
    dailyReturns.reduce((sum, change) => sum + (change - average) ** 2, 0) / (dailyReturns.length - 1),
  );
  const sharpe =
    dailyReturns.length > 1 && deviation > 0 ? (average / deviation) * Math.sqrt(365) : Number.NaN;
  return { sharpe: orNull(sharpe), maxDrawdown, totalReturn: equity - 1 };
}

/** At most `limit` points of a daily curve (every n-th day and the last): the page draws it, the file stays small. */
export function thinEquity(points: EquityPoint[], limit = 160): EquityPoint[] {
  const step = Math.max(1, Math.ceil(points.length / limit));
  const round = (value: number) => Math.round(value * 10_000) / 10_000;
  return points
    .filter((_, i) => i % step === 0 || i === points.length - 1)
    .map((point) => ({
      time: point.time,
      strategy: round(point.strategy),
      buyAndHold: round(point.buyAndHold),
    }));
}

/**
 * Following the signals against holding, each an equal-weight portfolio of the coins. Per coin, from each
 * signal to the coin's next one: long (buy, strong buy) or flat (everything else); 0.1% of the position is
 * paid each time it changes (the first entry included); holding pays it once. A coin's steps are compounded
 * per UTC day (of the step's start), the portfolio's day is the mean of the coins that had one that day
 * (rebalanced daily), Sharpe annualised from the daily returns (× √365, zero risk-free rate).
 */
export function followingPerformance(samples: ScoredSignal[]): {
  strategy: PerformanceSummary;
  buyAndHold: PerformanceSummary;
  equity: EquityPoint[];
} {
  const bySymbol = new Map<string, ScoredSignal[]>();
  for (const sample of samples) {
    const list = bySymbol.get(sample.symbol) ?? [];
    list.push(sample);
    bySymbol.set(sample.symbol, list);
  }
  const days = new Map<number, { strategy: number[]; hold: number[] }>();
  for (const list of bySymbol.values()) {
    list.sort((a, b) => a.time - b.time);
    const growth = new Map<number, { strategy: number; hold: number }>();
    let position = 0;
    for (let i = 0; i + 1 < list.length; i++) {
      const change = list[i + 1]!.price / list[i]!.price - 1;
      const next = isBuySide(list[i]!.signal) ? 1 : 0;
      const strategyStep = next * change - FEE_PER_TRADE * Math.abs(next - position);
      const holdStep = change - (i === 0 ? FEE_PER_TRADE : 0);
      position = next;
      const day = Math.floor(list[i]!.time / DAY_MS) * DAY_MS;
      const entry = growth.get(day) ?? { strategy: 1, hold: 1 };
      entry.strategy *= 1 + strategyStep;
      entry.hold *= 1 + holdStep;
      growth.set(day, entry);
    }
    for (const [day, entry] of growth) {
      const bucket = days.get(day) ?? { strategy: [], hold: [] };
      bucket.strategy.push(entry.strategy - 1);
      bucket.hold.push(entry.hold - 1);
      days.set(day, bucket);
    }
  }
  const ordered = [...days].sort(([a], [b]) => a - b);
  const strategyReturns = ordered.map(([, bucket]) => mean(bucket.strategy));
  const holdReturns = ordered.map(([, bucket]) => mean(bucket.hold));
  let strategyEquity = 1;
  let holdEquity = 1;
  const equity = ordered.map(([day], i) => {
    strategyEquity *= 1 + strategyReturns[i]!;
    holdEquity *= 1 + holdReturns[i]!;
    // the equity at the end of the day
    return { time: new Date(day + DAY_MS).toISOString(), strategy: strategyEquity, buyAndHold: holdEquity };
  });
  return { strategy: summarise(strategyReturns), buyAndHold: summarise(holdReturns), equity };
}

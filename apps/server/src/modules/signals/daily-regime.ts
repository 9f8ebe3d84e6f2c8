// The engine's directional call (engine 3): a rule on CLOSED daily candles only. Hourly indicators, measured
// over three years, carried no directional information (docs/signals.md), while the daily trend did; a call
// that reads only closed daily candles is also one that coins with daily history alone can be measured on
// (the held-out coins, BNB and XRP). The rule's shape and its parameters were chosen on the training window
// only (signal-tuning.cli.ts); its confidence is the hit rate such calls had there.
import type { SignalValue } from '@farol/contract';

export type RegimeRule = {
  /** The close must be above (buy side) or below (sell side) its simple average of this many days. */
  fastSma: number;
  /** A second, slower average the close must also be beyond; 0 for none. */
  slowSma: number;
  /** The close against the close this many days before must point the same way; 0 for none. */
  momentumDays: number;
  /** Whether the rule ever calls the sell side (when false, a falling market reads neutral: flat). */
  sells: boolean;
};

export type DailyFeatures = {
  close: number;
  smaFast: number;
  smaSlow: number | null;
  sma50: number;
  sma200: number;
  momentum: number | null;
  /** Standard deviation of the last 20 daily log returns: what the confidence bins read. */
  volatility20: number;
};

/** Days of closed daily candles the rule needs (SMA 200 plus the momentum look-back). */
export const REGIME_MIN_DAYS = 201;

function meanOfLast(closes: ArrayLike<number>, count: number): number {
  let sum = 0;
  for (let i = closes.length - count; i < closes.length; i++) sum += closes[i]!;
  return sum / count;
}

/** The rule's inputs from the closed daily closes (oldest first), or null with fewer than REGIME_MIN_DAYS. */
export function readDailyFeatures(closes: ArrayLike<number>, rule: RegimeRule): DailyFeatures | null {
  const needed = Math.max(REGIME_MIN_DAYS, rule.fastSma, rule.slowSma, rule.momentumDays + 1, 21);
  if (closes.length < needed) return null;
  const last = closes.length - 1;
  const logReturns: number[] = [];
  for (let i = last - 19; i <= last; i++) logReturns.push(Math.log(closes[i]! / closes[i - 1]!));
  const average = logReturns.reduce((a, b) => a + b, 0) / logReturns.length;
  const variance =
    logReturns.reduce((sum, value) => sum + (value - average) ** 2, 0) / (logReturns.length - 1);
  return {
    close: closes[last]!,
    smaFast: meanOfLast(closes, rule.fastSma),
    smaSlow: rule.slowSma > 0 ? meanOfLast(closes, rule.slowSma) : null,
    sma50: meanOfLast(closes, 50),
    sma200: meanOfLast(closes, 200),
    momentum: rule.momentumDays > 0 ? closes[last]! / closes[last - rule.momentumDays]! - 1 : null,
    volatility20: Math.sqrt(variance),
  };
}

/**
 * Buy side when the close is above every average of the rule and the momentum is up; strong when the
 * long-term structure agrees too (close above SMA 200 and SMA 50 above SMA 200). The sell side mirrored,
 * when the rule calls it. Anything else is neutral: the engine abstains.
 */
export function classifyRegime(features: DailyFeatures, rule: RegimeRule): SignalValue {
  const { close, smaFast, smaSlow, momentum, sma50, sma200 } = features;
  const up = close > smaFast && (smaSlow === null || close > smaSlow) && (momentum === null || momentum > 0);
  if (up) return close > sma200 && sma50 > sma200 ? 'strong_buy' : 'buy';
  const down =
    close < smaFast && (smaSlow === null || close < smaSlow) && (momentum === null || momentum < 0);
  if (down && rule.sells) return close < sma200 && sma50 < sma200 ? 'strong_sell' : 'sell';
  return 'neutral';
}

/** Per class, the training hit rate (0-1) of each volatility bin; edges split the bins. */
export type ConfidenceMap = {
  volatilityEdges: number[];
  bins: Partial<Record<SignalValue, { count: number; hitRate: number }[]>>;
};

export function volatilityBin(volatility: number, edges: readonly number[]): number {
  let bin = 0;
  while (bin < edges.length && volatility >= edges[bin]!) bin += 1;
  return bin;
}

/** The stated confidence (0-100): how often such calls (class, volatility bin) were right over 24 h in training. */
export function regimeConfidence(
  signal: SignalValue,
  volatility: number,
  map: ConfidenceMap,
  fallback = 50,
): number {
  const bins = map.bins[signal];
  const bin = bins?.[volatilityBin(volatility, map.volatilityEdges)] ?? bins?.[0];
  return bin ? Math.round(bin.hitRate * 100) : fallback;
}

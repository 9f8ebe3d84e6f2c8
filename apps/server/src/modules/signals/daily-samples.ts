// The pieces every replay shares: when the first signal can be given, what the price did after a signal, the
// daily closes the engine's daily rule sees at a time, and the naive "close above its n-day average" rule the
// engine is compared with.
import type { SignalValue } from '@farol/contract';
import type { Candle } from '../market/market.types.ts';
import type { MarketCandles } from './market-analysis.ts';
import { signalHorizons } from './signal-performance.ts';
import { candleWindows, closedCount } from './walk-forward.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The first step time at which every window of the engine is full. */
export function firstSignalTime(history: MarketCandles, stepMs: number, label = 'candles'): number {
  const firstTime = Math.max(
    ...(['1h', '4h', '1d'] as const).map((timeframe) => {
      const candle = history[timeframe][candleWindows[timeframe]];
      if (!candle) throw new Error(`${label}: too few ${timeframe} candles for the engine's windows`);
      return candle.openTime;
    }),
  );
  return Math.ceil(firstTime / stepMs) * stepMs;
}

/** The last closed 1h close at `time` and the return to the 1h close at each horizon (NaN past the data). */
export function horizonReturns(hourly: readonly Candle[], time: number) {
  const lastTime = hourly.at(-1)!.openTime + HOUR_MS;
  const price = hourly[closedCount(hourly, HOUR_MS, time) - 1]!.close;
  const prices = signalHorizons.map((horizon) => {
    const end = time + horizon.hours * HOUR_MS;
    return end > lastTime ? Number.NaN : hourly[closedCount(hourly, HOUR_MS, end) - 1]!.close;
  });
  return { price, prices, returns: prices.map((after) => after / price - 1) };
}

/** Closes of the daily candles closed by `time`, oldest first (a view, no copy per call beyond the first). */
const closesCache = new WeakMap<readonly Candle[], Float64Array>();
export function dailyClosesAsOf(daily: readonly Candle[], time: number): Float64Array {
  let closes = closesCache.get(daily);
  if (!closes) {
    closes = Float64Array.from(daily, (candle) => candle.close);
    closesCache.set(daily, closes);
  }
  return closes.subarray(0, closedCount(daily, DAY_MS, time));
}

/** The naive rule: long while the last daily close is above its simple average of `period` days. */
export function naiveSmaSignal(closes: ArrayLike<number>, period: number): SignalValue {
  if (closes.length < period) return 'neutral';
  let sum = 0;
  for (let i = closes.length - period; i < closes.length; i++) sum += closes[i]!;
  return closes[closes.length - 1]! > sum / period ? 'buy' : 'neutral';
}

import type { BacktestResults, ClassResult, HorizonResult } from '@farol/contract';
// The results file the backtest writes (`npm run backtest:publish -w apps/server`): every figure of the
// public pages about the signals' record comes from here, with its date.
import published from '../../../../../../docs/backtest/latest.json';

export const backtestResults = published as BacktestResults;

/** The 24-hour horizon, the one the pages quote. */
export const dayHorizon: HorizonResult = backtestResults.horizons.find((horizon) => horizon.hours === 24)!;

/** Hit rate of every buy-side signal (buy and strong buy together) over 24 hours. */
export function buySideHitRate(horizon: HorizonResult): number {
  const buySide = horizon.classes.filter((row) => row.signal === 'buy' || row.signal === 'strong_buy');
  const count = buySide.reduce((sum, row) => sum + row.count, 0);
  const hits = buySide.reduce((sum, row) => sum + (row.hitRate ?? 0) * row.count, 0);
  return count ? hits / count : 0;
}

/** A class beats chance when even the low end of its 95% interval is above the shuffled signals' hit rate. */
export const beatsChance = (row: ClassResult) => row.hitRateLow !== null && row.shuffledHitRate !== null && row.hitRateLow > row.shuffledHitRate;

import type { ClassResult, HorizonResult, TrackRecord } from '@farol/contract';

/** The record the public pages lead with: the live one once it covers 30 days, else the published backtest. */
export const leadingRecord = (record: TrackRecord) => record[record.primary];

/** The 24-hour horizon, the one the marketing pages quote (the server always measures it). */
export const dayHorizonOf = (horizons: HorizonResult[]): HorizonResult =>
  horizons.find((horizon) => horizon.hours === 24) ?? horizons[0]!;

/** Hit rate of every buy-side signal (buy and strong buy together); null while there is none. */
export function buySideHitRate(horizon: HorizonResult): number | null {
  const buySide = horizon.classes.filter((row) => row.signal === 'buy' || row.signal === 'strong_buy');
  const count = buySide.reduce((sum, row) => sum + row.count, 0);
  const hits = buySide.reduce((sum, row) => sum + (row.hitRate ?? 0) * row.count, 0);
  return count ? hits / count : null;
}

/** A class beats chance when even the low end of its 95% interval is above the shuffled signals' hit rate. */
export const beatsChance = (row: ClassResult) =>
  row.hitRateLow !== null && row.shuffledHitRate !== null && row.hitRateLow > row.shuffledHitRate;

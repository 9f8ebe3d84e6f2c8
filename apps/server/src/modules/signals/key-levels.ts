import type { SignalTimeframe } from '@farol/contract';
import { fractals } from '@farol/indicators';
import type { CandleColumns } from './candle-columns.ts';

/** A swing on a daily chart is seen by more traders than one on an hourly chart. */
const swingWeights: Record<SignalTimeframe, number> = { '1h': 1, '4h': 2, '1d': 3 };
/** Older swings count for less: a touch loses half its weight every 30 days. */
const RECENCY_HALF_LIFE_MS = 30 * 86_400_000;
/** Swings closer than this many daily ATRs are one level. */
const CLUSTER_ATR_FRACTION = 0.25;
/** Levels that qualify: the strongest clusters, then the nearest on each side. */
const STRONGEST_CLUSTERS = 12;
export const LEVELS_PER_SIDE = 3;

export type PriceLevel = { price: number; touches: number; score: number };

type Swing = { price: number; score: number };

/** Drops digits below the sixth significant one (weighted means otherwise print 12 decimals). */
export const roundPrice = (value: number) => Number(value.toPrecision(6));

function collectSwings(
  columns: CandleColumns,
  timeframe: SignalTimeframe,
  periodMs: number,
  now: number,
): Swing[] {
  const { up, down } = fractals(columns.high, columns.low);
  const swings: Swing[] = [];
  for (let i = 0; i < up.length; i++) {
    if (up[i] !== 1 && down[i] !== 1) continue;
    const age = now - (columns.openTime[i]! + periodMs);
    const score = swingWeights[timeframe] * 0.5 ** (age / RECENCY_HALF_LIFE_MS);
    if (up[i] === 1) swings.push({ price: columns.high[i]!, score });
    if (down[i] === 1) swings.push({ price: columns.low[i]!, score });
  }
  return swings;
}

/** Greedy clustering along the price axis: a swing joins the cluster whose weighted mean is within tolerance. */
function clusterSwings(swings: Swing[], tolerance: number): PriceLevel[] {
  const sorted = [...swings].sort((a, b) => a.price - b.price);
  const levels: PriceLevel[] = [];
  let weightedSum = 0;
  let current: PriceLevel | undefined;
  for (const swing of sorted) {
    if (current && swing.price - current.price <= tolerance) {
      weightedSum += swing.price * swing.score;
      current.score += swing.score;
      current.touches += 1;
      current.price = weightedSum / current.score;
    } else {
      current = { price: swing.price, touches: 1, score: swing.score };
      weightedSum = swing.price * swing.score;
      levels.push(current);
    }
  }
  return levels;
}

export type KeyLevels = { supports: PriceLevel[]; resistances: PriceLevel[] };

/**
 * Support and resistance: Williams fractals on 1h, 4h and 1d, clustered by proximity (a quarter of the
 * daily ATR), ranked by touches weighted by timeframe and recency; the nearest LEVELS_PER_SIDE of the
 * strongest clusters on each side of the price, nearest first.
 */
export function findKeyLevels(
  series: { timeframe: SignalTimeframe; periodMs: number; columns: CandleColumns }[],
  price: number,
  dailyAtr: number,
  now: number,
): KeyLevels {
  const swings = series.flatMap(({ timeframe, periodMs, columns }) =>
    collectSwings(columns, timeframe, periodMs, now),
  );
  const strongest = clusterSwings(swings, dailyAtr * CLUSTER_ATR_FRACTION)
    .sort((a, b) => b.score - a.score)
    .slice(0, STRONGEST_CLUSTERS)
    .map((level) => ({ ...level, price: roundPrice(level.price), score: Number(level.score.toFixed(4)) }));
  const supports = strongest
    .filter((level) => level.price < price)
    .sort((a, b) => b.price - a.price)
    .slice(0, LEVELS_PER_SIDE);
  const resistances = strongest
    .filter((level) => level.price > price)
    .sort((a, b) => a.price - b.price)
    .slice(0, LEVELS_PER_SIDE);
  return { supports, resistances };
}

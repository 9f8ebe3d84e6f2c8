import { SPARKLINE_MAX_POINTS } from '@farol/contract';

/**
 * At most `max` points of a price series, evenly spaced by index, first and last kept (the last is the
 * current price): CoinGecko's hourly 7-day sparkline has 168 points, a table row needs about 40.
 */
export function downsampleSeries(series: readonly number[], max = SPARKLINE_MAX_POINTS): number[] {
  if (series.length <= max) return [...series];
  if (max < 2) return series.slice(-max);
  const step = (series.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, index) => series[Math.round(index * step)]!);
}

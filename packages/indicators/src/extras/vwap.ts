import type { Series } from '../core/types.ts';

export type VwapAnchor = 'day' | 'week' | 'month' | 'none';

const DAY_MS = 86_400_000;

/** Session key of a UTC timestamp: bars with the same key share one VWAP session. */
export function sessionKey(time: number, anchor: VwapAnchor): number {
  if (anchor === 'none') return 0;
  if (anchor === 'day') return Math.floor(time / DAY_MS);
  if (anchor === 'week') return Math.floor((time / DAY_MS + 3) / 7); // weeks start on Monday (1970-01-01 was a Thursday)
  const date = new Date(time);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
}

/** Session-anchored VWAP = Σ(typical·V)/ΣV, reset at each UTC session; typical price while the session has no volume (Berkowitz et al., Journal of Finance 1988; TradingView "VWAP"). */
export function vwap(
  high: Series,
  low: Series,
  close: Series,
  volume: Series,
  time?: Series,
  anchor: VwapAnchor = 'day',
): Float64Array {
  const length = close.length;
  const out = new Float64Array(length);
  let session = Number.NaN;
  let priceVolume = 0;
  let volumeSum = 0;
  for (let i = 0; i < length; i++) {
    const key = time === undefined ? 0 : sessionKey(time[i], anchor);
    if (key !== session) {
      session = key;
      priceVolume = 0;
      volumeSum = 0;
    }
    const typical = (high[i] + low[i] + close[i]) / 3;
    priceVolume += typical * volume[i];
    volumeSum += volume[i];
    out[i] = volumeSum > 0 ? priceVolume / volumeSum : typical;
  }
  return out;
}

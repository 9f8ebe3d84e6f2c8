import type { CandleData } from '@farol/contract';

/** Bars a chart opens on: 60 on a phone, 90 wider; 500 candles squeezed into a phone read as a smear. */
export const PHONE_BARS = 60;
export const DESKTOP_BARS = 90;
/** Charts narrower than this (in CSS pixels) are a phone's. */
export const PHONE_CHART_WIDTH = 640;
/** Empty bars right of the last candle, so the live candle never sits against the price axis. */
export const RIGHT_OFFSET_BARS = 4;
/** The latest candles no label may cover: the live one and the few before it the trader is reading. */
export const LATEST_CLEAR_BARS = 12;

export type LogicalRange = { from: number; to: number };

/** The logical range (bar indexes) a chart `width` px wide opens on: the last 60 or 90 bars and the right offset. */
export function initialVisibleRange(barCount: number, width: number): LogicalRange {
  const shown = Math.min(barCount, width < PHONE_CHART_WIDTH ? PHONE_BARS : DESKTOP_BARS);
  return { from: barCount - shown - 0.5, to: barCount - 1 + RIGHT_OFFSET_BARS };
}

/** How many of the `barCount` bars have their centre inside `range`. */
export function visibleBarCount(range: LogicalRange, barCount: number): number {
  const first = Math.max(0, Math.ceil(range.from));
  const last = Math.min(barCount - 1, Math.floor(range.to));
  return Math.max(0, last - first + 1);
}

/** The candle a logical position (crosshair, tap) falls on, or null outside the data. */
export function candleIndexAt(logical: number | undefined, barCount: number): number | null {
  if (logical === undefined || !Number.isFinite(logical)) return null;
  const index = Math.round(logical);
  return index >= 0 && index < barCount ? index : null;
}

/** What the read-out shows for one candle: its prices, volume and change from the close before it. */
export type CandleReadout = CandleData & { changePercent: number };

export function readoutAt(candles: readonly CandleData[], index: number): CandleReadout | null {
  const candle = candles[index];
  if (!candle) return null;
  const reference = candles[index - 1]?.close ?? candle.open;
  return { ...candle, changePercent: reference ? ((candle.close - reference) / reference) * 100 : 0 };
}

/** Last close and the change over the visible candles: what the chart's text alternative says. */
export function visibleSummary(
  candles: readonly CandleData[],
  range: LogicalRange | null,
): { last: CandleData; first: CandleData; changePercent: number; bars: number } | null {
  if (candles.length === 0) return null;
  const from = range ? Math.max(0, Math.ceil(range.from)) : 0;
  const to = range ? Math.min(candles.length - 1, Math.floor(range.to)) : candles.length - 1;
  const first = candles[Math.min(from, to)];
  const last = candles[Math.max(from, to)];
  if (!first || !last) return null;
  const changePercent = first.open ? ((last.close - first.open) / first.open) * 100 : 0;
  return { first, last, changePercent, bars: Math.max(1, to - from + 1) };
}

import { ema, rsi } from '@farol/indicators';
import { describe, expect, it } from 'vitest';
import { candlesAnswer } from '../test/market-answers.ts';
import { chartPointsOf } from './chart-engine.ts';
import { computeStudies } from './chart-indicators.ts';
import { parseIndicators } from './chart-preferences.ts';
import {
  candleIndexAt,
  DESKTOP_BARS,
  initialVisibleRange,
  PHONE_BARS,
  readoutAt,
  visibleBarCount,
  visibleSummary,
} from './chart-view.ts';

describe('chart points', () => {
  it('drops the warm-up bars: RSI(14) starts at the 15th candle, MACD(12,26,9) line at the 34th', () => {
    const candles = candlesAnswer(60).data;
    const points = chartPointsOf(candles, computeStudies(candles));
    expect(points.rsi).toHaveLength(60 - 14);
    expect(points.rsi[0]!.time).toBe(candles[14]!.time);
    // TA-Lib aligns the MACD line with its signal: both start after 26 + 9 - 2 bars.
    expect(points.macd[0]!.time).toBe(candles[33]!.time);
    expect(points.signal).toHaveLength(points.macd.length);
    expect(points.rsi.every((point) => point.value >= 0 && point.value <= 100)).toBe(true);
    // Bollinger (20) from the 20th candle; EMA 200 has nothing to draw on 60 candles
    expect(points.bbUpper[0]!.time).toBe(candles[19]!.time);
    expect(points.ema200).toEqual([]);
  });

  it('draws the values of the shared indicator kernels, EMA 50 and 200 included', () => {
    const candles = candlesAnswer(260).data;
    const closes = candles.map((candle) => candle.close);
    const points = chartPointsOf(candles, computeStudies(candles));
    expect(points.rsi.map((point) => point.value)).toEqual([...rsi(closes, 14)].slice(14));
    expect(points.ema200.map((point) => point.value)).toEqual([...ema(closes, 200)].slice(199));
    expect(points.ema50[0]!.time).toBe(candles[49]!.time);
  });

  it('colours the MACD histogram green above zero and red below, and volume by the candle', () => {
    const candles = candlesAnswer(80).data;
    const points = chartPointsOf(candles, computeStudies(candles));
    for (const bar of points.histogram)
      expect(bar.color!.startsWith(bar.value >= 0 ? '#22c55e' : '#ef4444')).toBe(true);
    expect(points.volume).toHaveLength(80);
    expect(points.volume[0]!.value).toBe(candles[0]!.volume);
  });
});

describe('the view a chart opens on', () => {
  it('shows the last 60 bars on a phone and 90 on a wider screen, with room right of the last candle', () => {
    const phone = initialVisibleRange(500, 350);
    const desktop = initialVisibleRange(500, 1100);
    expect(visibleBarCount(phone, 500)).toBe(PHONE_BARS);
    expect(visibleBarCount(desktop, 500)).toBe(DESKTOP_BARS);
    expect(phone.to).toBeGreaterThan(499);
    expect(Math.ceil(desktop.from)).toBe(500 - DESKTOP_BARS);
  });

  it('shows every bar when there are fewer than it would open on', () => {
    expect(visibleBarCount(initialVisibleRange(40, 1100), 40)).toBe(40);
    expect(visibleBarCount({ from: -20, to: 10 }, 5)).toBe(5);
    expect(visibleBarCount({ from: 8, to: 9 }, 5)).toBe(0);
  });
});

describe('read-out and summary', () => {
  const candles = [
    { time: 100, open: 10, high: 12, low: 9, close: 11, volume: 5 },
    { time: 200, open: 11, high: 14, low: 10, close: 13.2, volume: 7 },
  ];

  it('gives a candle with its change from the close before it (from its open for the first)', () => {
    expect(readoutAt(candles, 1)).toMatchObject({ close: 13.2, volume: 7 });
    expect(readoutAt(candles, 1)!.changePercent).toBeCloseTo(20);
    expect(readoutAt(candles, 0)!.changePercent).toBeCloseTo(10);
    expect(readoutAt(candles, 2)).toBeNull();
  });

  it('finds the candle under the crosshair, none outside the data', () => {
    expect(candleIndexAt(0.6, 2)).toBe(1);
    expect(candleIndexAt(2.2, 2)).toBeNull();
    expect(candleIndexAt(undefined, 2)).toBeNull();
  });

  it('summarises the candles in view: last close and change from the first open', () => {
    const summary = visibleSummary(candles, { from: -3, to: 5 });
    expect(summary).toMatchObject({ bars: 2, last: candles[1], first: candles[0] });
    expect(summary!.changePercent).toBeCloseTo(32);
    expect(visibleSummary([], null)).toBeNull();
  });
});

describe('stored indicator choice', () => {
  it('keeps the stored switches and the defaults for anything missing or malformed', () => {
    expect(parseIndicators({ rsi: false, ema50: true, macd: 'yes' })).toEqual({
      volume: true,
      rsi: false,
      macd: true,
      bbands: false,
      ema50: true,
      ema200: false,
    });
    expect(parseIndicators(null).rsi).toBe(true);
  });
});

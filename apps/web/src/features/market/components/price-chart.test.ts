import { describe, expect, it } from 'vitest';
import { candlesAnswer } from '../test/market-answers.ts';
import { computeIndicatorPoints } from './price-chart.tsx';

describe('computeIndicatorPoints', () => {
  it('drops the warm-up bars: RSI(14) starts at the 15th candle, MACD(12,26,9) line at the 34th', () => {
    const candles = candlesAnswer(60).data;
    const points = computeIndicatorPoints(candles);
    expect(points.rsi).toHaveLength(60 - 14);
    expect(points.rsi[0]!.time).toBe(candles[14]!.time);
    // TA-Lib aligns the MACD line with its signal: both start after 26 + 9 - 2 bars.
    expect(points.macd[0]!.time).toBe(candles[33]!.time);
    expect(points.signal).toHaveLength(points.macd.length);
    expect(points.rsi.every((point) => point.value >= 0 && point.value <= 100)).toBe(true);
  });

  it('colours the MACD histogram green above zero and red below', () => {
    const points = computeIndicatorPoints(candlesAnswer(80).data);
    for (const bar of points.histogram)
      expect(bar.color.startsWith(bar.value >= 0 ? '#22c55e' : '#ef4444')).toBe(true);
  });
});

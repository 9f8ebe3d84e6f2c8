import { describe, expect, it } from 'vitest';
import {
  classifyRegime,
  readDailyFeatures,
  regimeConfidence,
  REGIME_MIN_DAYS,
  type ConfidenceMap,
  type RegimeRule,
} from './daily-regime.ts';

const sma200: RegimeRule = { fastSma: 200, slowSma: 0, momentumDays: 0, sells: true };

/** `days` closes rising (or falling) by `step` a day, then `tail` appended. */
const series = (days: number, start: number, step: number, tail: number[] = []) => [
  ...Array.from({ length: days }, (_, i) => start + i * step),
  ...tail,
];

describe('the daily rule of engine 3', () => {
  it('needs REGIME_MIN_DAYS closed days and reads only the closes it is given', () => {
    expect(readDailyFeatures(series(REGIME_MIN_DAYS - 1, 100, 1), sma200)).toBeNull();
    const features = readDailyFeatures(series(REGIME_MIN_DAYS, 100, 1), sma200)!;
    expect(features.close).toBe(300);
    expect(features.smaFast).toBeCloseTo(200.5, 10); // mean of 101 … 300
    expect(features.sma50).toBeCloseTo(275.5, 10);
  });

  it('calls the buy side above the average, strong when SMA 50 is above SMA 200 too, and mirrors it', () => {
    const rising = readDailyFeatures(series(250, 100, 1), sma200)!;
    expect(classifyRegime(rising, sma200)).toBe('strong_buy');
    // a sharp recovery above SMA 200 while SMA 50 is still below it: buy, not strong
    const recovery = readDailyFeatures(series(250, 400, -1, [400]), sma200)!;
    expect(recovery.close).toBeGreaterThan(recovery.smaFast);
    expect(recovery.sma50).toBeLessThan(recovery.sma200);
    expect(classifyRegime(recovery, sma200)).toBe('buy');
    const falling = readDailyFeatures(series(250, 400, -1), sma200)!;
    expect(classifyRegime(falling, sma200)).toBe('strong_sell');
    // a rule that does not sell abstains instead
    expect(classifyRegime(falling, { ...sma200, sells: false })).toBe('neutral');
    // with momentum in the rule, a close above its average that is below its level of 20 days ago abstains
    const withMomentum = { ...sma200, momentumDays: 20 };
    expect(classifyRegime(readDailyFeatures(series(250, 100, 1), withMomentum)!, withMomentum)).toBe(
      'strong_buy',
    );
    const dip = readDailyFeatures(series(250, 100, 1, [330, 340, 300]), withMomentum)!;
    expect(dip.close).toBeGreaterThan(dip.smaFast);
    expect(dip.momentum).toBeLessThan(0);
    expect(classifyRegime(dip, withMomentum)).toBe('neutral');
  });

  it('states the training hit rate of the call’s class and volatility bin', () => {
    const map: ConfidenceMap = {
      volatilityEdges: [0.02, 0.04],
      bins: {
        buy: [
          { count: 100, hitRate: 0.596 },
          { count: 100, hitRate: 0.523 },
          { count: 100, hitRate: 0.442 },
        ],
        sell: [{ count: 300, hitRate: 0.53 }],
      },
    };
    expect(regimeConfidence('buy', 0.01, map)).toBe(60);
    expect(regimeConfidence('buy', 0.02, map)).toBe(52);
    expect(regimeConfidence('buy', 0.09, map)).toBe(44);
    // one pooled bin for every volatility
    expect(regimeConfidence('sell', 0.09, map)).toBe(53);
    // a class training never saw states the fallback, not an invented figure
    expect(regimeConfidence('neutral', 0.01, map)).toBe(50);
  });
});

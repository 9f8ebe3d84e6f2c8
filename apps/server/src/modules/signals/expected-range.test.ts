import { describe, expect, it } from 'vitest';
import type { Candle } from '../market/market.types.ts';
import { runBacktest } from './backtest.ts';
import { readTestCandles } from './csv-candles.ts';
import {
  backtestRanges,
  expectedRangeModel,
  expectedRanges,
  measuredRangeCoverage,
  measureRangeOutcomes,
  measureRanges,
  replayRanges,
  seasonalFactor,
  type ExpectedRangeModel,
  type RangeOutcome,
} from './expected-range.ts';

const HOUR = 3_600_000;
const tuesday = Date.parse('2024-03-05T00:00:00Z');

/** Hourly candles whose closes move by exp(±step) alternately: every squared log return is step². */
function zigzag(count: number, step: number, start = tuesday): Candle[] {
  return Array.from({ length: count }, (_, index) => {
    const close = 100 * Math.exp(index % 2 === 0 ? 0 : step);
    return { openTime: start + index * HOUR, open: close, high: close, low: close, close, volume: 1 };
  });
}

const flat: ExpectedRangeModel = {
  ...expectedRangeModel,
  seasonality: { weekday: Array(24).fill(1), weekend: Array(24).fill(1) },
};

describe('expected ranges: the model', () => {
  it('forecasts sigma·√hours with the fitted quantiles when every hour is alike', () => {
    const candles = zigzag(721, 0.01);
    const [day, week] = expectedRanges(candles, flat);
    const price = candles.at(-1)!.close;
    const [quantiles24, quantiles168] = flat.horizons;
    // Every squared return is 0.0001, so the EWMA is 0.0001 whatever its weights: sigma_24 = 0.01·√24.
    expect(day!.horizonHours).toBe(24);
    expect(day!.low).toBeCloseTo(price * Math.exp(quantiles24!.zLow * 0.01 * Math.sqrt(24)), 10);
    expect(day!.high).toBeCloseTo(price * Math.exp(quantiles24!.zHigh * 0.01 * Math.sqrt(24)), 10);
    expect(week!.horizonHours).toBe(168);
    expect(week!.high).toBeCloseTo(price * Math.exp(quantiles168!.zHigh * 0.01 * Math.sqrt(168)), 10);
    expect(day!.probability).toBe(0.8);
  });

  it('reads only the last 720 hours, so an old crash stops widening the range', () => {
    const calm = zigzag(721, 0.01);
    const withOldCrash = [...zigzag(100, 0.2, tuesday - 100 * HOUR), ...calm];
    expect(expectedRanges(withOldCrash, flat)).toEqual(expectedRanges(calm, flat));
  });

  it('spreads a week of variance over the week: the seasonal factors average 1', () => {
    let total = 0;
    for (let hour = 0; hour < 168; hour += 1) total += seasonalFactor(tuesday + hour * HOUR);
    expect(total / 168).toBeCloseTo(1, 3);
    // A calm Sunday hour counts for less than a busy weekday afternoon (UTC).
    expect(seasonalFactor(Date.parse('2024-03-10T03:00:00Z'))).toBeLessThan(
      seasonalFactor(Date.parse('2024-03-05T14:00:00Z')),
    );
  });

  it('gives no range on too few candles instead of a made-up one', () => {
    expect(expectedRanges(zigzag(40, 0.01))).toEqual([]);
    expect(expectedRanges(zigzag(721, 0))).toEqual([]);
  });

  it('states the validation coverage it measured once, per horizon', () => {
    expect(measuredRangeCoverage(24)).toBe(expectedRangeModel.validation!.coverage['24']);
    expect(measuredRangeCoverage(168)).toBe(expectedRangeModel.validation!.coverage['168']);
    expect(measuredRangeCoverage(72)).toBeNull();
  });
});

describe('expected ranges: measuring them', () => {
  // Five forecasts from 100 with log outcomes −0.2 … +0.2 and a baseline sigma of 0.1: baseline scores −2 … 2.
  const logOutcomes = [-0.2, -0.1, 0, 0.1, 0.2];
  const outcomes: RangeOutcome[] = logOutcomes.map((logOutcome, index) => ({
    issuedAt: index * HOUR,
    price: 100,
    // Ranges 90–111, the last 95–105.
    low: index === 4 ? 95 : 90,
    high: index === 4 ? 105 : 111,
    outcome: 100 * Math.exp(logOutcome),
    baselineSigma: 0.1,
  }));

  it('counts coverage and mean width by hand', () => {
    // 81.87 out, 90.48 in, 100 in, 110.52 in (≤ 111), 122.14 out of 95–105: 3 of 5.
    const measure = measureRangeOutcomes(24, 0.8, outcomes);
    expect(measure.count).toBe(5);
    expect(measure.coverage).toBe(0.6);
    // Widths 21, 21, 21, 21, 10 (% of 100): mean 18.8.
    expect(measure.meanWidthPct).toBeCloseTo(18.8, 10);
  });

  it('scales the 30-day baseline to the same coverage on the outcomes themselves, by hand', () => {
    const measure = measureRangeOutcomes(24, 0.8, outcomes);
    // Equal tails of 0.2: quantiles of −2, −1, 0, 1, 2 at 0.2 and 0.8 are −1.2 and 1.2; they hold −1, 0, 1.
    expect(measure.baselineCoverage).toBe(0.6);
    expect(measure.baselineMeanWidthPct).toBeCloseTo(100 * (Math.exp(0.12) - Math.exp(-0.12)), 10);
  });

  it('measures nothing as null rather than zero', () => {
    expect(measureRangeOutcomes(168, 0.8, [])).toEqual({
      horizonHours: 168,
      nominal: 0.8,
      count: 0,
      coverage: null,
      meanWidthPct: null,
      baselineCoverage: null,
      baselineMeanWidthPct: null,
    });
  });

  it('skips a forecast whose horizon candle is missing from the file instead of misdating it', () => {
    const candles = zigzag(800, 0.01);
    const withGap = [...candles.slice(0, 760), ...candles.slice(761)];
    const complete = replayRanges(candles, {}, flat).get(24)!;
    const gapped = replayRanges(withGap, {}, flat).get(24)!;
    // Forecasts whose outcome would sit past the gap lose the exact horizon candle.
    expect(gapped.length).toBeLessThan(complete.length);
    for (const outcome of gapped) {
      const issued = withGap.findIndex((candle) => candle.openTime + HOUR === outcome.issuedAt);
      const expected = withGap.find((candle) => candle.openTime === withGap[issued]!.openTime + 24 * HOUR);
      expect(outcome.outcome).toBe(expected!.close);
    }
  });

  it('covers about 80% of BTC training outcomes (before 2024-07-01), as tuned', () => {
    const until = Date.parse('2024-06-23T00:00:00Z');
    const byHorizon = replayRanges(readTestCandles('BTCUSDT-1h.csv'), { to: until, stepHours: 7 });
    const [day, week] = measureRanges([byHorizon]);
    expect(day!.count).toBeGreaterThan(2000);
    expect(day!.coverage).toBeGreaterThan(0.75);
    expect(day!.coverage).toBeLessThan(0.85);
    expect(week!.coverage).toBeGreaterThan(0.72);
    expect(week!.coverage).toBeLessThan(0.88);
  });

  it("gives the backtest's results file a ranges field per horizon, from the same candle files", () => {
    const results = runBacktest({ symbols: ['SOL'], stepHours: 96 });
    expect(results.ranges).toEqual(backtestRanges(['SOL'], undefined, { stepHours: 96 }));
    expect(results.ranges!.map((measure) => measure.horizonHours)).toEqual([24, 168]);
    for (const measure of results.ranges!) {
      expect(measure.nominal).toBe(0.8);
      expect(measure.count).toBeGreaterThan(100);
      expect(measure.coverage).toBeGreaterThan(0.6);
      expect(measure.baselineCoverage).toBeGreaterThanOrEqual(measure.coverage!);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { goldenSets, readOhlcv } from '../../test-support/golden.ts';
import { runIndicator } from '../index.ts';

// The golden covers SAREXT at its defaults only; these pin the parameters TA-Lib's defaults leave unused.
const data = readOhlcv(goldenSets[0].csv);
const prices = { high: data.high, low: data.low };

function firstReversal(values: Float64Array): number {
  for (let i = 2; i < values.length; i++) if (Math.sign(values[i]) !== Math.sign(values[i - 1])) return i;
  throw new Error('no reversal in the sample');
}

describe('SAREXT parameters', () => {
  it('equals SAR with the sign of the position at symmetric settings', () => {
    const { outReal: sar } = runIndicator('SAR', prices, { optInAcceleration: 0.03, optInMaximum: 0.25 });
    const settings = {
      optInAccelerationInitLong: 0.03,
      optInAccelerationLong: 0.03,
      optInAccelerationMaxLong: 0.25,
      optInAccelerationInitShort: 0.03,
      optInAccelerationShort: 0.03,
      optInAccelerationMaxShort: 0.25,
    };
    const { outReal: ext } = runIndicator('SAREXT', prices, settings);
    expect(Array.from(ext, Math.abs)).toEqual(Array.from(sar));
    expect(ext.some((value) => value < 0)).toBe(true);
  });

  it('starts long at a positive start value and short at a negative one', () => {
    const long = runIndicator('SAREXT', prices, { optInStartValue: data.low[0] - 1 }).outReal;
    expect(long[1]).toBe(data.low[0] - 1);
    const short = runIndicator('SAREXT', prices, { optInStartValue: -(data.high[0] + 1) }).outReal;
    expect(short[1]).toBe(-(data.high[0] + 1));
  });

  it('moves the SAR away from price by the offset on a reversal bar only', () => {
    // Start long below both first lows so that bar 1 cannot already be a reversal.
    const optInStartValue = Math.min(data.low[0], data.low[1]) - 1;
    const plain = runIndicator('SAREXT', prices, { optInStartValue }).outReal;
    const offset = runIndicator('SAREXT', prices, { optInStartValue, optInOffsetOnReverse: 0.01 }).outReal;
    expect(plain[1]).toBeGreaterThan(0);
    const reversal = firstReversal(plain);
    for (let i = 1; i < reversal; i++) expect(offset[i]).toBe(plain[i]);
    // The first reversal is long to short: the SAR is raised by 1% and reported negative.
    const expected = plain[reversal] * 1.01;
    expect(plain[reversal]).toBeLessThan(0);
    expect(offset[reversal]).toBeCloseTo(expected, 9);
  });

  it('uses separate long and short acceleration', () => {
    const slowShort = runIndicator('SAREXT', prices, { optInAccelerationShort: 0.001 }).outReal;
    const plain = runIndicator('SAREXT', prices).outReal;
    const differsWhileShort = plain.some((value, i) => value < 0 && value !== slowShort[i]);
    expect(differsWhileShort).toBe(true);
  });
});

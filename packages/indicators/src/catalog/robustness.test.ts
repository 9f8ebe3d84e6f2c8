import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { catalog, IndicatorError, runIndicator } from '../index.ts';

function ohlcv(close: number[], spread = 0.01) {
  return {
    open: close.map((c, i) => (i === 0 ? c : close[i - 1])),
    high: close.map((c) => c * (1 + spread)),
    low: close.map((c) => c * (1 - spread)),
    close,
    volume: close.map((_, i) => (i % 7) * 10),
    time: close.map((_, i) => 1_700_000_000_000 + i * 3_600_000),
  };
}

function expectFiniteOrNaN(name: string, inputs: ReturnType<typeof ohlcv>): void {
  const result = runIndicator(name, inputs);
  for (const [output, values] of Object.entries(result)) {
    expect(values.length, `${name}.${output} length`).toBe(inputs.close.length);
    for (const value of values) {
      if (value === Infinity || value === -Infinity) throw new Error(`${name}.${output} returned ${value}`);
    }
  }
}

const cases: Array<[string, number[]]> = [
  ['empty input', []],
  ['a single bar', [100]],
  ['a flat series', Array.from({ length: 300 }, () => 42)],
  ['micro prices (1e-8)', Array.from({ length: 300 }, (_, i) => 1e-8 * (1 + 0.01 * Math.sin(i / 5)))],
  ['zero prices', Array.from({ length: 120 }, () => 0)],
];

describe('every catalogued function on edge inputs', () => {
  for (const [label, close] of cases) {
    it(`never throws nor returns Infinity on ${label}`, () => {
      for (const definition of catalog)
        expectFiniteOrNaN(definition.name, ohlcv(close, label === 'a flat series' ? 0 : 0.01));
    });
  }

  it('never throws nor returns Infinity on random finite series', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 1e-8, max: 1e9, noNaN: true }), { maxLength: 120 }), (close) => {
        for (const definition of catalog) expectFiniteOrNaN(definition.name, ohlcv(close));
      }),
      { numRuns: 25 },
    );
  });

  it('puts NaN exactly before the catalogued lookback', () => {
    const close = Array.from({ length: 400 }, (_, i) => 100 + 10 * Math.sin(i / 7) + i * 0.05);
    for (const definition of catalog) {
      if (!definition.isTaLib) continue;
      const first = Object.values(runIndicator(definition.name, ohlcv(close)))[0];
      const firstDefined = first.findIndex((value) => !Number.isNaN(value));
      expect(firstDefined, definition.name).toBe(definition.defaultLookback);
    }
  });
});

describe('runIndicator errors', () => {
  it('names an unknown function', () => {
    expect(() => runIndicator('RSX', { close: [1, 2, 3] })).toThrow(/Unknown indicator "RSX"/);
  });

  it('names an unknown parameter and lists the valid ones', () => {
    expect(() => runIndicator('RSI', { close: [1, 2, 3] }, { period: 14 })).toThrow(
      /unknown parameter period \(expected optInTimePeriod\)/,
    );
  });

  it('names a parameter out of range or not an integer', () => {
    expect(() => runIndicator('RSI', { close: [1] }, { optInTimePeriod: 1 })).toThrow(IndicatorError);
    expect(() => runIndicator('EMA', { close: [1] }, { optInTimePeriod: 2.5 })).toThrow(
      /optInTimePeriod must be an integer/,
    );
    expect(() => runIndicator('BBANDS', { close: [1] }, { optInMAType: 9 })).toThrow(
      /optInMAType must be between 0 and 8/,
    );
  });

  it('names a missing input', () => {
    expect(() => runIndicator('ATR', { close: [1, 2] })).toThrow(/missing input "high"/);
  });

  it('accepts lower-case names and TA-Lib input names', () => {
    const result = runIndicator('sma', { inReal: [1, 2, 3, 4] }, { optInTimePeriod: 2 });
    expect(Array.from(result.outReal)).toEqual([Number.NaN, 1.5, 2.5, 3.5]);
  });
});

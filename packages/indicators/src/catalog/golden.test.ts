import { describe, expect, it } from 'vitest';
import {
  goldenSets,
  readGolden,
  readOhlcv,
  type GoldenFunction,
  type Ohlcv,
} from '../../test-support/golden.ts';
import { findIndicator, runIndicator } from '../index.ts';

// No tolerance is relaxed and no bar is skipped: the kernels repeat TA-Lib's arithmetic, so even the
// flat-window cases the golden README warns about (STOCHRSI flipping 0/100, VAR running sums) match.

function mismatches(golden: GoldenFunction, data: Ohlcv): string[] {
  const inputs = Object.fromEntries(
    Object.entries(golden.inputs).map(([name, column]) => [name, data[column]]),
  );
  const result = runIndicator(golden.name, inputs, golden.params);
  const problems: string[] = [];
  golden.outputs.forEach((output, outputIndex) => {
    const ours = result[output];
    const expected = golden.values[output];
    if (ours === undefined) {
      problems.push(`${output}: missing`);
      return;
    }
    const isInteger = golden.outputTypes[outputIndex] === 'integer';
    for (let i = 0; i < expected.length && problems.length < 5; i++) {
      const want = expected[i];
      const got = ours[i];
      if (want === null) {
        if (!Number.isNaN(got)) problems.push(`${output}[${i}]: expected NaN before lookback, got ${got}`);
      } else if (want === 'NaN') {
        if (!Number.isNaN(got)) problems.push(`${output}[${i}]: expected NaN, got ${got}`);
      } else if (isInteger) {
        if (got !== want) problems.push(`${output}[${i}]: expected ${want}, got ${got}`);
      } else if (!(Math.abs(got - want) <= 1e-9 * Math.max(1, Math.abs(want)))) {
        problems.push(`${output}[${i}]: expected ${want}, got ${got}`);
      }
    }
  });
  return problems;
}

for (const set of goldenSets) {
  const golden = readGolden(set.golden);
  const data = readOhlcv(set.csv);
  const all = Object.values(golden.functions);

  describe(`TA-Lib goldens for ${set.name}`, () => {
    it('reads the whole input', () => {
      expect(data.close.length).toBe(golden.input.rows);
    });

    it('has every golden function in the catalogue (none is skipped)', () => {
      expect(
        all.filter((entry) => findIndicator(entry.name) === undefined).map((entry) => entry.name),
      ).toEqual([]);
    });

    it.each(all.map((entry) => [entry.key, entry] as const))(
      '%s matches TA-Lib on every output and bar',
      (_key, entry) => {
        expect(mismatches(entry, data)).toEqual([]);
      },
    );

    it.each(all.map((entry) => [entry.key, entry] as const))(
      '%s catalog lookback equals TA-Lib begIndex',
      (_key, entry) => {
        const definition = findIndicator(entry.name);
        if (!definition) throw new Error(`${entry.name} is not in the catalogue`);
        const params = Object.fromEntries(
          definition.params.map((param) => [param.name, entry.params[param.name] ?? param.defaultValue]),
        );
        expect(definition.lookback(params)).toBe(entry.lookback);
      },
    );
  });
}

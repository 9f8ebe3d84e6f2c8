import { readFileSync } from 'node:fs';

// Golden data lives in ../shared beside the repository (see /shared/data/golden/README.md).
const goldenDirectory = new URL('../../../../shared/data/golden/', import.meta.url);
const ohlcvDirectory = new URL('../../../../shared/data/ohlcv/', import.meta.url);

export type Ohlcv = { time: number[]; open: number[]; high: number[]; low: number[]; close: number[]; volume: number[] };

export type GoldenFunction = {
  key: string;
  name: string;
  variant: boolean;
  inputs: Record<string, keyof Ohlcv>;
  params: Record<string, number>;
  outputs: string[];
  outputTypes: Array<'real' | 'integer'>;
  lookback: number;
  values: Record<string, Array<number | null | 'NaN'>>;
};

export type Golden = { input: { file: string; rows: number }; functions: Record<string, GoldenFunction> };

export function readOhlcv(url: URL): Ohlcv {
  const [header, ...lines] = readFileSync(url, 'utf8').trim().split(/\r?\n/);
  const columns = header.split(',');
  const data: Ohlcv = { time: [], open: [], high: [], low: [], close: [], volume: [] };
  for (const line of lines) {
    const cells = line.split(',');
    columns.forEach((column, index) => {
      const cell = cells[index];
      const value = column === 'time' && !/^\d+$/.test(cell) ? Date.parse(cell) : Number(cell);
      data[column as keyof Ohlcv].push(value);
    });
  }
  return data;
}

export const goldenSets = [
  { name: 'sample-ohlcv', csv: new URL('sample-ohlcv.csv', goldenDirectory), golden: new URL('sample-ohlcv.golden.json', goldenDirectory) },
  { name: 'BTCUSDT-1d', csv: new URL('BTCUSDT-1d.csv', ohlcvDirectory), golden: new URL('BTCUSDT-1d.golden.json', goldenDirectory) },
];

export function readGolden(url: URL): Golden {
  return JSON.parse(readFileSync(url, 'utf8')) as Golden;
}

export function sampleOhlcv(): Ohlcv {
  return readOhlcv(goldenSets[0].csv);
}

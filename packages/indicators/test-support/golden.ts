import { readTestData, readTestJson } from '@farol/testdata';

// The goldens and their candles are in @farol/testdata (its README says where each came from).

export type Ohlcv = {
  time: number[];
  open: number[];
  high: number[];
  low: number[];
  close: number[];
  volume: number[];
};

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

export function readOhlcv(file: string): Ohlcv {
  const [header, ...lines] = readTestData(file).trim().split(/\r?\n/);
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
  { name: 'sample-ohlcv', csv: 'golden/sample-ohlcv.csv', golden: 'golden/sample-ohlcv.golden.json' },
  { name: 'BTCUSDT-1d', csv: 'ohlcv/BTCUSDT-1d.csv', golden: 'golden/BTCUSDT-1d.golden.json' },
];

export function readGolden(file: string): Golden {
  return readTestJson<Golden>(file);
}

export function sampleOhlcv(): Ohlcv {
  return readOhlcv(goldenSets[0].csv);
}

import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

/** The folder that holds the data files, laid out as `ohlcv/`, `golden/` and `fixtures/<vendor>/`. */
export const testDataDirectory = new URL('../data/', import.meta.url);

/**
 * Reads one data file as text by its path inside the data folder (`ohlcv/BTCUSDT-1h.csv`): large files are
 * kept gzip-compressed as `<path>.gz` and are decompressed here, so callers never know which is which.
 */
export function readTestData(relativePath: string): string {
  const plain = new URL(relativePath, testDataDirectory);
  if (existsSync(plain)) return readFileSync(plain, 'utf8');
  const compressed = new URL(`${relativePath}.gz`, testDataDirectory);
  if (existsSync(compressed)) return gunzipSync(readFileSync(compressed)).toString('utf8');
  throw new Error(
    `no test data file ${relativePath} (looked for it and ${relativePath}.gz in ${testDataDirectory.pathname})`,
  );
}

/** True when the data folder has this file, plain or compressed. */
export function hasTestData(relativePath: string): boolean {
  return (
    existsSync(new URL(relativePath, testDataDirectory)) ||
    existsSync(new URL(`${relativePath}.gz`, testDataDirectory))
  );
}

/** Parses a JSON data file (`fixtures/coingecko/global.json`). */
export function readTestJson<T = unknown>(relativePath: string): T {
  return JSON.parse(readTestData(relativePath)) as T;
}

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hasTestData, readTestData, readTestJson } from './index.ts';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const codeFolders = ['apps', 'packages', 'e2e', 'bench', 'scripts'];
const skippedFolders = new Set(['node_modules', 'dist', 'data', '.vite']);

function codeFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return skippedFolders.has(entry.name) ? [] : codeFiles(full);
    return /\.(ts|tsx|mjs|js)$/.test(entry.name) ? [full] : [];
  });
}

describe('tests run from the repository alone', () => {
  it('no code reads the shared data folder beside the repository', () => {
    const outside = codeFolders
      .flatMap((folder) => codeFiles(path.join(repositoryRoot, folder)))
      .filter((file) => /(\.\.\/)+shared\/|shared\/data\//.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(repositoryRoot, file));
    expect(outside).toEqual([]);
  });

  it('reads compressed and plain files by their original names', () => {
    expect(readTestData('ohlcv/BTCUSDT-1d.csv').split(/\r?\n/)[0]).toBe('time,open,high,low,close,volume');
    expect(
      readTestJson<{ data: { market_cap_percentage: { btc: number } } }>('fixtures/coingecko/global.json')
        .data.market_cap_percentage.btc,
    ).toBeGreaterThan(0);
    expect(hasTestData('ohlcv/ADAUSDT-1h.csv')).toBe(false);
    expect(() => readTestData('ohlcv/ADAUSDT-1h.csv')).toThrow(/no test data file ohlcv\/ADAUSDT-1h.csv/);
  });
});

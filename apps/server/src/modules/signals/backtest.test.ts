import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { catalog } from '@farol/indicators';
import { readTestData } from '@farol/testdata';
import { describe, expect, it } from 'vitest';
import { signalValues, type BacktestResults } from '@farol/contract';
import { backtestHorizons, runBacktest, wilsonInterval } from './backtest.ts';
import { SIGNAL_ENGINE_VERSION } from './signal-calibration.ts';
import { signalRules } from './signal-rules.ts';

const serverRoot = path.resolve(import.meta.dirname, '../../..');
const repositoryRoot = path.resolve(serverRoot, '../..');

/** The last `rows` candles of a test-data file opening before `until` (ISO), header kept. */
function tailOf(file: string, rows: number, until: string): string {
  const [header, ...lines] = readTestData(`ohlcv/${file}`).trim().split(/\r?\n/);
  return [header, ...lines.filter((line) => line.slice(0, until.length) < until).slice(-rows)].join('\n');
}

function expectConsistent(results: BacktestResults) {
  expect(results.horizons.map((horizon) => horizon.hours)).toEqual(
    backtestHorizons.map((horizon) => horizon.hours),
  );
  for (const horizon of results.horizons) {
    expect(horizon.classes.map((row) => row.signal)).toEqual([...signalValues]);
    expect(horizon.classes.reduce((sum, row) => sum + row.count, 0)).toBe(horizon.signals);
    for (const row of horizon.classes) {
      if (row.hitRate === null) continue;
      expect(row.hitRateLow!).toBeLessThanOrEqual(row.hitRate);
      expect(row.hitRateHigh!).toBeGreaterThanOrEqual(row.hitRate);
    }
  }
  // following the signals and holding: finite, and the equity curve ends where the total return says
  for (const key of ['strategy', 'buyAndHold'] as const) {
    const summary = results[key];
    expect(Number.isFinite(summary.sharpe)).toBe(true);
    expect(summary.maxDrawdown).toBeGreaterThanOrEqual(0);
    expect(summary.maxDrawdown).toBeLessThan(1);
    expect(results.equity.at(-1)![key]).toBeCloseTo(1 + summary.totalReturn, 3);
    const lowest = Math.min(...results.equity.map((point) => point[key]));
    expect(1 - lowest).toBeLessThanOrEqual(summary.maxDrawdown + 1e-4);
  }
  // calibration counts the 24 h signals once each
  expect(results.calibration.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(
    results.horizons[0]!.signals,
  );
}

describe('signal backtest', () => {
  it('gives the Wilson interval of a proportion', () => {
    const [low, high] = wilsonInterval(50, 100);
    expect(low).toBeCloseTo(0.4038, 3);
    expect(high).toBeCloseTo(0.5962, 3);
  });

  it('measures every class on every horizon with consistent counts and intervals', () => {
    const results = runBacktest({
      symbols: ['SOL'],
      stepHours: 96,
      now: () => new Date('2026-11-23T00:00:00Z'),
    });
    expectConsistent(results);
    expect(results.data.symbols).toEqual(['SOL']);
    expect(results.engine).toEqual({
      indicatorCount: catalog.length,
      ruleCount: signalRules.length,
      timeframes: ['1h', '4h', '1d'],
    });
    expect(results.examples.length).toBeGreaterThan(0);
    for (const example of results.examples)
      expect(example.change24h).toBeCloseTo(example.priceAfter24h / example.price - 1, 12);
  });

  it('runs from the command line on any folder of candle files and writes the results file', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'farol-backtest-'));
    for (const symbol of ['ETH', 'SOL']) {
      fs.writeFileSync(
        path.join(folder, `${symbol}USDT-1h.csv`),
        tailOf(`${symbol}USDT-1h.csv`, 3_000, '2025-04-28'),
      );
      fs.writeFileSync(
        path.join(folder, `${symbol}USDT-1d.csv`),
        tailOf(`${symbol}USDT-1d.csv`, 600, '2025-04-28'),
      );
    }
    const output = path.join(folder, 'out', 'results.json');
    execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/modules/signals/backtest.cli.ts',
        '--data',
        folder,
        '--symbols',
        'eth,sol',
        '--json',
        output,
        '--step-hours',
        '24',
      ],
      {
        cwd: serverRoot,
        stdio: 'pipe',
      },
    );
    const results = JSON.parse(fs.readFileSync(output, 'utf8')) as BacktestResults;
    expect(results.data.symbols).toEqual(['ETH', 'SOL']);
    expect(results.data.stepHours).toBe(24);
    expect(results.engineVersion).toBe(SIGNAL_ENGINE_VERSION);
    expectConsistent(results);
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('keeps the published results file in step with the engine it describes', () => {
    const published = JSON.parse(
      fs.readFileSync(path.join(repositoryRoot, 'docs/backtest/latest.json'), 'utf8'),
    ) as BacktestResults;
    expectConsistent(published);
    // a catalogue or rule change makes the public figures stale: run `npm run backtest:publish -w apps/server`
    expect(published.engineVersion).toBe(SIGNAL_ENGINE_VERSION);
    expect(published.engine).toEqual({
      indicatorCount: catalog.length,
      ruleCount: signalRules.length,
      timeframes: ['1h', '4h', '1d'],
    });
  });
});

import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { catalog } from '@farol/indicators';
import { readTestData } from '@farol/testdata';
import { describe, expect, it } from 'vitest';
import { signalValues, type BacktestResults } from '@farol/contract';
import type { Candle } from '../market/market.types.ts';
import { backtestHorizons, followSetup, replayDaily, runBacktest, wilsonInterval } from './backtest.ts';
import { readHistoryCsv } from './csv-candles.ts';
import { analyzeMarket, type AnalysisFacts } from './market-analysis.ts';
import { FEE_PER_TRADE } from './signal-performance.ts';
import { candlesAsOf } from './walk-forward.ts';
import { SIGNAL_ENGINE_VERSION } from './signal-calibration.ts';
import { signalRules } from './signal-rules.ts';

const serverRoot = path.resolve(import.meta.dirname, '../../..');
const repositoryRoot = path.resolve(serverRoot, '../..');
const HOUR = 3_600_000;
const DAY = 86_400_000;

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

  it('runs as documented from the repository root on a folder of plain, gzip and daily-only files', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'farol-backtest-'));
    fs.writeFileSync(path.join(folder, 'ETHUSDT-1h.csv'), tailOf('ETHUSDT-1h.csv', 3_000, '2025-04-28'));
    fs.writeFileSync(path.join(folder, 'ETHUSDT-1d.csv'), tailOf('ETHUSDT-1d.csv', 600, '2025-04-28'));
    fs.writeFileSync(
      path.join(folder, 'SOLUSDT-1h.csv.gz'),
      gzipSync(tailOf('SOLUSDT-1h.csv', 3_000, '2025-04-28')),
    );
    fs.writeFileSync(
      path.join(folder, 'SOLUSDT-1d.csv.gz'),
      gzipSync(tailOf('SOLUSDT-1d.csv', 600, '2025-04-28')),
    );
    // BNB has daily candles only, as in the repository's test data
    fs.writeFileSync(path.join(folder, 'BNBUSDT-1d.csv'), tailOf('BNBUSDT-1d.csv', 600, '2025-04-28'));
    const output = path.join(folder, 'out', 'results.json');
    // npm must hand the flags to the script (`npm run backtest -- …`), not parse them itself
    execFileSync(
      'npm',
      [
        'run',
        'backtest',
        '--',
        '--data',
        folder,
        '--symbols',
        'eth,sol,bnb',
        '--from',
        '2025-03-01',
        '--to',
        '2025-04-10',
        '--json',
        output,
        '--step-hours',
        '24',
      ],
      { cwd: repositoryRoot, stdio: 'pipe' },
    );
    const results = JSON.parse(fs.readFileSync(output, 'utf8')) as BacktestResults;
    expect(results.data.symbols).toEqual(['ETH', 'SOL', 'BNB']);
    expect(results.data.stepHours).toBe(24);
    expect(results.data.from).toBe('2025-03-01T00:00:00.000Z');
    expect(results.data.to).toBe('2025-04-10T00:00:00.000Z');
    expect(results.data.source).toContain('BNB: 1d only');
    expect(results.engineVersion).toBe(SIGNAL_ENGINE_VERSION);
    expectConsistent(results);
    expect(Object.keys(results.naiveRules!)).toEqual(['sma20', 'sma50', 'sma200']);
    expect(results.setups!.map((row) => row.signal)).toEqual(['strong_buy', 'buy', 'sell', 'strong_sell']);
    // setups need the 1h path: only ETH and SOL give them, one per directional call
    const directional = results.horizons[0]!.classes.filter((row) => row.signal !== 'neutral');
    const setupCount = results.setups!.reduce((sum, row) => sum + row.count, 0);
    expect(setupCount).toBeGreaterThan(0);
    expect(setupCount).toBeLessThan(directional.reduce((sum, row) => sum + row.count, 0));
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('refuses an unreadable date and a symbol without candles, naming them', () => {
    const run = (args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'src/modules/signals/backtest.cli.ts', ...args], {
        cwd: serverRoot,
        encoding: 'utf8',
      });
    const badDate = run(['--symbols', 'BTC', '--from', 'yesterday']);
    expect(badDate.status).toBe(1);
    expect(badDate.stderr).toContain('--from takes a date');
    const missing = run(['--symbols', 'NOPE']);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('no NOPEUSDT-1d.csv');
  });

  it('calls a daily-only coin exactly as the engine calls it at the same midnight', () => {
    const history = readHistoryCsv('BTC');
    const daily = replayDaily('BTC', undefined, {
      from: Date.parse('2023-01-01T00:00:00Z'),
      to: Date.parse('2024-12-31T00:00:00Z'),
    }).filter((_, index) => index % 45 === 0);
    expect(daily.length).toBeGreaterThan(10);
    for (const sample of daily) {
      const facts = analyzeMarket(candlesAsOf(history, sample.time));
      expect(sample.signal).toBe(facts.vote.signal);
      expect(sample.confidence).toBe(facts.vote.confidence);
      expect(sample.price).toBe(history['1d'].find((candle) => candle.openTime + DAY === sample.time)!.close);
    }
  });

  it('ends a setup at the stop, the first target or after 7 days, the stop first when one candle reaches both', () => {
    const time = Date.parse('2024-01-01T00:00:00Z');
    const hour = (offset: number, low: number, high: number, close = 100): Candle => ({
      openTime: time + offset * HOUR,
      open: 100,
      high,
      low,
      close,
      volume: 1,
    });
    const flat = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => hour(from + i, 99.5, 100.5));
    const facts = {
      price: 100,
      strategy: {
        kind: 'long',
        type: 'trend_following',
        entry: 100,
        stopLoss: 95,
        targets: [104, 108],
        stopFromLevel: false,
      },
    } as unknown as AnalysisFacts;
    const fee = 2 * FEE_PER_TRADE;
    const target = [...flat(0, 10), hour(10, 99, 104.5), ...flat(11, 200)];
    expect(followSetup(facts, target, time)!.ending).toBe('target');
    expect(followSetup(facts, target, time)!.resultAfterFees).toBeCloseTo(0.04 - fee, 12);
    const stop = [...flat(0, 10), hour(10, 94, 101), ...flat(11, 200)];
    expect(followSetup(facts, stop, time)!.ending).toBe('stop');
    expect(followSetup(facts, stop, time)!.resultAfterFees).toBeCloseTo(-0.05 - fee, 12);
    const both = [...flat(0, 10), hour(10, 94, 105), ...flat(11, 200)];
    expect(followSetup(facts, both, time)!.ending).toBe('stop');
    const drift = [...flat(0, 167), hour(167, 101, 102.5, 102), ...flat(168, 20)];
    const timed = followSetup(facts, drift, time)!;
    expect(timed.ending).toBe('time');
    expect(timed.resultAfterFees).toBeCloseTo(0.02 - fee, 12);
    // a setup whose 7 days are not over yet has no outcome
    expect(followSetup(facts, flat(0, 100), time)).toBeNull();
  });

  it('keeps the held-out measurement in step with the engine, on BNB and XRP alone', () => {
    const heldOut = JSON.parse(
      fs.readFileSync(path.join(repositoryRoot, 'docs/backtest/held-out.json'), 'utf8'),
    ) as BacktestResults;
    expectConsistent(heldOut);
    expect(heldOut.engineVersion).toBe(SIGNAL_ENGINE_VERSION);
    expect(heldOut.data.symbols).toEqual(['BNB', 'XRP']);
  });

  it('keeps the published results file in step with the engine it describes', () => {
    const published = JSON.parse(
      fs.readFileSync(path.join(repositoryRoot, 'docs/backtest/latest.json'), 'utf8'),
    ) as BacktestResults;
    expectConsistent(published);
    // a catalogue or rule change makes the public figures stale: run `npm run backtest:publish`
    expect(published.engineVersion).toBe(SIGNAL_ENGINE_VERSION);
    // the validation window only: the engine was chosen on what came before it
    expect(Date.parse(published.data.from)).toBeGreaterThanOrEqual(Date.parse('2024-07-01T00:00:00Z'));
    expect(published.naiveRules).toBeDefined();
    expect(published.setups).toBeDefined();
    expect(published.engine).toEqual({
      indicatorCount: catalog.length,
      ruleCount: signalRules.length,
      timeframes: ['1h', '4h', '1d'],
    });
  });
});

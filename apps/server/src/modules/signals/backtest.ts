// The signal engine replayed walk-forward over real candles (each signal sees only candles closed before its
// time): per signal class and horizon the count, hit rate with its 95% interval and mean return, next to two
// naive baselines (always long, and the same signals shuffled in time), the calibration of the stated
// confidence, and the equity of following the signals against holding (signal-performance.ts measures all of
// it, for the track record too). `npm run backtest` prints it and writes the versioned results file the public
// pages render (docs/backtest/latest.json).
import type { BacktestResults } from '@farol/contract';
import { catalog } from '@farol/indicators';
import { readHistoryCsv, type CandleFileReader } from './csv-candles.ts';
import { backtestRanges } from './expected-range.ts';
import { analyzeMarket, timeframes, type AnalysisFacts } from './market-analysis.ts';
import { SIGNAL_ENGINE_VERSION } from './signal-calibration.ts';
import {
  calibrationOf,
  FEE_PER_TRADE,
  followingPerformance,
  thinEquity,
  isBuySide,
  isSellSide,
  signalHorizons,
  summariseHorizon,
  type ScoredSignal,
} from './signal-performance.ts';
import { signalRules } from './signal-rules.ts';
import { candleWindows, candlesAsOf, closedCount } from './walk-forward.ts';

export { wilsonInterval } from './signal-performance.ts';
export const BACKTEST_SCHEMA_VERSION = 2;
export const backtestHorizons = signalHorizons;

const HOUR_MS = 3_600_000;

/** A replayed signal: its outcome, the engine's facts behind it (the tuning reads them), the horizon prices. */
export type ReplayedSignal = ScoredSignal & { facts: AnalysisFacts; prices: number[] };

export type BacktestOptions = {
  symbols: string[];
  readFile?: CandleFileReader;
  stepHours?: number;
  source?: string;
  now?: () => Date;
};

/** Every `stepMs` from the first time all windows are full to the last closed 1h candle: the engine's signal. */
export function replay(
  symbol: string,
  readFile: CandleFileReader | undefined,
  stepMs: number,
): ReplayedSignal[] {
  const history = readHistoryCsv(symbol, readFile);
  const hourly = history['1h'];
  // The first signal needs full windows on every timeframe.
  const firstTime = Math.max(
    ...(['1h', '4h', '1d'] as const).map((timeframe) => {
      const candle = history[timeframe][candleWindows[timeframe]];
      if (!candle) throw new Error(`${symbol}: too few ${timeframe} candles for the engine's windows`);
      return candle.openTime;
    }),
  );
  const lastTime = hourly.at(-1)!.openTime + HOUR_MS;
  const samples: ReplayedSignal[] = [];
  for (let time = Math.ceil(firstTime / stepMs) * stepMs; time <= lastTime; time += stepMs) {
    const facts = analyzeMarket(candlesAsOf(history, time));
    // Hourly candles can end before the daily file: a horizon past the last closed candle has no return.
    const prices = backtestHorizons.map((horizon) => {
      const end = time + horizon.hours * HOUR_MS;
      return end > lastTime ? Number.NaN : hourly[closedCount(hourly, HOUR_MS, end) - 1]!.close;
    });
    samples.push({
      symbol,
      time,
      price: facts.price,
      signal: facts.vote.signal,
      confidence: facts.vote.confidence,
      facts,
      prices,
      returns: prices.map((price) => price / facts.price - 1),
    });
  }
  return samples;
}

/** Replays the engine over each symbol's candle files and measures its signals. */
export function runBacktest(options: BacktestOptions): BacktestResults {
  const stepHours = options.stepHours ?? 8;
  const samples = options.symbols.flatMap((symbol) => replay(symbol, options.readFile, stepHours * HOUR_MS));
  const ranges = backtestRanges(options.symbols, options.readFile, { stepHours });
  return { ...measureSignals(samples, { ...options, stepHours }), ranges };
}

/** The results file of replayed signals. */
export function measureSignals(
  samples: ReplayedSignal[],
  options: Omit<BacktestOptions, 'readFile'> & { stepHours: number },
): BacktestResults {
  const { stepHours } = options;
  if (samples.length === 0) throw new Error('the candle files gave no signal to measure');
  const times = samples.map((sample) => sample.time);
  const following = followingPerformance(samples);
  const examples = samples
    .filter(
      (sample) => (isBuySide(sample.signal) || isSellSide(sample.signal)) && !Number.isNaN(sample.prices[0]!),
    )
    .sort((a, b) => b.time - a.time)
    .slice(0, 4)
    .map((sample) => ({
      time: new Date(sample.time).toISOString(),
      symbol: sample.symbol,
      signal: sample.signal,
      price: sample.price,
      priceAfter24h: sample.prices[0]!,
      change24h: sample.returns[0]!,
    }));
  return {
    schemaVersion: BACKTEST_SCHEMA_VERSION,
    engineVersion: SIGNAL_ENGINE_VERSION,
    generatedAt: (options.now?.() ?? new Date()).toISOString(),
    method: 'docs/signals.md',
    data: {
      source: options.source ?? 'Binance spot candles (1h; 4h aggregated from 1h; 1d)',
      symbols: options.symbols,
      from: new Date(Math.min(...times)).toISOString(),
      to: new Date(Math.max(...times)).toISOString(),
      stepHours,
    },
    feePerTradePercent: FEE_PER_TRADE * 100,
    engine: { indicatorCount: catalog.length, ruleCount: signalRules.length, timeframes: [...timeframes] },
    horizons: backtestHorizons.map((_, index) => summariseHorizon(samples, index)),
    examples,
    ...following,
    equity: thinEquity(following.equity),
    calibration: calibrationOf(samples),
  };
}

const pct = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(2)}%`);
const hitPct = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(1)}%`);

/** The results as the Markdown tables docs/signals.md quotes. */
export function backtestMarkdown(results: BacktestResults): string {
  const lines = [
    `# Signal backtest: ${results.data.symbols.join(', ')} (${results.data.source})`,
    `Walk-forward, one signal every ${results.data.stepHours} h from ${results.data.from} to ${results.data.to}; returns from the signal's price (last closed 1h close) to the 1h close at the horizon.`,
    'Hit: buy side when the price rose, sell side when it fell, neutral when the absolute move was below the median move. 95% Wilson interval in brackets.',
    `Shuffled baseline: the same signals shuffled in time (the exact expectation over all shuffles). Trade return: long on buys, short on sells, after ${results.feePerTradePercent}% fee in and out.`,
  ];
  const ratio = (value: number | null) => (value === null ? '—' : value.toFixed(2));
  lines.push(
    '\n### Following the signals (long on buy and strong buy, flat otherwise) against holding, equal weight, net of fees\n',
    '| | Sharpe | max drawdown | total return |',
    '|---|---:|---:|---:|',
    ...(['strategy', 'buyAndHold'] as const).map(
      (key) =>
        `| ${key === 'strategy' ? 'signals' : 'buy and hold'} | ${ratio(results[key].sharpe)} | ${pct(results[key].maxDrawdown)} | ${pct(results[key].totalReturn)} |`,
    ),
    '\n### Calibration (24 h): stated confidence against realised hit rate\n',
    '| stated | count | mean stated | hit rate [95%] |',
    '|---|---:|---:|---:|',
    ...results.calibration.map(
      (bucket) =>
        `| ${bucket.from}–${bucket.to} | ${bucket.count} | ${bucket.meanConfidence === null ? '—' : bucket.meanConfidence.toFixed(1)} | ${hitPct(bucket.hitRate)} [${hitPct(bucket.hitRateLow)}–${hitPct(bucket.hitRateHigh)}] |`,
    ),
  );
  for (const horizon of results.horizons) {
    lines.push(
      `\n### Horizon ${horizon.label} (${horizon.signals} signals, median absolute move ${pct(horizon.medianAbsoluteMove)})\n`,
    );
    lines.push(
      '| signal | count | hit rate [95%] | shuffled hit rate | mean change | trade return after fees |',
    );
    lines.push('|---|---:|---:|---:|---:|---:|');
    for (const row of horizon.classes) {
      lines.push(
        `| ${row.signal} | ${row.count} | ${hitPct(row.hitRate)} [${hitPct(row.hitRateLow)}–${hitPct(row.hitRateHigh)}] | ${hitPct(row.shuffledHitRate)} | ${pct(row.meanReturn)} | ${pct(row.meanTradeReturnAfterFees)} |`,
      );
    }
    lines.push(
      `| always long | ${horizon.alwaysLong.count} | ${hitPct(horizon.alwaysLong.hitRate)} | | ${pct(horizon.alwaysLong.meanReturn)} | |`,
    );
  }
  return lines.join('\n');
}

// The signal engine replayed walk-forward over real candles (each signal sees only candles closed before its
// time): per signal class and horizon the count, hit rate with its 95% interval and mean return, next to two
// naive baselines (always long, and the same signals shuffled in time), the calibration of the stated
// confidence, and the equity of following the signals against holding (signal-performance.ts measures all of
// it, for the track record too). `npm run backtest` prints it and writes the versioned results file the public
// pages render (docs/backtest/latest.json).
import { signalValues, type BacktestResults, type SetupResult } from '@farol/contract';
import { catalog } from '@farol/indicators';
import type { Candle } from '../market/market.types.ts';
import { hasCandleFile, readDailyCsv, readHistoryCsv, type CandleFileReader } from './csv-candles.ts';
import { classifyRegime, readDailyFeatures, REGIME_MIN_DAYS } from './daily-regime.ts';
import { dailyClosesAsOf, firstSignalTime, horizonReturns, naiveSmaSignal } from './daily-samples.ts';
import { backtestRanges } from './expected-range.ts';
import { analyzeMarket, timeframes, type AnalysisFacts } from './market-analysis.ts';
import { calibrateConfidence, engineParameters, SIGNAL_ENGINE_VERSION } from './signal-calibration.ts';
import {
  calibrationOf,
  FEE_PER_TRADE,
  followingPerformance,
  thinEquity,
  isBuySide,
  isSellSide,
  signalHorizons,
  summariseHorizon,
  wilsonInterval,
  type ScoredSignal,
} from './signal-performance.ts';
import { signalRules } from './signal-rules.ts';
import { candlesAsOf, closedCount } from './walk-forward.ts';

export { wilsonInterval } from './signal-performance.ts';
export const BACKTEST_SCHEMA_VERSION = 2;
export const backtestHorizons = signalHorizons;

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const SETUP_HOURS = 168;

/** A replayed signal: its outcome, the engine's facts behind it (null in a daily-only replay), the horizon prices. */
export type ReplayedSignal = ScoredSignal & {
  facts: AnalysisFacts | null;
  prices: number[];
  /** The daily closes closed by the signal's time (the naive rules read them). */
  dailyCloses: Float64Array;
  /** What taking the class's setup did within 7 days; null without a setup or without hourly candles. */
  setup: SetupOutcome | null;
};

export type SetupOutcome = { ending: 'target' | 'stop' | 'time'; resultAfterFees: number };

export type BacktestOptions = {
  symbols: string[];
  readFile?: CandleFileReader;
  stepHours?: number;
  /** Only signals at or after this time (ms), and at or before `to`. */
  from?: number;
  to?: number;
  source?: string;
  now?: () => Date;
};

/**
 * The setup of a directional analysis followed on the 1h candles after it, for at most 7 days: the stop when a
 * candle reaches it (first when one candle reaches both: the candle's path inside the hour is unknown, so the
 * worse ending is assumed), the first target when a candle reaches it, else the close 7 days later.
 */
export function followSetup(
  facts: AnalysisFacts,
  hourly: readonly Candle[],
  time: number,
): SetupOutcome | null {
  const { strategy } = facts;
  if (strategy.kind === 'wait' || strategy.targets.length === 0) return null;
  const direction = strategy.kind === 'long' ? 1 : -1;
  const entry = facts.price;
  const target = strategy.targets[0]!;
  const settle = (ending: SetupOutcome['ending'], exit: number): SetupOutcome => ({
    ending,
    resultAfterFees: direction * (exit / entry - 1) - 2 * FEE_PER_TRADE,
  });
  const start = closedCount(hourly, HOUR_MS, time);
  const end = closedCount(hourly, HOUR_MS, time + SETUP_HOURS * HOUR_MS);
  if (hourly.at(-1)!.openTime + HOUR_MS < time + SETUP_HOURS * HOUR_MS) return null;
  for (let i = start; i < end; i++) {
    const candle = hourly[i]!;
    if (direction > 0 ? candle.low <= strategy.stopLoss : candle.high >= strategy.stopLoss)
      return settle('stop', strategy.stopLoss);
    if (direction > 0 ? candle.high >= target : candle.low <= target) return settle('target', target);
  }
  return settle('time', hourly[end - 1]!.close);
}

const within = (time: number, options: Pick<BacktestOptions, 'from' | 'to'>) =>
  time >= (options.from ?? -Infinity) && time <= (options.to ?? Infinity);

/** Every `stepMs` from the first time all windows are full to the last closed 1h candle: the engine's signal. */
export function replay(
  symbol: string,
  readFile: CandleFileReader | undefined,
  stepMs: number,
  range: Pick<BacktestOptions, 'from' | 'to'> = {},
): ReplayedSignal[] {
  const history = readHistoryCsv(symbol, readFile);
  const hourly = history['1h'];
  const lastTime = hourly.at(-1)!.openTime + HOUR_MS;
  const samples: ReplayedSignal[] = [];
  for (let time = firstSignalTime(history, stepMs, symbol); time <= lastTime; time += stepMs) {
    if (!within(time, range)) continue;
    const facts = analyzeMarket(candlesAsOf(history, time));
    const { prices, returns } = horizonReturns(hourly, time);
    samples.push({
      symbol,
      time,
      price: facts.price,
      signal: facts.vote.signal,
      confidence: facts.vote.confidence,
      facts,
      prices,
      returns,
      dailyCloses: dailyClosesAsOf(history['1d'], time),
      setup: followSetup(facts, hourly, time),
    });
  }
  return samples;
}

/**
 * A coin with daily candles only: the call (a rule on closed daily candles, the same function the engine
 * runs) at each UTC midnight, priced at the last daily close, outcomes at the daily closes 1, 3 and 7 days on.
 * The hourly readings, the levels and so the setups need 1h candles: not measured here.
 */
export function replayDaily(
  symbol: string,
  readFile: CandleFileReader | undefined,
  range: Pick<BacktestOptions, 'from' | 'to'> = {},
): ReplayedSignal[] {
  const daily = readDailyCsv(symbol, readFile);
  const closes = Float64Array.from(daily, (candle) => candle.close);
  const rule = engineParameters.regime;
  const samples: ReplayedSignal[] = [];
  for (let index = REGIME_MIN_DAYS; index < daily.length; index++) {
    const time = daily[index - 1]!.openTime + DAY_MS;
    if (!within(time, range)) continue;
    const seen = closes.subarray(0, index);
    const features = readDailyFeatures(seen, rule)!;
    const signal = classifyRegime(features, rule);
    const price = closes[index - 1]!;
    const prices = backtestHorizons.map((horizon) => closes[index - 1 + horizon.hours / 24] ?? Number.NaN);
    samples.push({
      symbol,
      time,
      price,
      signal,
      confidence: calibrateConfidence(signal, features),
      facts: null,
      prices,
      returns: prices.map((after) => after / price - 1),
      dailyCloses: seen,
      setup: null,
    });
  }
  return samples;
}

/** Replays the engine over each symbol's candle files (daily-only when a coin has no 1h file) and measures it. */
export function runBacktest(options: BacktestOptions): BacktestResults {
  const hourlyOnes = options.symbols.filter((symbol) =>
    hasCandleFile(`${symbol}USDT-1h.csv`, options.readFile),
  );
  // with daily candles only, one call a day is all there is
  const stepHours = hourlyOnes.length === 0 ? 24 : (options.stepHours ?? 8);
  const samples = options.symbols.flatMap((symbol) =>
    hourlyOnes.includes(symbol)
      ? replay(symbol, options.readFile, stepHours * HOUR_MS, options)
      : replayDaily(symbol, options.readFile, options),
  );
  const dailyOnly = options.symbols.filter((symbol) => !hourlyOnes.includes(symbol));
  const source = dailyOnly.length
    ? `${options.source ?? 'Binance spot candles'} (${dailyOnly.join(', ')}: 1d only, one call a day at 00:00 UTC)`
    : options.source;
  // the expected ranges are measured on the hourly candles: coins with daily candles only have none
  const ranges = hourlyOnes.length
    ? backtestRanges(hourlyOnes, options.readFile, { stepHours, from: options.from, to: options.to })
    : undefined;
  return {
    ...measureSignals(samples, { ...options, stepHours, ...(source ? { source } : {}) }),
    ...(ranges ? { ranges } : {}),
  };
}

/** The three naive rules on the same coins and times: long while the daily close is above its n-day SMA. */
export function naiveRulesOf(samples: ReplayedSignal[]): NonNullable<BacktestResults['naiveRules']> {
  const rule = (period: number) =>
    followingPerformance(
      samples.map((sample) => ({ ...sample, signal: naiveSmaSignal(sample.dailyCloses, period) })),
    ).strategy;
  return { sma20: rule(20), sma50: rule(50), sma200: rule(200) };
}

/** Per directional class, how its setups ended and what they earned after fees. */
export function setupsOf(samples: ReplayedSignal[]): SetupResult[] {
  return signalValues
    .filter((signal) => signal !== 'neutral')
    .map((signal) => {
      const outcomes = samples
        .filter((sample) => sample.signal === signal && sample.setup)
        .map((sample) => sample.setup!);
      const targets = outcomes.filter((outcome) => outcome.ending === 'target').length;
      const stops = outcomes.filter((outcome) => outcome.ending === 'stop').length;
      const [low, high] = wilsonInterval(targets, outcomes.length);
      const count = outcomes.length;
      return {
        signal,
        count,
        targetFirstRate: count ? targets / count : null,
        targetFirstRateLow: count ? low : null,
        targetFirstRateHigh: count ? high : null,
        stopFirstRate: count ? stops / count : null,
        meanResultAfterFees: count
          ? outcomes.reduce((sum, outcome) => sum + outcome.resultAfterFees, 0) / count
          : null,
      };
    });
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
    naiveRules: naiveRulesOf(samples),
    setups: setupsOf(samples),
    // Further measures of the same samples join here as additive fields (the expected ranges' coverage,
    // `ranges`, computed in expected-range*.ts).
  };
}

const pct = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(2)}%`);
const hitPct = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(1)}%`);

/** The results as the Markdown tables docs/signals.md quotes. */
export function backtestMarkdown(results: BacktestResults): string {
  const lines = [
    `# Signal backtest: ${results.data.symbols.join(', ')} (${results.data.source})`,
    `Walk-forward, one signal every ${results.data.stepHours} h from ${results.data.from} to ${results.data.to}; returns from the signal's price (last closed 1h close; the last daily close for a daily-only coin) to the close at the horizon.`,
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
    '\n### Naive rules on the same coins and times (long while the daily close is above its n-day SMA)\n',
    '| rule | Sharpe | max drawdown | total return |',
    '|---|---:|---:|---:|',
    ...Object.entries(results.naiveRules ?? {}).map(
      ([rule, summary]) =>
        `| ${rule} | ${ratio(summary.sharpe)} | ${pct(summary.maxDrawdown)} | ${pct(summary.totalReturn)} |`,
    ),
    '\n### Setups (entry, stop, first target; at most 7 days; fees in and out)\n',
    '| class | count | target first [95%] | stop first | mean result after fees |',
    '|---|---:|---:|---:|---:|',
    ...(results.setups ?? []).map(
      (row) =>
        `| ${row.signal} | ${row.count} | ${hitPct(row.targetFirstRate)} [${hitPct(row.targetFirstRateLow)}–${hitPct(row.targetFirstRateHigh)}] | ${hitPct(row.stopFirstRate)} | ${pct(row.meanResultAfterFees)} |`,
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

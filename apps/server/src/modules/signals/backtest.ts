// The signal engine replayed walk-forward over real candles (each signal sees only candles closed before its
// time): per signal class and horizon the count, hit rate with its 95% interval and mean return, next to two
// naive baselines (always long, and the same signals shuffled in time). `npm run backtest` prints it and
// writes the versioned results file the public pages render (docs/backtest/latest.json).
import {
  signalValues,
  type BacktestResults,
  type ClassResult,
  type HorizonResult,
  type SignalValue,
} from '@farol/contract';
import { catalog } from '@farol/indicators';
import { readHistoryCsv, type CandleFileReader } from './csv-candles.ts';
import { analyzeMarket, timeframes } from './market-analysis.ts';
import { signalRules } from './signal-rules.ts';
import { candleWindows, candlesAsOf, closedCount } from './walk-forward.ts';

/** Bumped when the engine's rules or weights change, so results say which engine they measured. */
export const SIGNAL_ENGINE_VERSION = '1.0.0';
export const BACKTEST_SCHEMA_VERSION = 1;

const HOUR_MS = 3_600_000;
export const backtestHorizons = [
  { label: '24 h', hours: 24 },
  { label: '72 h', hours: 72 },
  { label: '7 d', hours: 168 },
] as const;
const RANDOM_RUNS = 200;
/** Binance's spot taker fee, paid on the way in and on the way out of each trade a signal implies. */
export const FEE_PER_TRADE = 0.001;

type Sample = {
  symbol: string;
  time: number;
  price: number;
  signal: SignalValue;
  returns: number[];
  prices: number[];
};

export type BacktestOptions = {
  symbols: string[];
  readFile?: CandleFileReader;
  stepHours?: number;
  source?: string;
  now?: () => Date;
};

function replay(symbol: string, readFile: CandleFileReader | undefined, stepMs: number): Sample[] {
  const history = readHistoryCsv(symbol, readFile);
  const hourly = history['1h'];
  // The first signal needs full windows on every timeframe.
  const firstTime = Math.max(
    ...(['1h', '4h', '1d'] as const).map(
      (timeframe) => history[timeframe][candleWindows[timeframe]]!.openTime,
    ),
  );
  const lastTime = hourly.at(-1)!.openTime + HOUR_MS;
  const samples: Sample[] = [];
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
      prices,
      returns: prices.map((price) => price / facts.price - 1),
    });
  }
  return samples;
}

const isBuySide = (signal: SignalValue) => signal === 'buy' || signal === 'strong_buy';
const isSellSide = (signal: SignalValue) => signal === 'sell' || signal === 'strong_sell';

/** A buy is right when the price rose, a sell when it fell, a neutral when the move was smaller than the median move. */
function isHit(signal: SignalValue, change: number, medianMove: number): boolean {
  if (isBuySide(signal)) return change > 0;
  if (isSellSide(signal)) return change < 0;
  return Math.abs(change) < medianMove;
}

/** Wilson score interval (95%) of `hits` out of `count`. */
export function wilsonInterval(hits: number, count: number): [number, number] {
  if (count === 0) return [Number.NaN, Number.NaN];
  const z = 1.96;
  const p = hits / count;
  const denominator = 1 + (z * z) / count;
  const centre = (p + (z * z) / (2 * count)) / denominator;
  const margin = (z * Math.sqrt((p * (1 - p)) / count + (z * z) / (4 * count * count))) / denominator;
  // exact at the ends: all right or all wrong is no rounding error away from 1 or 0
  return [hits === 0 ? 0 : Math.max(0, centre - margin), hits === count ? 1 : Math.min(1, centre + margin)];
}

const mean = (values: number[]) =>
  values.length ? values.reduce((a, b) => a + b, 0) / values.length : Number.NaN;
const orNull = (value: number) => (Number.isFinite(value) ? value : null);

function hitRateOf(signals: SignalValue[], changes: number[], medianMove: number, signal: SignalValue) {
  let count = 0;
  let hits = 0;
  for (let i = 0; i < signals.length; i++) {
    if (signals[i] !== signal) continue;
    count += 1;
    if (isHit(signal, changes[i]!, medianMove)) hits += 1;
  }
  return { count, hits };
}

/** mulberry32: a seeded generator, so the shuffled baseline gives the same figures on every run. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function shuffled<T>(items: T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

function summariseHorizon(samples: Sample[], index: number): HorizonResult {
  const horizon = backtestHorizons[index]!;
  const usable = samples.filter((sample) => !Number.isNaN(sample.returns[index]));
  const signals = usable.map((sample) => sample.signal);
  const changes = usable.map((sample) => sample.returns[index]!);
  const moves = changes.map(Math.abs).sort((a, b) => a - b);
  const medianMove = moves[Math.floor(moves.length / 2)] ?? 0;
  const random = seededRandom(20_240_501 + index);
  const shuffles = Array.from({ length: RANDOM_RUNS }, () => shuffled(signals, random));
  const classes = signalValues.map((signal): ClassResult => {
    const { count, hits } = hitRateOf(signals, changes, medianMove, signal);
    const [low, high] = wilsonInterval(hits, count);
    const own = changes.filter((_, i) => signals[i] === signal);
    const direction = isBuySide(signal) ? 1 : isSellSide(signal) ? -1 : 0;
    const shuffledRates = shuffles.map((run) => {
      const result = hitRateOf(run, changes, medianMove, signal);
      return result.count ? result.hits / result.count : Number.NaN;
    });
    return {
      signal,
      count,
      hitRate: orNull(count ? hits / count : Number.NaN),
      hitRateLow: orNull(low),
      hitRateHigh: orNull(high),
      meanReturn: orNull(mean(own)),
      meanTradeReturnAfterFees:
        direction === 0 ? null : orNull(mean(own.map((change) => direction * change - 2 * FEE_PER_TRADE))),
      shuffledHitRate: orNull(mean(shuffledRates.filter((rate) => !Number.isNaN(rate)))),
    };
  });
  const rises = changes.filter((change) => change > 0).length;
  return {
    label: horizon.label,
    hours: horizon.hours,
    signals: usable.length,
    medianAbsoluteMove: medianMove,
    classes,
    alwaysLong: {
      count: changes.length,
      hitRate: changes.length ? rises / changes.length : 0,
      meanReturn: mean(changes),
    },
  };
}

/** Replays the engine over each symbol's candle files and measures its signals. */
export function runBacktest(options: BacktestOptions): BacktestResults {
  const stepHours = options.stepHours ?? 8;
  const samples = options.symbols.flatMap((symbol) => replay(symbol, options.readFile, stepHours * HOUR_MS));
  if (samples.length === 0) throw new Error('the candle files gave no signal to measure');
  const times = samples.map((sample) => sample.time);
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
    `Shuffled baseline: the same signals shuffled in time, mean of ${RANDOM_RUNS} seeded shuffles. Trade return: long on buys, short on sells, after ${results.feePerTradePercent}% fee in and out.`,
  ];
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

// `npm run backtest`: replays the real Binance candles of @farol/testdata through the signal engine,
// walk-forward (each signal sees only candles closed before its time), and prints per signal class and
// horizon the count, hit rate and mean return, next to two naive baselines. docs/signals.md quotes it.
import { signalValues, type SignalValue } from '@farol/contract';
import { readHistoryCsv } from './csv-candles.ts';
import { analyzeMarket } from './market-analysis.ts';
import { candleWindows, candlesAsOf, closedCount } from './walk-forward.ts';

const HOUR_MS = 3_600_000;
/** The coins with real 1h history in the test data (1d files exist for all ten, 1h only for these). */
const symbols = ['BTC', 'ETH', 'SOL', 'MATIC'] as const;
const horizons = [
  { label: '24 h', ms: 24 * HOUR_MS },
  { label: '7 d', ms: 7 * 24 * HOUR_MS },
] as const;
/** One signal every 8 hours (00, 08, 16 UTC): dense enough to count, sparse enough to run in seconds. */
const STEP_MS = Number(process.env.BACKTEST_STEP_HOURS ?? 8) * HOUR_MS;
const RANDOM_RUNS = 200;

type Sample = { symbol: string; time: number; signal: SignalValue; returns: number[] };

function replay(symbol: string): Sample[] {
  const history = readHistoryCsv(symbol);
  const hourly = history['1h'];
  // The first signal needs full windows on every timeframe.
  const firstTime = Math.max(
    ...(['1h', '4h', '1d'] as const).map((timeframe) => history[timeframe][candleWindows[timeframe]]!.openTime),
  );
  const lastTime = hourly.at(-1)!.openTime + HOUR_MS;
  const samples: Sample[] = [];
  for (let time = Math.ceil(firstTime / STEP_MS) * STEP_MS; time <= lastTime; time += STEP_MS) {
    const facts = analyzeMarket(candlesAsOf(history, time));
    // Hourly candles end before the daily file: stop when a horizon has no closed candle left.
    const returns = horizons.map((horizon) => {
      if (time + horizon.ms > lastTime) return Number.NaN;
      return hourly[closedCount(hourly, HOUR_MS, time + horizon.ms) - 1]!.close / facts.price - 1;
    });
    samples.push({ symbol, time, signal: facts.vote.signal, returns });
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

type Stats = { count: number; hitRate: number; meanReturn: number };

function summarise(signals: SignalValue[], changes: number[], medianMove: number, signal: SignalValue): Stats {
  let count = 0;
  let hits = 0;
  let sum = 0;
  for (let i = 0; i < signals.length; i++) {
    if (signals[i] !== signal) continue;
    count += 1;
    sum += changes[i]!;
    if (isHit(signal, changes[i]!, medianMove)) hits += 1;
  }
  return { count, hitRate: count ? hits / count : Number.NaN, meanReturn: count ? sum / count : Number.NaN };
}

/** mulberry32: a seeded generator, so the random baseline prints the same figures on every run. */
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

const pct = (value: number) => (Number.isNaN(value) ? '—' : `${(value * 100).toFixed(2)}%`);
const hitPct = (value: number) => (Number.isNaN(value) ? '—' : `${(value * 100).toFixed(1)}%`);

function report(samples: Sample[]) {
  const lines: string[] = [];
  horizons.forEach((horizon, index) => {
    const usable = samples.filter((sample) => !Number.isNaN(sample.returns[index]));
    const signals = usable.map((sample) => sample.signal);
    const changes = usable.map((sample) => sample.returns[index]!);
    const moves = changes.map(Math.abs).sort((a, b) => a - b);
    const medianMove = moves[Math.floor(moves.length / 2)] ?? 0;
    const random = seededRandom(20_240_501 + index);
    const randomRuns = Array.from({ length: RANDOM_RUNS }, () => shuffled(signals, random));
    const alwaysBuy = summarise(signals.map(() => 'buy' as const), changes, medianMove, 'buy');

    lines.push(`\n### Horizon ${horizon.label} (${usable.length} signals, median absolute move ${pct(medianMove)})\n`);
    lines.push('| signal | count | hit rate | mean return | random: hit rate | random: mean return |');
    lines.push('|---|---:|---:|---:|---:|---:|');
    for (const signal of signalValues) {
      const stats = summarise(signals, changes, medianMove, signal);
      const randomStats = randomRuns.map((run) => summarise(run, changes, medianMove, signal));
      const mean = (values: number[]) => values.filter((value) => !Number.isNaN(value)).reduce((a, b) => a + b, 0) / values.length;
      lines.push(
        `| ${signal} | ${stats.count} | ${hitPct(stats.hitRate)} | ${pct(stats.meanReturn)} | ${hitPct(mean(randomStats.map((s) => s.hitRate)))} | ${pct(mean(randomStats.map((s) => s.meanReturn)))} |`,
      );
    }
    lines.push(`| always buy | ${alwaysBuy.count} | ${hitPct(alwaysBuy.hitRate)} | ${pct(alwaysBuy.meanReturn)} | | |`);
  });
  return lines.join('\n');
}

const started = performance.now();
const samples = symbols.flatMap((symbol) => replay(symbol));
const first = new Date(Math.min(...samples.map((sample) => sample.time))).toISOString();
const last = new Date(Math.max(...samples.map((sample) => sample.time))).toISOString();
console.log(`# Signal backtest: ${symbols.join(', ')} (Binance spot 1h, 4h aggregated from 1h, 1d)`);
console.log(`Walk-forward, one signal every ${STEP_MS / HOUR_MS} h from ${first} to ${last}; returns from the signal's price (last closed 1h close) to the 1h close at the horizon.`);
console.log('Hit: buy side when the price rose, sell side when it fell, neutral when the absolute move was below the median move.');
console.log(`Random baseline: the same signals shuffled in time, mean of ${RANDOM_RUNS} seeded shuffles.`);
console.log(report(samples));
for (const symbol of symbols) {
  console.log(`\n## ${symbol}`);
  console.log(report(samples.filter((sample) => sample.symbol === symbol)));
}
console.log(`\n${samples.length} signals computed in ${((performance.now() - started) / 1000).toFixed(1)} s.`);

// Indicator speed: Farol vs technicalindicators, trading-signals and @ixjb94/indicators, in one process.
// 500 series × 1000 candles per run; median of several runs after warm-up. Prints a Markdown table.
import { atr, bbands, ema, macd, rsi } from '@farol/indicators';
import * as technicalIndicators from 'technicalindicators';
import * as tradingSignals from 'trading-signals';
import { IndicatorsSync } from '@ixjb94/indicators';

const SERIES = 500;
const CANDLES = 1000;
const WARMUP_RUNS = 2;
const MEASURED_RUNS = Number(process.env.BENCH_RUNS ?? 7);

type Ohlc = { high: number[]; low: number[]; close: number[] };

/** Deterministic random walks (xorshift) so every run and library sees the same data. */
function makeSeries(): Ohlc[] {
  let state = 0x9e3779b9;
  const random = (): number => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  return Array.from({ length: SERIES }, () => {
    const close: number[] = [];
    const high: number[] = [];
    const low: number[] = [];
    let price = 100 + random() * 1000;
    for (let i = 0; i < CANDLES; i++) {
      price *= 1 + (random() - 0.5) * 0.04;
      close.push(price);
      high.push(price * (1 + random() * 0.01));
      low.push(price * (1 - random() * 0.01));
    }
    return { high, low, close };
  });
}

const data = makeSeries();
const ixjb = new IndicatorsSync();
let sink = 0;

type Runner = (s: Ohlc) => unknown;
type Case = { name: string; libraries: Record<string, Runner> };

function tradingSignalsStream(
  make: () => { update(value: never, replace: boolean): unknown },
  values: (s: Ohlc) => unknown[],
): Runner {
  return (s) => {
    const indicator = make();
    let last: unknown = null;
    for (const value of values(s)) last = indicator.update(value as never, false);
    return last;
  };
}

const hlcCandles = (s: Ohlc) => s.close.map((close, i) => ({ high: s.high[i], low: s.low[i], close }));

const cases: Case[] = [
  {
    name: 'RSI(14)',
    libraries: {
      Farol: (s) => rsi(s.close, 14),
      technicalindicators: (s) => technicalIndicators.RSI.calculate({ values: s.close, period: 14 }),
      'trading-signals': tradingSignalsStream(
        () => new tradingSignals.RSI(14),
        (s) => s.close,
      ),
      '@ixjb94/indicators': (s) => ixjb.rsi(s.close, 14),
    },
  },
  {
    name: 'EMA(20)',
    libraries: {
      Farol: (s) => ema(s.close, 20),
      technicalindicators: (s) => technicalIndicators.EMA.calculate({ values: s.close, period: 20 }),
      'trading-signals': tradingSignalsStream(
        () => new tradingSignals.EMA(20),
        (s) => s.close,
      ),
      '@ixjb94/indicators': (s) => ixjb.ema(s.close, 20),
    },
  },
  {
    name: 'MACD(12,26,9)',
    libraries: {
      Farol: (s) => macd(s.close, { fast: 12, slow: 26, signal: 9 }),
      technicalindicators: (s) =>
        technicalIndicators.MACD.calculate({
          values: s.close,
          fastPeriod: 12,
          slowPeriod: 26,
          signalPeriod: 9,
          SimpleMAOscillator: false,
          SimpleMASignal: false,
        }),
      'trading-signals': tradingSignalsStream(
        () =>
          new tradingSignals.MACD(
            new tradingSignals.EMA(12),
            new tradingSignals.EMA(26),
            new tradingSignals.EMA(9),
          ),
        (s) => s.close,
      ),
      '@ixjb94/indicators': (s) => ixjb.macd(s.close, 12, 26, 9),
    },
  },
  {
    name: 'BBANDS(20,2)',
    libraries: {
      Farol: (s) => bbands(s.close, { period: 20, stdDev: 2 }),
      technicalindicators: (s) =>
        technicalIndicators.BollingerBands.calculate({ values: s.close, period: 20, stdDev: 2 }),
      'trading-signals': tradingSignalsStream(
        () => new tradingSignals.BollingerBands(20, 2),
        (s) => s.close,
      ),
      '@ixjb94/indicators': (s) => ixjb.bbands(s.close, 20, 2),
    },
  },
  {
    name: 'ATR(14)',
    libraries: {
      Farol: (s) => atr(s.high, s.low, s.close, 14),
      technicalindicators: (s) =>
        technicalIndicators.ATR.calculate({ high: s.high, low: s.low, close: s.close, period: 14 }),
      'trading-signals': tradingSignalsStream(() => new tradingSignals.ATR(14), hlcCandles),
      '@ixjb94/indicators': (s) => ixjb.atr(s.high, s.low, s.close, 14),
    },
  },
];

function timeOnce(run: Runner): number {
  const start = performance.now();
  for (const series of data) {
    const result = run(series);
    if (result !== null && result !== undefined) sink += 1;
  }
  return performance.now() - start;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const libraryNames = Object.keys(cases[0].libraries);
const rows: string[] = [];
for (const testCase of cases) {
  const medians: Record<string, number> = {};
  for (const library of libraryNames) {
    const run = testCase.libraries[library];
    for (let i = 0; i < WARMUP_RUNS; i++) timeOnce(run);
    medians[library] = median(Array.from({ length: MEASURED_RUNS }, () => timeOnce(run)));
  }
  const others = libraryNames.filter((library) => library !== 'Farol');
  const fastestOther = others.reduce((best, library) => (medians[library] < medians[best] ? library : best));
  const ratio = medians[fastestOther] / medians.Farol;
  rows.push(
    `| ${testCase.name} | ${libraryNames.map((library) => medians[library].toFixed(1)).join(' | ')} | ${fastestOther} | ${ratio.toFixed(2)}× |`,
  );
}

console.log(
  `Median of ${MEASURED_RUNS} runs after ${WARMUP_RUNS} warm-ups; ${SERIES} series × ${CANDLES} candles per run; times in ms (Node ${process.version}).\n`,
);
console.log(`| indicator | ${libraryNames.join(' | ')} | fastest other | Farol speed-up vs fastest other |`);
console.log(`|---|${libraryNames.map(() => '---:').join('|')}|---|---:|`);
for (const row of rows) console.log(row);
if (sink === 0) console.log('no results');

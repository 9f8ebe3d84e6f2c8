// `npm run tune-signals -w apps/server -- [--train BTC,ETH] [--step-hours 8]`: chooses the engine's tuned values
// on the TRAINING coins only and writes them, with the confidence calibration map, to
// signal-engine-parameters.json. The backtest then reports on other coins (docs/signals.md "Tuning").
//
// 1. Trend filter: every (1d EMA period, uptrend buy threshold) of a small grid is replayed on the training
//    coins; the pair with the best Sharpe whose maximum drawdown is at most 0.6 × holding's wins.
// 2. Calibration: with the chosen pair, the raw agreement of each training signal is binned per side (buy,
//    sell, neutral); each bin states the 24 h hit rate its signals had (isotonic: never lower for more
//    agreement; bins under 50 signals merged with the next).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ema } from '@farol/indicators';
import { replay, type ReplayedSignal } from './backtest.ts';
import { readHistoryCsv } from './csv-candles.ts';
import {
  calibrationSideOf,
  engineParameters,
  type CalibrationBin,
  type CalibrationSide,
  type EngineParameters,
} from './signal-calibration.ts';
import { followingPerformance, isHit } from './signal-performance.ts';
import { classifyScore } from './signal-rules.ts';
import { candlesAsOf } from './walk-forward.ts';

const HOUR_MS = 3_600_000;
const trendPeriods = [10, 20, 30, 50, 100, 150, 200];
const buyThresholds = [-0.15, 0, 0.15];
const MIN_BIN = 50;

const { values } = parseArgs({
  options: {
    train: { type: 'string', default: 'BTC,ETH' },
    'step-hours': { type: 'string', default: '8' },
  },
});
const train = values.train.split(',').map((symbol) => symbol.trim().toUpperCase());
const stepMs = Number(values['step-hours']) * HOUR_MS;

const replayAll = () => train.flatMap((symbol) => replay(symbol, undefined, stepMs));

// 1. the trend filter
const samples = replayAll();
const histories = Object.fromEntries(train.map((symbol) => [symbol, readHistoryCsv(symbol)]));
const hold = followingPerformance(samples.map((sample) => ({ ...sample, signal: 'buy' as const })));
const candidates = trendPeriods.flatMap((period) => {
  const trends = samples.map((sample) => {
    const closes = candlesAsOf(histories[sample.symbol]!, sample.time)['1d'].map((candle) => candle.close);
    return closes.at(-1)! > ema(closes, period).at(-1)! ? ('up' as const) : ('down' as const);
  });
  return buyThresholds.map((threshold) => {
    const signals = samples.map((sample, i) => ({
      ...sample,
      signal: classifyScore(sample.facts.vote.score, trends[i], threshold),
    }));
    const { strategy } = followingPerformance(signals);
    return { trendEmaPeriod: period, uptrendBuyThreshold: threshold, ...strategy };
  });
});
const admissible = candidates.filter((row) => row.maxDrawdown <= 0.6 * hold.buyAndHold.maxDrawdown);
const chosen = (admissible.length ? admissible : candidates).sort(
  (a, b) => (b.sharpe ?? -Infinity) - (a.sharpe ?? -Infinity),
)[0]!;
console.log('holding on the training coins:', hold.buyAndHold);
console.table(candidates);
console.log('chosen:', chosen);

// 2. the calibration map, on the chosen engine
engineParameters.trendEmaPeriod = chosen.trendEmaPeriod;
engineParameters.uptrendBuyThreshold = chosen.uptrendBuyThreshold;
const tuned = replayAll();
const moves = tuned
  .filter((sample) => Number.isFinite(sample.returns[0]))
  .map((sample) => Math.abs(sample.returns[0]!))
  .sort((a, b) => a - b);
const medianMove = moves[Math.floor(moves.length / 2)]!;

function fitSide(side: CalibrationSide, signals: ReplayedSignal[]): CalibrationBin[] {
  const own = signals.filter(
    (sample) => calibrationSideOf(sample.signal) === side && Number.isFinite(sample.returns[0]),
  );
  // bins of 10 raw points, merged forward until each holds MIN_BIN signals
  const bins: { rawBelow: number; count: number; hits: number }[] = [];
  let current = { count: 0, hits: 0 };
  for (let edge = 10; edge <= 110; edge += 10) {
    for (const sample of own) {
      const raw = sample.facts.vote.rawConfidence;
      if (raw >= edge - 10 && raw < edge) {
        current.count += 1;
        if (isHit(sample.signal, sample.returns[0]!, medianMove)) current.hits += 1;
      }
    }
    if (current.count >= MIN_BIN || (edge === 110 && current.count > 0)) {
      bins.push({ rawBelow: edge, ...current });
      current = { count: 0, hits: 0 };
    }
  }
  if (current.count > 0 && bins.length > 0) {
    bins.at(-1)!.count += current.count;
    bins.at(-1)!.hits += current.hits;
  }
  // pool adjacent violators: a higher raw agreement never states a lower confidence
  const pooled: { rawBelow: number; count: number; hits: number }[] = [];
  for (const bin of bins) {
    pooled.push({ ...bin });
    while (
      pooled.length > 1 &&
      pooled.at(-2)!.hits / pooled.at(-2)!.count > pooled.at(-1)!.hits / pooled.at(-1)!.count
    ) {
      const last = pooled.pop()!;
      const previous = pooled.at(-1)!;
      previous.rawBelow = last.rawBelow;
      previous.count += last.count;
      previous.hits += last.hits;
    }
  }
  return pooled.map((bin) => ({
    rawBelow: bin.rawBelow,
    count: bin.count,
    hitRate: Math.round((bin.hits / bin.count) * 1000) / 1000,
  }));
}

const times = tuned.map((sample) => sample.time);
const result: EngineParameters = {
  engineVersion: engineParameters.engineVersion,
  trendEmaPeriod: chosen.trendEmaPeriod,
  uptrendBuyThreshold: chosen.uptrendBuyThreshold,
  tuning: {
    trainingSymbols: train,
    from: new Date(Math.min(...times)).toISOString(),
    to: new Date(Math.max(...times)).toISOString(),
    stepHours: stepMs / HOUR_MS,
    rule: 'best training Sharpe with training max drawdown ≤ 0.6 × buy-and-hold; calibration on the 24 h hit rate',
    buyAndHold: hold.buyAndHold,
    grid: candidates,
  },
  calibration: {
    buy_side: fitSide('buy_side', tuned),
    sell_side: fitSide('sell_side', tuned),
    neutral: fitSide('neutral', tuned),
  },
};
const file = path.join(import.meta.dirname, 'signal-engine-parameters.json');
fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
console.log(`written ${file}:`, result.calibration);

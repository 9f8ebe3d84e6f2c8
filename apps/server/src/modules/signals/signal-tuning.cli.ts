// `npm run tune-signals -w apps/server`: the research protocol of docs/signals.md, run. It reads ONLY the
// training window (signals whose 7-day outcome closes by 2024-07-01) of the training coins BTC, ETH, SOL and
// MATIC, tries every candidate daily rule of a grid fixed in advance, prints each one's training figures,
// chooses by a rule fixed in advance, fits the confidence map of the chosen rule, and writes all of it to
// signal-engine-parameters.json. The validation window and the held-out coins (BNB, XRP) are never read.
import fs from 'node:fs';
import path from 'node:path';
import { signalValues, type SignalValue } from '@farol/contract';
import { readHistoryCsv } from './csv-candles.ts';
import {
  classifyRegime,
  readDailyFeatures,
  volatilityBin,
  type ConfidenceMap,
  type DailyFeatures,
  type RegimeRule,
} from './daily-regime.ts';
import { dailyClosesAsOf, firstSignalTime, horizonReturns, naiveSmaSignal } from './daily-samples.ts';
import { engineParameters } from './signal-calibration.ts';
import {
  followingPerformance,
  isHit,
  signalHorizons,
  summariseHorizon,
  type ScoredSignal,
} from './signal-performance.ts';

const HOUR_MS = 3_600_000;
const TRAINING_END = Date.parse('2024-07-01T00:00:00Z');
const TRAINING_SYMBOLS = ['BTC', 'ETH', 'SOL', 'MATIC'];
const STEP_MS = 8 * HOUR_MS;
/** A confidence bin needs this many training signals, else the class states one pooled figure. */
const MIN_BIN = 100;

type TrainingSample = ScoredSignal & { closes: Float64Array };

const samples: TrainingSample[] = TRAINING_SYMBOLS.flatMap((symbol) => {
  const history = readHistoryCsv(symbol);
  const list: TrainingSample[] = [];
  // training outcomes all close before the validation window opens
  const lastTime = TRAINING_END - signalHorizons.at(-1)!.hours * HOUR_MS;
  for (let time = firstSignalTime(history, STEP_MS); time <= lastTime; time += STEP_MS) {
    const { price, returns } = horizonReturns(history['1h'], time);
    list.push({
      symbol,
      time,
      price,
      signal: 'neutral',
      confidence: 50,
      returns,
      closes: dailyClosesAsOf(history['1d'], time),
    });
  }
  return list;
});

const grid: RegimeRule[] = [];
for (const fastSma of [10, 20, 50, 100, 200])
  for (const slowSma of [0, 50, 100, 200])
    for (const momentumDays of [0, 20])
      for (const sells of [false, true])
        if (slowSma === 0 || slowSma > fastSma) grid.push({ fastSma, slowSma, momentumDays, sells });

function evaluate(signals: SignalValue[]) {
  const scored = samples.map((sample, i) => ({ ...sample, signal: signals[i]! }));
  const { strategy } = followingPerformance(scored);
  const horizons = signalHorizons.map((_, index) => summariseHorizon(scored, index));
  // a class "fails" when its 95% interval lies wholly below its shuffled baseline at some horizon
  const failing = horizons.flatMap((horizon) =>
    horizon.classes
      .filter((row) => row.count > 0 && row.hitRateHigh !== null && row.hitRateHigh < row.shuffledHitRate!)
      .map((row) => `${row.signal}@${horizon.label}`),
  );
  const below = horizons.flatMap((horizon) =>
    horizon.classes
      .filter((row) => row.count > 0 && row.hitRate !== null && row.hitRate < row.shuffledHitRate!)
      .map((row) => `${row.signal}@${horizon.label}`),
  );
  const counts = Object.fromEntries(
    signalValues.map((value) => [value, signals.filter((s) => s === value).length]),
  );
  return { strategy, horizons, failing, below, counts };
}

const hold = followingPerformance(
  samples.map((sample) => ({ ...sample, signal: 'buy' as const })),
).buyAndHold;
const naive = Object.fromEntries(
  [20, 50, 200].map((period) => [
    `sma${period}`,
    followingPerformance(
      samples.map((sample) => ({ ...sample, signal: naiveSmaSignal(sample.closes, period) })),
    ).strategy,
  ]),
);
console.log(
  'training window:',
  new Date(samples[0]!.time).toISOString(),
  '→',
  new Date(TRAINING_END).toISOString(),
);
console.log('buy and hold:', hold, '\nnaive SMA rules:', naive);

const featuresOf = (rule: RegimeRule) => samples.map((sample) => readDailyFeatures(sample.closes, rule)!);
const candidates = grid.map((rule) => {
  const features = featuresOf(rule);
  const result = evaluate(features.map((feature) => classifyRegime(feature, rule)));
  return {
    ...rule,
    sharpe: result.strategy.sharpe,
    maxDrawdown: result.strategy.maxDrawdown,
    totalReturn: result.strategy.totalReturn,
    classesBelowShuffled: result.below,
    classesFailing: result.failing,
    counts: result.counts,
  };
});
console.table(
  candidates.map(({ counts: _counts, classesBelowShuffled, classesFailing, ...row }) => ({
    ...row,
    below: classesBelowShuffled.join(' '),
    failing: classesFailing.join(' '),
  })),
);

// The choice rule, fixed before any figure was seen: no class below its shuffled baseline (point estimate) at
// any horizon, a drawdown no larger than holding's; among those the best Sharpe.
const admissible = candidates.filter(
  (row) => row.classesBelowShuffled.length === 0 && row.maxDrawdown <= hold.maxDrawdown,
);
const chosen = [...(admissible.length ? admissible : candidates)].sort(
  (a, b) => (b.sharpe ?? -Infinity) - (a.sharpe ?? -Infinity),
)[0]!;
const rule: RegimeRule = {
  fastSma: chosen.fastSma,
  slowSma: chosen.slowSma,
  momentumDays: chosen.momentumDays,
  sells: chosen.sells,
};
console.log(`${admissible.length} admissible; chosen:`, chosen);

// The confidence map: volatility terciles of the training signals; per class and bin, the 24 h hit rate.
const features: DailyFeatures[] = featuresOf(rule);
const signals = features.map((feature) => classifyRegime(feature, rule));
const volatilities = features.map((feature) => feature.volatility20).sort((a, b) => a - b);
const volatilityEdges = [1 / 3, 2 / 3].map((q) => volatilities[Math.floor(q * volatilities.length)]!);
const moves = samples.map((sample) => Math.abs(sample.returns[0]!)).sort((a, b) => a - b);
const medianMove = moves[Math.floor(moves.length / 2)]!;
const bins: ConfidenceMap['bins'] = {};
for (const signal of signalValues) {
  const own = samples.map((sample, i) => ({ sample, i })).filter(({ i }) => signals[i] === signal);
  if (own.length === 0) continue;
  const tally = (list: typeof own) => ({
    count: list.length,
    hitRate:
      Math.round(
        (list.filter(({ sample }) => isHit(signal, sample.returns[0]!, medianMove)).length / list.length) *
          1000,
      ) / 1000,
  });
  const perBin = [0, 1, 2].map((bin) =>
    own.filter(({ i }) => volatilityBin(features[i]!.volatility20, volatilityEdges) === bin),
  );
  bins[signal] = perBin.every((list) => list.length >= MIN_BIN) ? perBin.map(tally) : [tally(own)];
}
const confidence: ConfidenceMap = { volatilityEdges, bins };
console.log('confidence map:', JSON.stringify(confidence));

const file = path.join(import.meta.dirname, 'signal-engine-parameters.json');
const written = {
  ...engineParameters,
  regime: rule,
  confidence,
  tuning: {
    // the setups' training figures (written from the training backtest) stay beside the new ones
    ...(engineParameters.tuning as Record<string, unknown> | undefined),
    trainingSymbols: TRAINING_SYMBOLS,
    from: new Date(samples[0]!.time).toISOString(),
    trainingEnd: new Date(TRAINING_END).toISOString(),
    stepHours: STEP_MS / HOUR_MS,
    rule: 'no class below its shuffled baseline at any horizon and max drawdown ≤ buy-and-hold, then the best Sharpe; confidence = 24 h hit rate per class and volatility tercile',
    buyAndHold: hold,
    naiveRules: naive,
    grid: candidates,
  },
};
fs.writeFileSync(file, `${JSON.stringify(written, null, 2)}\n`);
console.log(`written ${file}`);

// Expected ranges: where the price should be 24 h and 7 d from now, 8 times in 10. A volatility forecast,
// measured like the signals (docs/signals.md "Expected ranges"): the hourly variance is an exponentially
// weighted average of squared hourly log returns over the last 30 days, each return first divided by its
// hour's usual share of the day's variance (hour of day, weekday or weekend) so a quiet Sunday does not read
// as a calm market; the horizon's variance adds back the seasonal share of each hour ahead. The bounds are
// the training outcomes' 10% and 90% quantiles in units of that forecast (crypto returns have fat tails and
// a drift, so they are neither ±1.28 nor symmetric). Every value in expected-range-parameters.json was chosen
// on BTC, ETH, SOL and MATIC outcomes before 2024-07-01.
import type { RangeMeasure } from '@farol/contract';
import type { Candle } from '../market/market.types.ts';
import { parseCandlesCsv, readRepositoryCandles, type CandleFileReader } from './csv-candles.ts';
import parameters from './expected-range-parameters.json' with { type: 'json' };

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export type RangeQuantiles = { horizonHours: number; zLow: number; zHigh: number };

export type ExpectedRangeModel = {
  probability: number;
  windowHours: number;
  halfLifeHours: number;
  seasonality: { weekday: number[]; weekend: number[] };
  horizons: RangeQuantiles[];
  dailyFallback: { halfLifeDays: number; horizons: RangeQuantiles[] };
  /** The single validation run (2024-07-01 onward), stored when it was made; null before. */
  validation: { from: string; to: string; symbols: string[]; coverage: Record<string, number> } | null;
};

export const expectedRangeModel: ExpectedRangeModel = parameters;

/** A forecast range in the candles' currency (USDT): the price at `horizonHours` lies in it with `probability`. */
export type RangeForecast = { horizonHours: number; low: number; high: number; probability: number };

/** The hour's usual share of variance (1 = an average hour), by UTC hour and weekday or weekend. */
export function seasonalFactor(time: number, model: ExpectedRangeModel = expectedRangeModel): number {
  const date = new Date(time);
  const day = date.getUTCDay();
  const factors = day === 0 || day === 6 ? model.seasonality.weekend : model.seasonality.weekday;
  return factors[date.getUTCHours()]!;
}

/**
 * The deseasonalised hourly variance at the last candle: EWMA (half-life `halfLifeHours`) of squared log
 * returns over at most `windowHours`, weights normalised over the window (what the analysis has).
 */
export function hourlyVariance(
  hourly: readonly Candle[],
  model: ExpectedRangeModel = expectedRangeModel,
): number {
  const decay = 0.5 ** (1 / model.halfLifeHours);
  const first = Math.max(1, hourly.length - model.windowHours);
  let weighted = 0;
  let weights = 0;
  for (let index = hourly.length - 1, weight = 1; index >= first; index -= 1, weight *= decay) {
    const logReturn = Math.log(hourly[index]!.close / hourly[index - 1]!.close);
    weighted += (weight * logReturn * logReturn) / seasonalFactor(hourly[index]!.openTime, model);
    weights += weight;
  }
  return weights === 0 ? Number.NaN : weighted / weights;
}

const rangeOf = (
  price: number,
  sigma: number,
  quantiles: RangeQuantiles,
  probability: number,
): RangeForecast => ({
  horizonHours: quantiles.horizonHours,
  low: price * Math.exp(quantiles.zLow * sigma),
  high: price * Math.exp(quantiles.zHigh * sigma),
  probability,
});

/** The 24 h and 7 d ranges from the last closed 1h candle; [] with fewer than two days of hourly candles. */
export function expectedRanges(
  hourly: readonly Candle[],
  model: ExpectedRangeModel = expectedRangeModel,
): RangeForecast[] {
  if (hourly.length < 49) return [];
  const last = hourly.at(-1)!;
  const variance = hourlyVariance(hourly, model);
  if (!(variance > 0)) return [];
  return model.horizons.map((quantiles) => {
    let seasonalHours = 0;
    for (let hour = 1; hour <= quantiles.horizonHours; hour += 1)
      seasonalHours += seasonalFactor(last.openTime + hour * HOUR_MS, model);
    return rangeOf(last.close, Math.sqrt(variance * seasonalHours), quantiles, model.probability);
  });
}

/**
 * The daily-level variant, for coins with daily candles only (the held-out BNB and XRP): EWMA of squared
 * daily log returns over the last 500 days, same quantile method, fitted on the same training outcomes.
 */
export function dailyExpectedRanges(
  daily: readonly Candle[],
  model: ExpectedRangeModel = expectedRangeModel,
): RangeForecast[] {
  if (daily.length < 31) return [];
  const decay = 0.5 ** (1 / model.dailyFallback.halfLifeDays);
  let weighted = 0;
  let weights = 0;
  for (let index = daily.length - 1, weight = 1; index >= Math.max(1, daily.length - 500); index -= 1) {
    const logReturn = Math.log(daily[index]!.close / daily[index - 1]!.close);
    weighted += weight * logReturn * logReturn;
    weights += weight;
    weight *= decay;
  }
  const variance = weighted / weights;
  if (!(variance > 0)) return [];
  return model.dailyFallback.horizons.map((quantiles) =>
    rangeOf(
      daily.at(-1)!.close,
      Math.sqrt((variance * quantiles.horizonHours) / 24),
      quantiles,
      model.probability,
    ),
  );
}

/** One forecast against what happened, with the 30-day constant-volatility baseline's sigma at the same time. */
export type RangeOutcome = {
  issuedAt: number;
  price: number;
  low: number;
  high: number;
  outcome: number;
  baselineSigma: number;
};

const quantileOf = (sorted: readonly number[], share: number): number => {
  const position = (sorted.length - 1) * share;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
};

/**
 * Coverage and mean width of the ranges, beside the constant-volatility baseline (log return over the last 30
 * days' realised sigma): its equal-tailed quantiles are fitted on these very outcomes to the smallest
 * coverage at least the model's. That is an oracle the model never had, so "narrower" is a fair claim.
 */
export function measureRangeOutcomes(
  horizonHours: number,
  nominal: number,
  outcomes: readonly RangeOutcome[],
): RangeMeasure {
  const empty = { horizonHours, nominal, count: outcomes.length };
  if (outcomes.length === 0)
    return {
      ...empty,
      coverage: null,
      meanWidthPct: null,
      baselineCoverage: null,
      baselineMeanWidthPct: null,
    };
  const inside = outcomes.filter(({ low, high, outcome }) => outcome >= low && outcome <= high).length;
  const coverage = inside / outcomes.length;
  const meanWidthPct =
    (100 * outcomes.reduce((sum, { price, low, high }) => sum + (high - low) / price, 0)) / outcomes.length;
  const scores = outcomes.map(
    ({ price, outcome, baselineSigma }) => Math.log(outcome / price) / baselineSigma,
  );
  const sorted = [...scores].sort((a, b) => a - b);
  const baselineWith = (share: number) => {
    const low = quantileOf(sorted, (1 - share) / 2);
    const high = quantileOf(sorted, (1 + share) / 2);
    return {
      coverage: scores.filter((score) => score >= low && score <= high).length / scores.length,
      width:
        (100 *
          outcomes.reduce(
            (sum, { baselineSigma }) => sum + Math.exp(high * baselineSigma) - Math.exp(low * baselineSigma),
            0,
          )) /
        outcomes.length,
    };
  };
  // Interpolated quantiles can land a hair under the target: widen in small steps until reached.
  let share = coverage;
  let baseline = baselineWith(share);
  while (baseline.coverage < coverage && share < 1) {
    share = Math.min(1, share + 0.0005);
    baseline = baselineWith(share);
  }
  return {
    ...empty,
    coverage,
    meanWidthPct,
    baselineCoverage: baseline.coverage,
    baselineMeanWidthPct: baseline.width,
  };
}

/** Realised hourly sigma of the last 30 days (mean zero), the baseline's whole model. */
function thirtyDaySigma(closes: readonly number[], end: number, periodsPer30Days: number): number {
  let squares = 0;
  let count = 0;
  for (let index = Math.max(1, end - periodsPer30Days + 1); index <= end; index += 1) {
    const logReturn = Math.log(closes[index]! / closes[index - 1]!);
    squares += logReturn * logReturn;
    count += 1;
  }
  return Math.sqrt(squares / count);
}

export type RangeWindow = { from?: number; to?: number; stepHours?: number };

/**
 * One forecast every `step` candles from `first`, issued at the candle's close in [from, to), scored against
 * the close exactly `horizonHours` later, beside the baseline's sigma over the last `baselinePeriods` candles.
 */
function replayForecasts(
  candles: readonly Candle[],
  periodMs: number,
  plan: { first: number; step: number; baselinePeriods: number; horizons: readonly RangeQuantiles[] },
  forecastAt: (index: number) => RangeForecast[],
  window: RangeWindow,
): Map<number, RangeOutcome[]> {
  const closes = candles.map((candle) => candle.close);
  const byHorizon = new Map(plan.horizons.map(({ horizonHours }) => [horizonHours, [] as RangeOutcome[]]));
  for (let index = plan.first; index < candles.length; index += plan.step) {
    const issuedAt = candles[index]!.openTime + periodMs;
    if (window.from !== undefined && issuedAt < window.from) continue;
    if (window.to !== undefined && issuedAt >= window.to) break;
    const sigma = thirtyDaySigma(closes, index, plan.baselinePeriods);
    for (const range of forecastAt(index)) {
      const periods = (range.horizonHours * HOUR_MS) / periodMs;
      const outcome = candles[index + periods];
      // A gap in the file would misdate the outcome: only a candle exactly at the horizon counts.
      if (!outcome || outcome.openTime !== candles[index]!.openTime + periods * periodMs) continue;
      byHorizon.get(range.horizonHours)!.push({
        issuedAt,
        price: closes[index]!,
        low: range.low,
        high: range.high,
        outcome: outcome.close,
        baselineSigma: sigma * Math.sqrt(periods),
      });
    }
  }
  return byHorizon;
}

/** The hourly model replayed over one coin's hourly candles, from the close of the 721st candle. */
export function replayRanges(
  hourly: readonly Candle[],
  window: RangeWindow = {},
  model: ExpectedRangeModel = expectedRangeModel,
): Map<number, RangeOutcome[]> {
  return replayForecasts(
    hourly,
    HOUR_MS,
    {
      first: model.windowHours,
      step: window.stepHours ?? 1,
      baselinePeriods: model.windowHours,
      horizons: model.horizons,
    },
    (index) => expectedRanges(hourly.slice(index - model.windowHours, index + 1), model),
    window,
  );
}

/** The daily-level variant replayed over daily candles (one forecast per daily close). */
export function replayDailyRanges(
  daily: readonly Candle[],
  window: RangeWindow = {},
  model: ExpectedRangeModel = expectedRangeModel,
): Map<number, RangeOutcome[]> {
  return replayForecasts(
    daily,
    DAY_MS,
    { first: 30, step: 1, baselinePeriods: 30, horizons: model.dailyFallback.horizons },
    (index) => dailyExpectedRanges(daily.slice(Math.max(0, index - 500), index + 1), model),
    window,
  );
}

/** Pools several coins' outcomes per horizon and measures each (the backtest's `ranges`). */
export function measureRanges(
  perCoin: readonly Map<number, RangeOutcome[]>[],
  model: ExpectedRangeModel = expectedRangeModel,
): RangeMeasure[] {
  const horizons = [...new Set(perCoin.flatMap((byHorizon) => [...byHorizon.keys()]))].sort((a, b) => a - b);
  return horizons.map((horizonHours) =>
    measureRangeOutcomes(
      horizonHours,
      model.probability,
      perCoin.flatMap((byHorizon) => byHorizon.get(horizonHours) ?? []),
    ),
  );
}

/** The single validation run's coverage at a horizon (what the product shows beside a range); null if unmeasured. */
export function measuredRangeCoverage(
  horizonHours: number,
  model: ExpectedRangeModel = expectedRangeModel,
): number | null {
  return model.validation?.coverage[String(horizonHours)] ?? null;
}

/**
 * The backtest's `ranges`: the hourly model replayed over each symbol's `<SYM>USDT-1h.csv` in the window
 * (forecasts issued in [from, to)), pooled per horizon.
 */
export function backtestRanges(
  symbols: readonly string[],
  readFile: CandleFileReader = readRepositoryCandles,
  window: RangeWindow = {},
): RangeMeasure[] {
  return measureRanges(
    symbols.map((symbol) =>
      replayRanges(parseCandlesCsv(readFile(`${symbol}USDT-1h.csv`), `${symbol}USDT-1h.csv`), window),
    ),
  );
}

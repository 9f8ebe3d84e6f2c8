import type { CandleInterval } from '@farol/contract';
import type { Candle } from '../../modules/market/market.types.ts';
import { createRandom } from './random.ts';
import { simulatedAnalysisCoins } from './universe.ts';

/**
 * The simulated market's price model. Everything is a function of time counted from a fixed epoch, never
 * from "now": the candle of a past timestamp is always the same for a seed (alerts and signals replay).
 *
 * - Daily level, generated in order from the epoch: a common market factor with GARCH(1,1) volatility
 *   (clustering) and Student-t(5) shocks (fat tails); each coin loads on it with its beta (correlation to
 *   BTC) plus its own t-distributed noise, and its log price reverts slowly to a plausible level.
 * - Intraday, generated per day on demand: 96 fifteen-minute steps with a U.S.-session volatility and
 *   volume pattern, correlated to the market's own intraday shocks, bridged so the 96th close is the day's
 *   close. Every other interval (1h, 4h, 1d) is aggregated from these 15m candles.
 */
export const SIMULATION_EPOCH_MS = Date.UTC(2016, 0, 1);
export const DAY_MS = 86_400_000;
export const STEP_MS = 15 * 60_000;
const STEPS_PER_DAY = 96;
const DEGREES_OF_FREEDOM = 5;
const LONG_RUN_DAILY_VOLATILITY = 0.028;
const GARCH_ALPHA = 0.07;
const GARCH_BETA = 0.9;
// a ceiling on the market's daily volatility (9%): keeps a run of t-shocks from compounding into absurd regimes
const MAX_MARKET_VARIANCE = 0.09 ** 2;
const GARCH_OMEGA = LONG_RUN_DAILY_VOLATILITY ** 2 * (1 - GARCH_ALPHA - GARCH_BETA);
// half-life of 150 days: prices wander like a market but stay within a believable range for years
const MEAN_REVERSION_PER_DAY = Math.LN2 / 150;
const BLOCK_CACHE_SIZE = 2400;
const FIELDS = 5; // open, high, low, close, volume

export const intervalMs: Record<CandleInterval, number> = {
  '15m': STEP_MS,
  '1h': 3_600_000,
  '4h': 14_400_000,
  '1d': DAY_MS,
};

/** Relative volatility and volume through the UTC day: quiet Asian night, busy U.S. session. */
function intradayShape(amplitude: number) {
  const weights = new Float64Array(STEPS_PER_DAY);
  for (let step = 0; step < STEPS_PER_DAY; step += 1) {
    const hour = (step + 0.5) / 4;
    weights[step] =
      1 +
      amplitude * Math.exp(-(((hour - 15) / 3) ** 2)) -
      0.35 * amplitude * Math.exp(-(((hour - 4) / 3) ** 2));
  }
  return weights;
}
const volatilityWeights = (() => {
  const shape = intradayShape(0.6);
  // normalised so the 96 squared weights sum to 96: the day's variance is unchanged
  const scale = Math.sqrt(STEPS_PER_DAY / shape.reduce((sum, weight) => sum + weight * weight, 0));
  return shape.map((weight) => weight * scale);
})();
const volumeWeights = (() => {
  const shape = intradayShape(1.1);
  const mean = shape.reduce((sum, weight) => sum + weight, 0) / STEPS_PER_DAY;
  return shape.map((weight) => weight / mean);
})();

export const classifyFearGreed = (value: number) =>
  value <= 25
    ? 'Extreme Fear'
    : value <= 46
      ? 'Fear'
      : value <= 54
        ? 'Neutral'
        : value <= 75
          ? 'Greed'
          : 'Extreme Greed';

export type SimulatedModel = ReturnType<typeof createSimulatedModel>;
type SimulatedCoin = (typeof simulatedAnalysisCoins)[number];

/**
 * The daily chain, generated in order from the epoch and extended on demand: the market's GARCH variance,
 * each coin's log close and daily volatility, and the fear & greed index.
 */
function createDailyChain(seed: number, coins: readonly SimulatedCoin[]) {
  const random = createRandom(seed, 0xda11);
  const logClose = coins.map(() => [] as number[]);
  const dailyVolatility = coins.map(() => [] as number[]);
  const marketVariance: number[] = [];
  const fearGreed: number[] = [];
  let lastShock = 0;
  let fearGreedLatent = 50;

  function nextVariance(day: number) {
    if (day === 0) return LONG_RUN_DAILY_VOLATILITY ** 2;
    const garch = GARCH_OMEGA + GARCH_ALPHA * lastShock ** 2 + GARCH_BETA * marketVariance[day - 1]!;
    return Math.min(MAX_MARKET_VARIANCE, garch);
  }

  function stepCoins(day: number, variance: number, shock: number) {
    coins.forEach((coin, index) => {
      const anchor = Math.log(coin.anchorPrice);
      const previous = day === 0 ? anchor : logClose[index]![day - 1]!;
      const own = coin.idiosyncraticVolatility * random.studentT(DEGREES_OF_FREEDOM);
      logClose[index]!.push(
        previous + coin.beta * shock + own - MEAN_REVERSION_PER_DAY * (previous - anchor),
      );
      dailyVolatility[index]!.push(Math.sqrt(coin.beta ** 2 * variance + coin.idiosyncraticVolatility ** 2));
    });
  }

  /**
   * Fear & greed follows the market: last week's and last month's BTC move, minus a volatility penalty,
   * smoothed (sentiment is sticky) with its own noise; alternative.me publishes one value per UTC day.
   */
  function stepFearGreed(day: number, variance: number) {
    const btc = logClose[0]!;
    const at = (offset: number) => btc[Math.max(0, day - offset)]!;
    const target =
      50 +
      260 * (at(1) - at(8)) +
      90 * (at(1) - at(31)) -
      14 * (Math.sqrt(variance) / LONG_RUN_DAILY_VOLATILITY - 1);
    fearGreedLatent = 0.65 * fearGreedLatent + 0.35 * target + 2.5 * random.normal();
    fearGreed.push(Math.round(Math.min(97, Math.max(3, fearGreedLatent))));
  }

  return {
    logClose,
    dailyVolatility,
    marketVariance,
    fearGreed,
    /** Extends the chain, in order, up to `day` (inclusive). */
    ensureDays(day: number) {
      for (let next = marketVariance.length; next <= day; next += 1) {
        const variance = nextVariance(next);
        marketVariance.push(variance);
        const shock = Math.sqrt(variance) * random.studentT(DEGREES_OF_FREEDOM);
        lastShock = shock;
        stepCoins(next, variance, shock);
        stepFearGreed(next, variance);
      }
    },
  };
}

type DailyChain = ReturnType<typeof createDailyChain>;

/** The day's 96 log-price increments: market and coin shocks mixed by their correlation, shaped by the session. */
function intradayIncrements(
  seed: number,
  coinIndex: number,
  day: number,
  correlation: number,
  stepVolatility: number,
) {
  const marketRandom = createRandom(seed, 0x1d, day);
  const coinRandom = createRandom(seed, 0x1e, coinIndex, day);
  const path = new Float64Array(STEPS_PER_DAY + 1);
  const increments = new Float64Array(STEPS_PER_DAY);
  for (let step = 0; step < STEPS_PER_DAY; step += 1) {
    const shock =
      correlation * marketRandom.studentT(DEGREES_OF_FREEDOM) +
      Math.sqrt(1 - correlation ** 2) * coinRandom.studentT(DEGREES_OF_FREEDOM);
    increments[step] = stepVolatility * volatilityWeights[step]! * shock;
    path[step + 1] = path[step]! + increments[step]!;
  }
  return { path, increments, coinRandom };
}

/** The 96 fifteen-minute candles of one coin on one day, as open/high/low/close/volume rows. */
function generateDayBlock(
  chain: DailyChain,
  seed: number,
  coin: SimulatedCoin,
  coinIndex: number,
  day: number,
): Float64Array {
  chain.ensureDays(day);
  const open = day === 0 ? Math.log(coin.anchorPrice) : chain.logClose[coinIndex]![day - 1]!;
  const close = chain.logClose[coinIndex]![day]!;
  const volatility = chain.dailyVolatility[coinIndex]![day]!;
  const correlation = Math.min(0.98, (coin.beta * Math.sqrt(chain.marketVariance[day]!)) / volatility);
  const stepVolatility = volatility / Math.sqrt(STEPS_PER_DAY);
  const { path, increments, coinRandom } = intradayIncrements(
    seed,
    coinIndex,
    day,
    correlation,
    stepVolatility,
  );
  // Brownian bridge: pin the last close to the daily chain's close without changing the shocks' shape.
  const gap = path[STEPS_PER_DAY]! - (close - open);
  const block = new Float64Array(STEPS_PER_DAY * FIELDS);
  const activity = volatility / (LONG_RUN_DAILY_VOLATILITY * coin.beta);
  for (let step = 0; step < STEPS_PER_DAY; step += 1) {
    const from = Math.exp(open + path[step]! - (gap * step) / STEPS_PER_DAY);
    const to = Math.exp(open + path[step + 1]! - (gap * (step + 1)) / STEPS_PER_DAY);
    const scale = stepVolatility * volatilityWeights[step]!;
    const offset = step * FIELDS;
    block[offset] = from;
    block[offset + 1] = Math.max(from, to) * Math.exp(0.5 * scale * Math.abs(coinRandom.normal()));
    block[offset + 2] = Math.min(from, to) * Math.exp(-0.5 * scale * Math.abs(coinRandom.normal()));
    block[offset + 3] = to;
    // volume rises with the session, with the size of the move and on volatile days
    const moveSize = Math.abs(increments[step]!) / scale;
    block[offset + 4] =
      (coin.dailyVolume / STEPS_PER_DAY) *
      volumeWeights[step]! *
      (0.55 + 0.45 * moveSize) *
      activity *
      Math.exp(0.3 * coinRandom.normal() - 0.045);
  }
  return block;
}

/** Aggregates `count` consecutive 15m candles of one day starting at `firstStep`. */
function aggregate(block: Float64Array, openTime: number, firstStep: number, count: number): Candle {
  let high = -Infinity;
  let low = Infinity;
  let volume = 0;
  for (let step = firstStep; step < firstStep + count; step += 1) {
    const offset = step * FIELDS;
    high = Math.max(high, block[offset + 1]!);
    low = Math.min(low, block[offset + 2]!);
    volume += block[offset + 4]!;
  }
  return {
    openTime,
    open: block[firstStep * FIELDS]!,
    high,
    low,
    close: block[(firstStep + count - 1) * FIELDS + 3]!,
    volume,
  };
}

export function createSimulatedModel(seed: number) {
  const coins = simulatedAnalysisCoins;
  const chain = createDailyChain(seed, coins);
  const blocks = new Map<string, Float64Array>();
  const daySummaries = coins.map(() => new Map<number, Candle>());

  /** The day's candles of one coin (cached, least recently used evicted). */
  function dayBlock(coinIndex: number, day: number): Float64Array {
    const key = `${coinIndex}:${day}`;
    const cached = blocks.get(key);
    if (cached) {
      blocks.delete(key);
      blocks.set(key, cached);
      return cached;
    }
    const block = generateDayBlock(chain, seed, coins[coinIndex]!, coinIndex, day);
    blocks.set(key, block);
    if (blocks.size > BLOCK_CACHE_SIZE) blocks.delete(blocks.keys().next().value!);
    return block;
  }

  function candleAt(coinIndex: number, interval: CandleInterval, openTime: number): Candle {
    const day = Math.floor((openTime - SIMULATION_EPOCH_MS) / DAY_MS);
    if (interval === '1d') {
      const summaries = daySummaries[coinIndex]!;
      let summary = summaries.get(day);
      if (!summary) {
        summary = aggregate(dayBlock(coinIndex, day), openTime, 0, STEPS_PER_DAY);
        summaries.set(day, summary);
      }
      return summary;
    }
    const firstStep = Math.round((openTime - SIMULATION_EPOCH_MS - day * DAY_MS) / STEP_MS);
    return aggregate(dayBlock(coinIndex, day), openTime, firstStep, intervalMs[interval] / STEP_MS);
  }

  return {
    coins,
    /** Candles with open time <= `endTimeMs`, oldest first, at most `limit` (none before the epoch). */
    candles(coinIndex: number, interval: CandleInterval, limit: number, endTimeMs: number): Candle[] {
      const size = intervalMs[interval];
      const lastOpen = Math.floor((endTimeMs - SIMULATION_EPOCH_MS) / size) * size + SIMULATION_EPOCH_MS;
      const firstOpen = Math.max(SIMULATION_EPOCH_MS, lastOpen - (limit - 1) * size);
      const result: Candle[] = [];
      for (let openTime = firstOpen; openTime <= lastOpen; openTime += size)
        result.push(candleAt(coinIndex, interval, openTime));
      return result;
    },
    /** Close of the last 15m candle closed at `timeMs`, and the one 24 h before it. */
    lastClose(coinIndex: number, timeMs: number, stepsBack = 0): number {
      const step = Math.floor((timeMs - SIMULATION_EPOCH_MS) / STEP_MS) - 1 - stepsBack;
      const day = Math.floor(step / STEPS_PER_DAY);
      return dayBlock(coinIndex, day)[(step - day * STEPS_PER_DAY) * FIELDS + 3]!;
    },
    /** Base volume of the last 96 closed 15m candles. */
    volume24h(coinIndex: number, timeMs: number): number {
      const lastStep = Math.floor((timeMs - SIMULATION_EPOCH_MS) / STEP_MS) - 1;
      let volume = 0;
      for (let step = lastStep - STEPS_PER_DAY + 1; step <= lastStep; step += 1) {
        const day = Math.floor(step / STEPS_PER_DAY);
        volume += dayBlock(coinIndex, day)[(step - day * STEPS_PER_DAY) * FIELDS + 4]!;
      }
      return volume;
    },
    /** Daily index values, latest first, the latest being the UTC day of `timeMs`. */
    fearGreed(timeMs: number, limit: number): { value: number; classification: string; timestamp: number }[] {
      const today = Math.floor((timeMs - SIMULATION_EPOCH_MS) / DAY_MS);
      chain.ensureDays(today);
      const result = [];
      for (let day = today; day > today - limit && day >= 0; day -= 1) {
        const value = chain.fearGreed[day]!;
        result.push({
          value,
          classification: classifyFearGreed(value),
          timestamp: (SIMULATION_EPOCH_MS + day * DAY_MS) / 1000,
        });
      }
      return result;
    },
  };
}

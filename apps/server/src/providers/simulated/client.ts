import type {
  Candle,
  Coin,
  DominancePoint,
  GlobalMarket,
  MarketProvider,
} from '../../modules/market/market.types.ts';
import { UpstreamError } from '../http.ts';
import {
  createSimulatedModel,
  DAY_MS,
  intervalMs,
  SIMULATION_EPOCH_MS,
  STEP_MS,
  type SimulatedModel,
} from './model.ts';
import { generateOtherCoins, type SimulatedOtherCoin } from './universe.ts';

const STEPS_PER_DAY = DAY_MS / STEP_MS;
const STEPS_PER_HOUR = 4;
// the 7-day sparkline: one point every 4 hours, the last at the latest close (42 points)
const SPARKLINE_STEP_MS = 4 * 3_600_000;
const SPARKLINE_POINTS = 42;

type Universe = { model: SimulatedModel; others: SimulatedOtherCoin[]; btcAnchor: number };

/** An invented coin's price: its beta to BTC's move from its anchor, plus its own slow cycles. */
function otherPrice({ btcAnchor }: Universe, coin: SimulatedOtherCoin, btcLog: number, stepTime: number) {
  const days = (stepTime - SIMULATION_EPOCH_MS) / DAY_MS;
  const cycle = coin.cycles.reduce(
    (sum, { period, amplitude, phase }) => sum + amplitude * Math.sin((2 * Math.PI * days) / period + phase),
    0,
  );
  return coin.basePrice * Math.exp(coin.beta * (btcLog - btcAnchor) + cycle);
}

/** The times of the sparkline's points, oldest first, the last being `timeMs`. */
const sparklineTimes = (timeMs: number) =>
  Array.from(
    { length: SPARKLINE_POINTS },
    (_, index) => timeMs - (SPARKLINE_POINTS - 1 - index) * SPARKLINE_STEP_MS,
  );

const change = (price: number, before: number) => (price / before - 1) * 100;

/**
 * The extremes of the last 24 h's 15m closes (the model keeps no intraday highs for the list: its closes
 * stand in for them, so the range is a little narrower than the candles').
 */
function dayRange(model: SimulatedModel, index: number, timeMs: number) {
  let high = -Infinity;
  let low = Infinity;
  for (let step = 0; step < STEPS_PER_DAY; step += 1) {
    const close = model.lastClose(index, timeMs, step);
    high = Math.max(high, close);
    low = Math.min(low, close);
  }
  return { high24h: high, low24h: low };
}

function analysisCoins({ model }: Universe, timeMs: number): Coin[] {
  return model.coins.map((spec, index): Coin => {
    const price = model.lastClose(index, timeMs);
    const dayBefore = model.lastClose(index, timeMs, STEPS_PER_DAY);
    const sparkline = sparklineTimes(timeMs).map((time) => model.lastClose(index, time));
    // the simulation starts at its epoch: no change over a span it has not run (and no all-time high: its
    // whole history would have to be scanned, so the list leaves it unknown, as CoinGecko does for some coins)
    const changeOver = (days: number) => {
      const steps = days * STEPS_PER_DAY;
      return timeMs - (steps + 1) * STEP_MS >= SIMULATION_EPOCH_MS
        ? change(price, model.lastClose(index, timeMs, steps))
        : undefined;
    };
    return {
      id: spec.id,
      symbol: spec.symbol,
      name: spec.name,
      currentPrice: price,
      marketCap: price * spec.circulatingSupply,
      totalVolume: model.volume24h(index, timeMs) * price,
      priceChangePercentage1h: change(price, model.lastClose(index, timeMs, STEPS_PER_HOUR)),
      priceChangePercentage24h: change(price, dayBefore),
      priceChangePercentage7d: change(price, sparkline[0]!),
      priceChangePercentage30d: changeOver(30),
      priceChangePercentage1y: changeOver(365),
      ...dayRange(model, index, timeMs),
      sparkline7d: sparkline,
      circulatingSupply: spec.circulatingSupply,
    };
  });
}

/**
 * An invented coin's 24 h volume as a share of its market cap: 2% to 6%, the more volatile (higher beta)
 * trading more, as small caps do. Derived, not drawn: the universe's random sequence stays as it was.
 */
const dailyTurnover = (coin: SimulatedOtherCoin) => 0.02 + ((coin.beta - 0.7) / 0.9) * 0.04;

function inventedCoins(universe: Universe, timeMs: number): Coin[] {
  const { model, others } = universe;
  const stepTime = Math.floor(timeMs / STEP_MS) * STEP_MS;
  const btcNow = Math.log(model.lastClose(0, timeMs));
  const btcDayBefore = Math.log(model.lastClose(0, timeMs, STEPS_PER_DAY));
  const btcHourBefore = Math.log(model.lastClose(0, timeMs, STEPS_PER_HOUR));
  // BTC's level at each sparkline point, shared by the 490 invented coins
  const btcAt = sparklineTimes(stepTime).map((time) => [Math.log(model.lastClose(0, time)), time] as const);
  return others.map((coin): Coin => {
    const price = otherPrice(universe, coin, btcNow, stepTime);
    const dayBefore = otherPrice(universe, coin, btcDayBefore, stepTime - DAY_MS);
    const sparkline = btcAt.map(([btcLog, time]) => otherPrice(universe, coin, btcLog, time));
    return {
      id: coin.id,
      symbol: coin.symbol,
      name: coin.name,
      currentPrice: price,
      marketCap: price * coin.supply,
      totalVolume: price * coin.supply * dailyTurnover(coin),
      priceChangePercentage1h: change(price, otherPrice(universe, coin, btcHourBefore, stepTime - 3_600_000)),
      priceChangePercentage24h: change(price, dayBefore),
      priceChangePercentage7d: change(price, sparkline[0]!),
      sparkline7d: sparkline,
      circulatingSupply: coin.supply,
    };
  });
}

/** The 500 coins at a time, ranked by market cap. */
function buildCoins(universe: Universe, timeMs: number): Coin[] {
  return [...analysisCoins(universe, timeMs), ...inventedCoins(universe, timeMs)]
    .sort((a, b) => b.marketCap! - a.marketCap!)
    .map((coin, index) => ({ ...coin, rank: index + 1 }));
}

/**
 * The invented coins the simulated exchange lists a USDT pair for: the best-ranked 240 of the 490 (about the
 * share of CoinGecko's top 500 Binance trades), so the others show how a coin without a pair is answered.
 */
export const SIMULATED_PAIRED_OTHERS = 240;

/**
 * An invented coin's candles from BTC's of the same times, through its price formula: open and close at the
 * candle's open and close, high and low from BTC's at mid-candle (bounded by open and close). Volume: BTC's
 * quote volume scaled by the coin's daily turnover against BTC's, in the coin's units.
 */
function inventedCandles(universe: Universe, coin: SimulatedOtherCoin, btcCandles: Candle[], size: number) {
  const btc = universe.model.coins[0]!;
  const volumeShare =
    (coin.basePrice * coin.supply * dailyTurnover(coin)) / (btc.dailyVolume * btc.anchorPrice);
  const price = (btcPrice: number, time: number) => otherPrice(universe, coin, Math.log(btcPrice), time);
  return btcCandles.map((candle): Candle => {
    const middle = candle.openTime + size / 2;
    const open = price(candle.open, candle.openTime);
    const close = price(candle.close, candle.openTime + size);
    // the formula rises with BTC's price when beta > 0 (always: 0.7 to 1.6)
    const high = Math.max(open, close, price(candle.high, middle));
    const low = Math.min(open, close, price(candle.low, middle));
    return {
      openTime: candle.openTime,
      open,
      high,
      low,
      close,
      volume: (candle.volume * candle.close * volumeShare) / close,
    };
  });
}

/** The simulated market's USD/BRL (and USDT/BRL) rate: fixed, as made up as the rest of it. */
export const SIMULATED_USDT_BRL = 5.5;

/** A simulated coin priced in BRL at the fixed simulated rate. */
const inSimulatedBrl = (coin: Coin): Coin => ({
  ...coin,
  currentPrice: coin.currentPrice === undefined ? undefined : coin.currentPrice * SIMULATED_USDT_BRL,
  marketCap: coin.marketCap === undefined ? undefined : coin.marketCap * SIMULATED_USDT_BRL,
  totalVolume: coin.totalVolume === undefined ? undefined : coin.totalVolume * SIMULATED_USDT_BRL,
  high24h: coin.high24h === undefined ? undefined : coin.high24h * SIMULATED_USDT_BRL,
  low24h: coin.low24h === undefined ? undefined : coin.low24h * SIMULATED_USDT_BRL,
  sparkline7d: coin.sparkline7d?.map((price) => price * SIMULATED_USDT_BRL),
});

function globalOf(coins: Coin[], timeMs: number): GlobalMarket {
  const total = coins.reduce((sum, coin) => sum + coin.marketCap!, 0);
  const totalDayBefore = coins.reduce(
    (sum, coin) => sum + coin.marketCap! / (1 + coin.priceChangePercentage24h! / 100),
    0,
  );
  const btc = coins.find((coin) => coin.id === 'bitcoin')!.marketCap!;
  const eth = coins.find((coin) => coin.id === 'ethereum')!.marketCap!;
  return {
    totalMarketCap: total,
    bitcoinDominance: (btc / total) * 100,
    ethereumDominance: (eth / total) * 100,
    bitcoinMarketCap: btc,
    marketCapChangePercentage24h: (total / totalDayBefore - 1) * 100,
    lastUpdated: Math.floor(timeMs / STEP_MS) * (STEP_MS / 1000),
    totalMarketCapBrl: total * SIMULATED_USDT_BRL,
  };
}

/**
 * The global snapshot of each 15-minute step from the market caps alone (no list, no 24 h figures: a
 * fraction of a full list's cost, so 90 days of steps stay cheap). Same caps as `buildCoins`.
 */
function dominanceHistory(universe: Universe, sinceMs: number, untilMs: number): DominancePoint[] {
  const { model, others } = universe;
  const points: DominancePoint[] = [];
  const bitcoin = model.coins.findIndex((coin) => coin.id === 'bitcoin');
  const ethereum = model.coins.findIndex((coin) => coin.id === 'ethereum');
  for (let step = Math.ceil(sinceMs / STEP_MS) * STEP_MS; step <= untilMs; step += STEP_MS) {
    const caps = model.coins.map((spec, index) => model.lastClose(index, step) * spec.circulatingSupply);
    const btcLog = Math.log(model.lastClose(bitcoin, step));
    const total = others.reduce(
      (sum, coin) => sum + otherPrice(universe, coin, btcLog, step) * coin.supply,
      caps.reduce((sum, cap) => sum + cap, 0),
    );
    points.push({
      time: step,
      bitcoinDominance: (caps[bitcoin]! / total) * 100,
      ethereumDominance: (caps[ethereum]! / total) * 100,
      totalMarketCap: total,
    });
  }
  return points;
}

/**
 * The simulated market behind the provider interface: the embedded source when no upstream can be reached.
 * Deterministic for a seed; every answer built from it is labelled `source: "simulated"` by the service.
 */
export function createSimulatedMarket(options: { seed: number; now: () => number }): MarketProvider & {
  /** The 500 coins at a time (rank order), also used by the service for the simulated coin universe. */
  coinsAt: (timeMs: number) => Coin[];
  /** The global snapshot of every 15-minute step between two times, oldest first: the simulated dominance history. */
  dominanceHistory: (sinceMs: number, untilMs: number) => DominancePoint[];
} {
  const model = createSimulatedModel(options.seed);
  const universe: Universe = {
    model,
    others: generateOtherCoins(options.seed),
    btcAnchor: Math.log(model.coins[0]!.anchorPrice),
  };
  let memo: { step: number; coins: Coin[] } | undefined;
  const pairedOthers = new Map<string, SimulatedOtherCoin>(
    universe.others.slice(0, SIMULATED_PAIRED_OTHERS).map((coin) => [`${coin.symbol}USDT`, coin]),
  );

  /** The list only changes when a 15m candle closes: computed once per step. */
  function coinsAt(timeMs: number): Coin[] {
    const step = Math.floor(timeMs / STEP_MS);
    if (memo?.step !== step) memo = { step, coins: buildCoins(universe, timeMs) };
    return memo.coins;
  }

  return {
    coinsAt,
    dominanceHistory: (sinceMs, untilMs) => dominanceHistory(universe, sinceMs, untilMs),
    fetchCoins: async (page, perPage, currency = 'USD') => {
      const coins = coinsAt(options.now()).slice((page - 1) * perPage, page * perPage);
      return currency === 'BRL' ? coins.map(inSimulatedBrl) : coins;
    },
    fetchGlobal: async () => {
      const time = options.now();
      return globalOf(coinsAt(time), time);
    },
    fetchFearGreed: async (limit) => model.fearGreed(options.now(), limit),
    fetchCandles: async (pair, interval, limit, endTimeMs) => {
      const index = model.coins.findIndex((coin) => coin.pair === pair);
      if (index >= 0) return model.candles(index, interval, limit, endTimeMs);
      const other = pairedOthers.get(pair);
      // like Binance for a symbol it does not list
      if (!other)
        throw new UpstreamError('simulated', 'api_error', `invalid symbol ${pair}`, { status: 400 });
      return inventedCandles(
        universe,
        other,
        model.candles(0, interval, limit, endTimeMs),
        intervalMs[interval],
      );
    },
    fetchTradingPairs: async () => [
      ...model.coins.map((coin) => ({ pair: coin.pair, baseAsset: coin.pair.replace(/USDT$/, '') })),
      ...[...pairedOthers].map(([pair, coin]) => ({ pair, baseAsset: coin.symbol })),
    ],
    // the fixed simulated rate, on BTC's candle times
    fetchRateCandles: async (interval, limit, endTimeMs) =>
      model.candles(0, interval, limit, endTimeMs).map((candle) => ({
        openTime: candle.openTime,
        open: SIMULATED_USDT_BRL,
        high: SIMULATED_USDT_BRL,
        low: SIMULATED_USDT_BRL,
        close: SIMULATED_USDT_BRL,
        volume: 0,
      })),
  };
}

export type SimulatedMarket = ReturnType<typeof createSimulatedMarket>;

import type { CandleInterval } from '@farol/contract';
import { isAppError } from '../../lib/app-error.ts';
import { resolveMarketSymbol } from '../signals/signals.service.ts';
import { catalog, findIndicator, runIndicator } from '@farol/indicators';
import type { Coin } from '../market/market.types.ts';
import type { ChatData } from './chat.types.ts';

// The read-only tools of the four agents. Each returns plain numbers (rounded only where a
// trader would never read more digits) so the model can cite them and the offline analyst can print them.

const CANDLES_FOR_INDICATORS = 300;
const round = (value: number, digits = 2) => Number(value.toFixed(digits));
/** Prices keep 6 significant digits: $0.2737 and $67,234.1 are both read as they are. */
const roundPrice = (value: number) => Number(value.toPrecision(6));
const lastFinite = (values: ArrayLike<number>) => {
  for (let index = values.length - 1; index >= 0; index -= 1)
    if (Number.isFinite(values[index]!)) return values[index]!;
  return undefined;
};

export type SignalBrief = Awaited<ReturnType<typeof getSignalAnalysis>>;

/** The signals engine's reading of a coin (the market-analysis page's numbers, as they are). */
export async function getSignalAnalysis(data: ChatData, symbol: string) {
  const analysis = await data.signals.getAnalysis(symbol, data.language, data.money);
  return {
    symbol: analysis.symbol,
    price: analysis.price,
    signal: analysis.marketSignal.signal,
    strength: analysis.marketSignal.strength,
    confidence: analysis.marketSignal.confidence,
    reasoning: analysis.marketSignal.reasoning,
    trendStrength: analysis.trendStrength,
    rsi: analysis.keyIndicators.rsi,
    macd: analysis.keyIndicators.macd,
    bollinger: analysis.keyIndicators.bollinger,
    volume: analysis.keyIndicators.volume,
    supportLevels: analysis.supportLevels.slice(0, 3),
    resistanceLevels: analysis.resistanceLevels.slice(0, 3),
    riskLevel: analysis.confluenceAnalysis.riskLevel,
    /** Where the price should be in 24 h and 7 d, 8 times in 10, with the coverage measured on validation. */
    expectedRange: analysis.expectedRange,
    strategy: {
      name: analysis.recommendedStrategy.name,
      stopLoss: analysis.recommendedStrategy.stopLoss,
      targets: analysis.recommendedStrategy.targets,
    },
    source: analysis.source,
    asOf: analysis.asOf,
  };
}

/** Names and one-line descriptions of the indicators `get_indicator` accepts, optionally of one group. */
export function listIndicators(group?: string) {
  return catalog
    .filter((definition) => !group || definition.group.toLowerCase() === group.toLowerCase())
    .map((definition) => ({
      name: definition.name,
      group: definition.group,
      description: definition.description,
    }));
}

export type IndicatorReading = {
  symbol: string;
  indicator: string;
  interval: CandleInterval;
  params: Record<string, number>;
  /** Each output's value on the last closed candle and the one before it. */
  outputs: Record<string, { last: number | undefined; previous: number | undefined }>;
  /** Indicators run on the USDT candles: `close` and price-denominated outputs are in USDT, whatever the user's currency. */
  quote: 'USDT';
  close: number;
  candleOpenTime: string;
  source: string;
};

/** Any catalogued indicator on any timeframe, computed on the market's closed candles. */
export async function getIndicator(
  data: ChatData,
  input: {
    symbol: string;
    indicator: string;
    interval: CandleInterval;
    params?: Record<string, number> | undefined;
  },
): Promise<IndicatorReading | { error: string }> {
  const definition = findIndicator(input.indicator);
  if (!definition)
    return { error: `Unknown indicator "${input.indicator}". Call list_indicators for the names.` };
  const { data: candles, source } = await data.market.getCandles(
    input.symbol,
    input.interval,
    CANDLES_FOR_INDICATORS,
  );
  const last = candles.at(-1);
  if (!last) return { error: `No ${input.interval} candles for ${input.symbol}.` };
  const columns = {
    open: candles.map((candle) => candle.open),
    high: candles.map((candle) => candle.high),
    low: candles.map((candle) => candle.low),
    close: candles.map((candle) => candle.close),
    volume: candles.map((candle) => candle.volume),
    time: candles.map((candle) => candle.openTime),
  };
  let result: Record<string, Float64Array>;
  try {
    result = runIndicator(definition.name, columns, input.params);
  } catch (error) {
    // A bad parameter is the model's mistake to correct, not a failure of the answer.
    return { error: (error as Error).message };
  }
  const outputs = Object.fromEntries(
    Object.entries(result).map(([name, values]) => {
      const previous = values.length > 1 ? values[values.length - 2] : undefined;
      return [
        name,
        {
          last: Number.isFinite(values.at(-1)) ? round(values.at(-1)!, 4) : undefined,
          previous: previous !== undefined && Number.isFinite(previous) ? round(previous, 4) : undefined,
        },
      ];
    }),
  );
  return {
    symbol: input.symbol,
    indicator: definition.name,
    interval: input.interval,
    params: { ...input.params },
    outputs,
    quote: 'USDT',
    close: last.close,
    candleOpenTime: new Date(last.openTime).toISOString(),
    source,
  };
}

const ATR_PERIOD = 14;
/** Stop distances a risk manager quotes, in ATRs (1.5 tight, 2 usual, 3 wide). */
const STOP_MULTIPLES = [1.5, 2, 3] as const;

export type VolatilityBrief = Exclude<Awaited<ReturnType<typeof getVolatility>>, { error: string }>;

/** ATR(14)-based volatility and stop distances for a long position, on closed candles. */
export async function getVolatility(data: ChatData, symbol: string, interval: CandleInterval = '1d') {
  const { data: candles, source } = await data.market.getCandles(symbol, interval, CANDLES_FOR_INDICATORS);
  const price = candles.at(-1)?.close;
  const atr = lastFinite(
    runIndicator(
      'ATR',
      {
        high: candles.map((candle) => candle.high),
        low: candles.map((candle) => candle.low),
        close: candles.map((candle) => candle.close),
      },
      { optInTimePeriod: ATR_PERIOD },
    ).outReal!,
  );
  if (price === undefined || atr === undefined)
    return { error: `Not enough ${interval} candles for ${symbol}.` };
  // prices in the user's currency (ATR scales with the price; the percentages do not change)
  const rate = data.money?.rate ?? 1;
  return {
    symbol,
    interval,
    currency: data.money?.currency ?? 'USD',
    price: roundPrice(price * rate),
    atr: roundPrice(atr * rate),
    atrPeriod: ATR_PERIOD,
    atrPercent: round((atr / price) * 100),
    stops: STOP_MULTIPLES.map((multiple) => ({
      atrMultiple: multiple,
      price: roundPrice((price - multiple * atr) * rate),
      distancePercent: round(((multiple * atr) / price) * 100),
    })),
    source,
  };
}

/**
 * Fixed-fractional position sizing: the position whose loss at the stop equals `riskPercent` of capital.
 * Works in the capital's own currency (BRL or USD) because only ratios are used; coin units are given
 * for USD only, as Farol's prices are in USD.
 */
export function calculatePositionSize(input: {
  price: number;
  stopPrice: number;
  capital: number;
  riskPercent: number;
  currency: 'BRL' | 'USD';
}) {
  const stopDistance = (input.price - input.stopPrice) / input.price;
  if (!(stopDistance > 0)) return { error: 'The stop must be below the entry price for a long position.' };
  const riskAmount = (input.capital * input.riskPercent) / 100;
  // Never more than the capital itself: no leverage is suggested.
  const positionValue = Math.min(riskAmount / stopDistance, input.capital);
  return {
    currency: input.currency,
    capital: input.capital,
    riskPercent: input.riskPercent,
    riskAmount: round(riskAmount),
    entryPrice: input.price,
    stopPrice: input.stopPrice,
    stopDistancePercent: round(stopDistance * 100),
    positionValue: round(positionValue),
    positionPercentOfCapital: round((positionValue / input.capital) * 100),
    ...(input.currency === 'USD' ? { units: Number((positionValue / input.price).toPrecision(6)) } : {}),
  };
}

/** Market cap, rank, volume and supply of a coin from the market list (by symbol or CoinGecko id). */
export async function getCoinFundamentals(data: ChatData, symbolOrId: string) {
  const { data: coins, source } = await data.market.getCoins(undefined, data.money?.currency);
  const wanted = symbolOrId.trim();
  const coin =
    coins.find((candidate) => candidate.id === wanted.toLowerCase()) ??
    coins.find((candidate) => candidate.symbol === wanted.toUpperCase());
  if (!coin) return { error: `${symbolOrId} is not among the ${coins.length} coins Farol follows.` };
  return { ...pickFundamentals(coin), source };
}

export function pickFundamentals(coin: Coin) {
  return {
    id: coin.id,
    symbol: coin.symbol,
    name: coin.name,
    rank: coin.rank,
    price: coin.currentPrice,
    marketCap: coin.marketCap,
    volume24h: coin.totalVolume,
    change24hPercent:
      coin.priceChangePercentage24h === undefined ? undefined : round(coin.priceChangePercentage24h),
    circulatingSupply: coin.circulatingSupply,
    totalSupply: coin.totalSupply,
    maxSupply: coin.maxSupply,
  };
}

export type FundamentalsBrief = ReturnType<typeof pickFundamentals> & { source: string };

/** Total market cap and BTC/ETH dominance now. */
export async function getGlobalMarket(data: ChatData) {
  const { data: global, source } = await data.market.getGlobal();
  const inBrl = data.money?.currency === 'BRL' && global.totalMarketCapBrl !== undefined;
  return {
    currency: inBrl ? 'BRL' : 'USD',
    totalMarketCap: inBrl ? global.totalMarketCapBrl! : global.totalMarketCap,
    bitcoinDominance: round(global.bitcoinDominance),
    ethereumDominance: round(global.ethereumDominance),
    marketCapChange24hPercent:
      global.marketCapChangePercentage24h === undefined
        ? undefined
        : round(global.marketCapChangePercentage24h),
    lastUpdated: new Date(global.lastUpdated * 1000).toISOString(),
    source,
  };
}

export type GlobalBrief = Awaited<ReturnType<typeof getGlobalMarket>>;

const HOUR_MS = 3_600_000;
/** Shifts the sentiment agent quotes: over the last 24 hours and the last 7 days. */
const DOMINANCE_SHIFT_HOURS = { change24h: 24, change7d: 168 } as const;
// A past point is used only within 10% of the span from the wanted time (2.4 h for 24 h, 16.8 h for 7 d):
// live history has gaps while nobody reads the market, and a shift over another span is not that shift.
const DOMINANCE_POINT_TOLERANCE = 0.1;

/**
 * Dominance shifts: BTC and ETH dominance now and their change in percentage points over 24 h and 7 d,
 * from the recorded history (simulated: computed). A change without a point near its start is left out.
 */
export async function getDominanceShifts(data: ChatData) {
  // a day more than the longest shift, so a point up to the tolerance before its start is found too
  const { data: points, source } = await data.market.getDominanceHistory(8);
  const latest = points.at(-1);
  if (!latest) return { error: 'The dominance history is not available right now.' };
  const shift = (hours: number) => {
    const wanted = latest.time - hours * HOUR_MS;
    const past = points.reduce((best, point) =>
      Math.abs(point.time - wanted) < Math.abs(best.time - wanted) ? point : best,
    );
    if (past === latest || Math.abs(past.time - wanted) > hours * HOUR_MS * DOMINANCE_POINT_TOLERANCE)
      return undefined;
    return {
      bitcoinPoints: round(latest.bitcoinDominance - past.bitcoinDominance),
      ethereumPoints: round(latest.ethereumDominance - past.ethereumDominance),
      since: new Date(past.time).toISOString(),
    };
  };
  return {
    bitcoinDominance: round(latest.bitcoinDominance),
    ethereumDominance: round(latest.ethereumDominance),
    change24h: shift(DOMINANCE_SHIFT_HOURS.change24h),
    change7d: shift(DOMINANCE_SHIFT_HOURS.change7d),
    asOf: new Date(latest.time).toISOString(),
    source,
  };
}

export type DominanceBrief = Exclude<Awaited<ReturnType<typeof getDominanceShifts>>, { error: string }>;

/** Points between today's index and its 7-day average that count as a change of mood. */
const FEAR_GREED_TREND_POINTS = 5;

/** The fear & greed index now, its 7- and 30-day averages and its direction. */
export async function getFearGreedTrend(data: ChatData, days = 30) {
  const { data: history, source } = await data.market.getFearGreed(Math.max(days, 7));
  const latest = history[0];
  if (!latest) return { error: 'The fear & greed index is not available right now.' };
  const average = (count: number) => {
    const slice = history.slice(0, count);
    return round(slice.reduce((sum, entry) => sum + entry.value, 0) / slice.length, 1);
  };
  const average7 = average(7);
  const difference = latest.value - average7;
  return {
    value: latest.value,
    classification: latest.classification,
    date: new Date(latest.timestamp * 1000).toISOString().slice(0, 10),
    average7,
    average30: average(30),
    trend:
      difference >= FEAR_GREED_TREND_POINTS
        ? ('rising' as const)
        : difference <= -FEAR_GREED_TREND_POINTS
          ? ('falling' as const)
          : ('stable' as const),
    daysOfHistory: history.length,
    source,
  };
}

export type SentimentBrief = Exclude<Awaited<ReturnType<typeof getFearGreedTrend>>, { error: string }>;

/**
 * The market symbol a tool call names (any coin of the list with a Binance USDT pair; POL reaches MATIC), or
 * the reason it has none, for the model to read and correct.
 */
export async function toMarketSymbol(data: ChatData, symbol: string): Promise<string | { error: string }> {
  try {
    return await resolveMarketSymbol(data.market, symbol);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return error.code === 'coin_without_pair'
      ? {
          error: `${symbol.toUpperCase()} has no USDT spot pair on Binance: no candles, no technical reading.`,
        }
      : { error: `${symbol.toUpperCase()} is not among the coins Farol follows.` };
  }
}

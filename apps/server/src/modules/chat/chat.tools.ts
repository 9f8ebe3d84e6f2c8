import {
  quoteLevels,
  sizePosition,
  measureLevel,
  type CandleInterval,
  type Currency,
  type QuotedLevels,
} from '@farol/contract';
import { isAppError } from '../../lib/app-error.ts';
import { latestMoney } from '../../lib/currency.ts';
import { resolveMarketSymbol } from '../signals/signals.service.ts';
import { catalog, findIndicator, runIndicator } from '@farol/indicators';
import type { Coin } from '../market/market.types.ts';
import type { ChatData } from './chat.types.ts';

// The read-only tools of the four agents. Each returns plain numbers (rounded only where a
// trader would never read more digits) so the model can cite them and the offline analyst can print them.
// Every distance and size is measured from the coin's one quoted price (`quoteCoin`) by the shared
// trade-levels arithmetic, so an answer never measures a stop from one price and quotes another.

const CANDLES_FOR_INDICATORS = 300;
const round = (value: number, digits = 2) => Number(value.toFixed(digits));
/** Prices keep 6 significant digits: $0.2737 and $67,234.1 are both read as they are. */
const roundPrice = (value: number) => Number(value.toPrecision(6));
const lastFinite = (values: ArrayLike<number>) => {
  for (let index = values.length - 1; index >= 0; index -= 1)
    if (Number.isFinite(values[index]!)) return values[index]!;
  return undefined;
};

const currencyOf = (data: ChatData): Currency => data.money?.currency ?? 'USD';

/** The price an answer quotes for a coin, in the user's currency, and where and when it was read. */
export type PriceQuote = { price: number; currency: Currency; source: string; asOf: string };

/**
 * The one price the chat quotes for a coin: the market list's current price in the user's currency (the
 * price the coin page shows, kept current by the live stream), else the last close the signal engine read.
 */
export async function quoteCoin(
  data: ChatData,
  symbol: string,
  fallback?: () => Promise<{ price: number; source: string; asOf: string } | undefined>,
): Promise<PriceQuote | undefined> {
  const currency = currencyOf(data);
  const listed = await (async () => {
    const [{ data: pairs }, coins] = await Promise.all([
      data.market.getMarketPairs(),
      data.market.getCoins(undefined, currency),
    ]);
    const coinId = pairs.bySymbol.get(symbol)?.coinId;
    const coin = coins.data.find((candidate) =>
      coinId === undefined ? candidate.symbol === symbol : candidate.id === coinId,
    );
    return coin?.currentPrice === undefined
      ? undefined
      : {
          price: coin.currentPrice,
          source: coin.priceSource ?? coins.source,
          asOf: new Date(coins.fetchedAt).toISOString(),
        };
  })().catch(() => undefined);
  const chosen = listed ?? (await fallback?.().catch(() => undefined));
  return chosen && chosen.price > 0 ? { ...chosen, price: roundPrice(chosen.price), currency } : undefined;
}

export type SignalBrief = Awaited<ReturnType<typeof getSignalAnalysis>>;

/**
 * The signals engine's reading of a coin (the analysis page's signal, indicators and levels), every level
 * measured from the coin's quoted price.
 */
export async function getSignalAnalysis(data: ChatData, symbol: string, quote?: PriceQuote) {
  const analysis = await data.signals.getAnalysis(symbol, data.language, data.money);
  const quoted =
    quote ??
    (await quoteCoin(data, symbol, async () => ({
      price: analysis.price,
      source: analysis.source,
      asOf: analysis.asOf,
    })))!;
  const levels: QuotedLevels = quoteLevels({
    price: quoted.price,
    currency: quoted.currency,
    stop:
      analysis.recommendedStrategy.stopLoss === null
        ? null
        : roundPrice(analysis.recommendedStrategy.stopLoss),
    targets: analysis.recommendedStrategy.targets.map(roundPrice),
    supports: analysis.supportLevels.slice(0, 3).map(roundPrice),
    resistances: analysis.resistanceLevels.slice(0, 3).map(roundPrice),
  });
  return {
    symbol: analysis.symbol,
    quote: quoted,
    signal: analysis.marketSignal.signal,
    strength: analysis.marketSignal.strength,
    confidence: analysis.marketSignal.confidence,
    reasoning: analysis.marketSignal.reasoning,
    trendStrength: analysis.trendStrength,
    rsi: analysis.keyIndicators.rsi,
    macd: analysis.keyIndicators.macd,
    bollinger: analysis.keyIndicators.bollinger,
    volume: analysis.keyIndicators.volume,
    /** Supports, resistances, the strategy's stop and targets, each with its distance from `quote.price`. */
    levels,
    riskLevel: analysis.confluenceAnalysis.riskLevel,
    /** Where the price should be in 24 h and 7 d, 8 times in 10, with the coverage measured on validation. */
    expectedRange: analysis.expectedRange,
    strategy: { name: analysis.recommendedStrategy.name },
    source: analysis.source,
    /** The close the signal was computed at (its candles); the quote may be newer. */
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

/**
 * ATR(14)-based volatility on closed candles, and stops 1.5, 2 and 3 ATR below the coin's quoted price for a
 * long position, each with its distance from that price.
 */
export async function getVolatility(
  data: ChatData,
  symbol: string,
  interval: CandleInterval = '1d',
  quote?: PriceQuote,
) {
  const { data: candles, source } = await data.market.getCandles(symbol, interval, CANDLES_FOR_INDICATORS);
  const close = candles.at(-1)?.close;
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
  if (close === undefined || atr === undefined)
    return { error: `Not enough ${interval} candles for ${symbol}.` };
  // money in the user's currency: ATR scales with the price
  const rate = data.money?.rate ?? 1;
  const lastCandle = candles.at(-1)!;
  const quoted =
    quote ??
    (await quoteCoin(data, symbol, async () => ({
      price: close * rate,
      source,
      asOf: new Date(lastCandle.openTime).toISOString(),
    })))!;
  const atrInCurrency = roundPrice(atr * rate);
  return {
    symbol,
    interval,
    currency: quoted.currency,
    quote: quoted,
    atr: atrInCurrency,
    atrPeriod: ATR_PERIOD,
    atrPercent: measureLevel(quoted.price, quoted.price + atrInCurrency).distancePercent,
    stops: STOP_MULTIPLES.flatMap((multiple) => {
      const stop = roundPrice(quoted.price - multiple * atrInCurrency);
      // an ATR wider than a third of the price leaves no stop above zero at 3 ATR
      return stop > 0
        ? [
            {
              atrMultiple: multiple,
              price: stop,
              distancePercent: measureLevel(quoted.price, stop).distancePercent,
            },
          ]
        : [];
    }),
    source,
  };
}

/** How many units of `to` one unit of the user's currency is worth (USD stands for USDT, as everywhere). */
async function conversionFactor(data: ChatData, to: Currency): Promise<number> {
  const from = currencyOf(data);
  if (from === to) return 1;
  const brlPerUsd = from === 'BRL' ? data.money!.rate : (await latestMoney(data.market, 'BRL')).money.rate;
  return to === 'BRL' ? brlPerUsd : 1 / brlPerUsd;
}

/**
 * Fixed-fractional position sizing: the position whose loss at the stop equals `riskPercent` of the capital
 * (never worth more than the capital: no leverage is suggested). `price` and `stopPrice` are in the user's
 * currency (a coin's quote and a stop of the briefing); they are converted to the capital's currency first.
 */
export async function calculatePositionSize(
  data: ChatData,
  input: { price: number; stopPrice: number; capital: number; riskPercent: number; currency: Currency },
) {
  const factor = await conversionFactor(data, input.currency);
  const size = sizePosition({
    price: roundPrice(input.price * factor),
    stopPrice: roundPrice(input.stopPrice * factor),
    capital: input.capital,
    riskPercent: input.riskPercent,
    currency: input.currency,
  });
  return 'error' in size ? { error: 'The stop must differ from the entry price.' } : size;
}

export type PositionBrief = Awaited<ReturnType<typeof calculatePositionSize>>;

/** Market cap, rank, volume and supply of a coin from the market list (by symbol or CoinGecko id). */
export async function getCoinFundamentals(data: ChatData, symbolOrId: string) {
  const { data: coins, source } = await data.market.getCoins(undefined, data.money?.currency);
  const wanted = symbolOrId.trim();
  const coin =
    coins.find((candidate) => candidate.id === wanted.toLowerCase()) ??
    coins.find((candidate) => candidate.symbol === wanted.toUpperCase());
  if (!coin) return { error: `${symbolOrId} is not among the ${coins.length} coins Farol follows.` };
  return { ...pickFundamentals(coin), source: coin.priceSource ?? source };
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

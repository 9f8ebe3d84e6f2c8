import type {
  CacheInfo,
  CandlesQuery,
  CandlesResponse,
  Currency,
  CurrencyConversion,
  GlobalMarketResponse,
} from '@farol/contract';
import { AppError } from '../../lib/app-error.ts';
import { usdtConversion } from '../../lib/currency.ts';
import type { Candle, MarketResult, MarketService } from './market.types.ts';

export const cacheInfo = (result: Pick<MarketResult<unknown>, 'isFromCache' | 'ageSeconds'>): CacheInfo => ({
  isFromCache: result.isFromCache,
  ageSeconds: result.ageSeconds,
});

/** A market answer: the data with where it came from and how old the cached copy is. */
export const marketAnswer = <T>(result: MarketResult<T>) => ({
  success: true as const,
  data: result.data,
  source: result.source,
  cache: cacheInfo(result),
});

/** The latest Fear & Greed reading. */
export async function readFearGreed(market: MarketService) {
  const result = await market.getFearGreed(1);
  const latest = result.data[0];
  if (!latest) throw new AppError('upstream_bad_response');
  return { ...result, data: latest };
}

/** The global market figures, in the contract's field names. */
export async function readGlobalMarket(
  market: MarketService,
  currency: Currency = 'USD',
): Promise<MarketResult<GlobalMarketResponse['data']>> {
  const result = await market.getGlobal();
  const global = result.data;
  // BRL: the source's own BRL total; the BTC market cap in the same proportion (dominance is currency-free)
  const total = currency === 'BRL' ? global.totalMarketCapBrl : global.totalMarketCap;
  if (total === undefined) throw new AppError('upstream_bad_response');
  return {
    ...result,
    data: {
      bitcoin_dominance: global.bitcoinDominance,
      ethereum_dominance: global.ethereumDominance,
      total_market_cap: total,
      bitcoin_market_cap: (global.bitcoinMarketCap * total) / global.totalMarketCap,
      last_updated: Math.floor(global.lastUpdated),
      ...(global.marketCapChangePercentage24h === undefined
        ? {}
        : { market_cap_change_percentage_24h: global.marketCapChangePercentage24h }),
    },
  };
}

/** A candle in the chart's shape (time in unix seconds), prices times `rate` (BRL per USDT; 1 for USD). */
export const toChartCandle = (candle: Candle, rate = 1) => ({
  time: Math.floor(candle.openTime / 1000),
  open: candle.open * rate,
  high: candle.high * rate,
  low: candle.low * rate,
  close: candle.close * rate,
  volume: candle.volume,
});

/** Closed candles in the chart's shape (time in unix seconds). */
export async function readCandles(
  market: MarketService,
  query: CandlesQuery,
  currency: Currency = 'USD',
): Promise<MarketResult<CandlesResponse['data']> & { conversion: CurrencyConversion | null }> {
  const result = await market.getCandles(query.symbol, query.interval, query.limit);
  if (currency === 'USD')
    return { ...result, data: result.data.map((candle) => toChartCandle(candle)), conversion: null };
  const rates = await market.getRateCandles(query.interval, 1000);
  const rateByOpen = new Map(rates.data.map((rate) => [rate.openTime, rate.close]));
  const latestRate = rates.data.at(-1)?.close;
  if (latestRate === undefined) throw new AppError('upstream_bad_response');
  // a coin candle without a rate candle of its open time (a gap in the rate series) is left out
  const converted = result.data.flatMap((candle) => {
    const rate = rateByOpen.get(candle.openTime);
    return rate === undefined ? [] : [toChartCandle(candle, rate)];
  });
  return {
    ...result,
    data: converted,
    conversion: usdtConversion(currency, latestRate, rates.source, 'candle_close'),
  };
}

import type { CacheInfo, CandlesQuery, CandlesResponse, GlobalMarketResponse } from '@farol/contract';
import { AppError } from '../../lib/app-error.ts';
import type { MarketResult, MarketService } from './market.types.ts';

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
): Promise<MarketResult<GlobalMarketResponse['data']>> {
  const result = await market.getGlobal();
  const global = result.data;
  return {
    ...result,
    data: {
      bitcoin_dominance: global.bitcoinDominance,
      ethereum_dominance: global.ethereumDominance,
      total_market_cap: global.totalMarketCap,
      bitcoin_market_cap: global.bitcoinMarketCap,
      last_updated: Math.floor(global.lastUpdated),
      ...(global.marketCapChangePercentage24h === undefined
        ? {}
        : { market_cap_change_percentage_24h: global.marketCapChangePercentage24h }),
    },
  };
}

/** Closed candles in the chart's shape (time in unix seconds). */
export async function readCandles(
  market: MarketService,
  query: CandlesQuery,
): Promise<MarketResult<CandlesResponse['data']>> {
  const result = await market.getCandles(query.symbol, query.interval, query.limit);
  return {
    ...result,
    data: result.data.map((candle) => ({
      time: Math.floor(candle.openTime / 1000),
      open: candle.open,
      high: candle.high,
      low: candle.low,
      close: candle.close,
      volume: candle.volume,
    })),
  };
}

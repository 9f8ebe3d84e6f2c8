import type {
  CacheInfo,
  CandlesQuery,
  CandlesResponse,
  FearGreedResponse,
  GlobalMarketResponse,
} from '@farol/contract';
import { AppError } from '../../lib/app-error.ts';
import type { MarketResult, MarketService } from './market.types.ts';

export const cacheInfo = (result: Pick<MarketResult<unknown>, 'isFromCache' | 'ageSeconds'>): CacheInfo => ({
  isFromCache: result.isFromCache,
  ageSeconds: result.ageSeconds,
});

export async function readFearGreed(market: MarketService): Promise<FearGreedResponse> {
  const result = await market.getFearGreed(1);
  const latest = result.data[0];
  if (!latest) throw new AppError('upstream_bad_response');
  return { success: true, data: latest, source: result.source, cache: cacheInfo(result) };
}

export async function readGlobalMarket(market: MarketService): Promise<GlobalMarketResponse> {
  const result = await market.getGlobal();
  const global = result.data;
  return {
    success: true,
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
    source: result.source,
    cache: cacheInfo(result),
  };
}

export async function readCandles(market: MarketService, query: CandlesQuery): Promise<CandlesResponse> {
  const result = await market.getCandles(query.symbol, query.interval, query.limit);
  return {
    success: true,
    data: result.data.map((candle) => ({
      time: Math.floor(candle.openTime / 1000),
      open: candle.open,
      high: candle.high,
      low: candle.low,
      close: candle.close,
      volume: candle.volume,
    })),
    source: result.source,
    cache: cacheInfo(result),
  };
}

import type { MarketProvider } from '../../modules/market/market.types.ts';
import { fetchUpstreamJson } from '../http.ts';
import { binanceIntervalByCandleInterval, binancePairBySymbol, mapBinanceKline } from './mapper.ts';
import { binanceKlinesSchema } from './schemas.ts';

/** Binance spot market data: `/api/v3/klines` (public, no key; weight 2 per call up to 1000 candles). */
export function createBinanceClient(options: {
  baseUrl: string;
  timeoutMs: number;
}): Pick<MarketProvider, 'fetchCandles'> {
  const base = options.baseUrl.replace(/\/$/, '');
  return {
    fetchCandles: async (symbol, interval, limit, endTimeMs) => {
      const query = new URLSearchParams({
        symbol: binancePairBySymbol[symbol],
        interval: binanceIntervalByCandleInterval[interval],
        limit: String(Math.min(1000, Math.max(1, limit))),
        endTime: String(endTimeMs),
      });
      const klines = await fetchUpstreamJson(
        { provider: 'binance', url: `${base}/api/v3/klines?${query}`, timeoutMs: options.timeoutMs },
        binanceKlinesSchema,
      );
      return klines.map(mapBinanceKline);
    },
  };
}

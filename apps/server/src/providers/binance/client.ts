import type { CandleInterval } from '@farol/contract';
import type { MarketProvider } from '../../modules/market/market.types.ts';
import { fetchUpstreamJson } from '../http.ts';
import { binanceIntervalByCandleInterval, mapBinanceKline, mapBinanceTradingPairs } from './mapper.ts';
import { binanceExchangeInfoSchema, binanceKlinesSchema } from './schemas.ts';

/**
 * Request weights of the calls made (Binance spot REST docs, "Kline/Candlestick data" and "Exchange
 * information"); Binance allows 6000 weight a minute per IP.
 */
export const binanceWeights = { klines: 2, exchangeInfo: 20 } as const;

/**
 * Binance spot market data, public (no key): `/api/v3/klines` (weight 2 per call, up to 1000 candles) and
 * `/api/v3/exchangeInfo` (weight 20; asked for SPOT listings only, without the permission sets, to keep it small).
 */
export function createBinanceClient(options: {
  baseUrl: string;
  timeoutMs: number;
}): Pick<MarketProvider, 'fetchCandles' | 'fetchRateCandles' | 'fetchTradingPairs'> {
  const base = options.baseUrl.replace(/\/$/, '');
  const klines = async (pair: string, interval: CandleInterval, limit: number, endTimeMs: number) => {
    const query = new URLSearchParams({
      symbol: pair,
      interval: binanceIntervalByCandleInterval[interval],
      limit: String(Math.min(1000, Math.max(1, limit))),
      endTime: String(endTimeMs),
    });
    const rows = await fetchUpstreamJson(
      { provider: 'binance', url: `${base}/api/v3/klines?${query}`, timeoutMs: options.timeoutMs },
      binanceKlinesSchema,
    );
    return rows.map(mapBinanceKline);
  };
  return {
    fetchCandles: klines,
    /** BRL per USDT: the rate BRL candles are converted with. */
    fetchRateCandles: (interval, limit, endTimeMs) => klines('USDTBRL', interval, limit, endTimeMs),
    fetchTradingPairs: async () => {
      const query = new URLSearchParams({ permissions: 'SPOT', showPermissionSets: 'false' });
      const info = await fetchUpstreamJson(
        { provider: 'binance', url: `${base}/api/v3/exchangeInfo?${query}`, timeoutMs: options.timeoutMs },
        binanceExchangeInfoSchema,
      );
      return mapBinanceTradingPairs(info.symbols);
    },
  };
}

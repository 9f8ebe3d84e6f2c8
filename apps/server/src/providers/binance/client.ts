import type { CandleInterval } from '@farol/contract';
import type { LiveTicker, MarketProvider } from '../../modules/market/market.types.ts';
import { fetchUpstreamJson } from '../http.ts';
import { binanceIntervalByCandleInterval, binancePairBySymbol, mapBinanceKline } from './mapper.ts';
import { binanceKlinesSchema, binanceMiniTickersSchema } from './schemas.ts';

/** Binance spot market data: `/api/v3/klines` (public, no key; weight 2 per call up to 1000 candles). */
export function createBinanceClient(options: { baseUrl: string; timeoutMs: number }): Pick<
  MarketProvider,
  'fetchCandles' | 'fetchRateCandles'
> & {
  fetchMiniTickers: (pairs: readonly string[]) => Promise<LiveTicker[]>;
} {
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
    fetchCandles: (symbol, interval, limit, endTimeMs) =>
      klines(binancePairBySymbol[symbol], interval, limit, endTimeMs),
    /** BRL per USDT: the rate BRL candles are converted with. */
    fetchRateCandles: (interval, limit, endTimeMs) => klines('USDTBRL', interval, limit, endTimeMs),
    /** Many pairs' 24 h windows in one call (the live stream's fallback while its WebSocket is down). */
    fetchMiniTickers: async (pairs) => {
      const query = new URLSearchParams({ symbols: JSON.stringify(pairs), type: 'MINI' });
      const rows = await fetchUpstreamJson(
        { provider: 'binance', url: `${base}/api/v3/ticker/24hr?${query}`, timeoutMs: options.timeoutMs },
        binanceMiniTickersSchema,
      );
      return rows.map((row) => ({
        kind: 'ticker' as const,
        pair: row.symbol,
        price: row.lastPrice,
        open24h: row.openPrice,
        volume24h: row.volume,
        time: row.closeTime,
      }));
    },
  };
}

import type { CandleInterval } from '@farol/contract';
import type { LiveTicker, MarketProvider } from '../../modules/market/market.types.ts';
import { fetchUpstreamJson } from '../http.ts';
import { binanceIntervalByCandleInterval, mapBinanceKline, mapBinanceTradingPairs } from './mapper.ts';
import { binanceExchangeInfoSchema, binanceKlinesSchema, binanceMiniTickersSchema } from './schemas.ts';

/**
 * Request weights of the calls made (Binance spot REST docs, "Kline/Candlestick data", "Exchange information"
 * and "24hr ticker price change statistics": 2 for 1 to 20 symbols, 40 up to 100, 80 beyond); Binance allows
 * 6000 weight a minute per IP.
 */
export const binanceWeights = {
  klines: 2,
  exchangeInfo: 20,
  miniTickers: (symbols: number) => (symbols <= 20 ? 2 : symbols <= 100 ? 40 : 80),
} as const;

/**
 * Binance spot market data, public (no key): `/api/v3/klines` (weight 2 per call, up to 1000 candles) and
 * `/api/v3/exchangeInfo` (weight 20; asked for SPOT listings only, without the permission sets, to keep it small).
 */
export function createBinanceClient(options: { baseUrl: string; timeoutMs: number }): Pick<
  MarketProvider,
  'fetchCandles' | 'fetchRateCandles' | 'fetchTradingPairs'
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

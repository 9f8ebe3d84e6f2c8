import type { MarketProvider } from '../../modules/market/market.types.ts';
import { fetchUpstreamJson } from '../http.ts';
import { mapCoinGeckoGlobal, mapCoinGeckoMarket } from './mapper.ts';
import { coinGeckoGlobalSchema, coinGeckoMarketsSchema } from './schemas.ts';

export type CoinGeckoOptions = {
  baseUrl: string;
  apiKey?: string;
  /** Demo keys go in `x-cg-demo-api-key`, paid keys in `x-cg-pro-api-key`. */
  apiPlan: 'demo' | 'pro';
  timeoutMs: number;
  now: () => number;
};

/** CoinGecko: the coin list (`/coins/markets`, in USD or BRL, by market cap) and the global market (`/global`). */
export function createCoinGeckoClient(
  options: CoinGeckoOptions,
): Pick<MarketProvider, 'fetchCoins' | 'fetchGlobal'> {
  const base = options.baseUrl.replace(/\/$/, '');
  const headers: Record<string, string> = options.apiKey
    ? { [options.apiPlan === 'pro' ? 'x-cg-pro-api-key' : 'x-cg-demo-api-key']: options.apiKey }
    : {};
  const request = (path: string) => ({
    provider: 'coingecko',
    url: base + path,
    timeoutMs: options.timeoutMs,
    headers,
  });

  return {
    fetchCoins: async (page, perPage, currency = 'USD') => {
      const query = new URLSearchParams({
        vs_currency: currency.toLowerCase(),
        order: 'market_cap_desc',
        per_page: String(perPage),
        page: String(page),
        sparkline: 'true',
        price_change_percentage: '1h,24h,7d,30d,1y',
      });
      const items = await fetchUpstreamJson(request(`/coins/markets?${query}`), coinGeckoMarketsSchema);
      return items.map(mapCoinGeckoMarket);
    },
    fetchGlobal: async () =>
      mapCoinGeckoGlobal(await fetchUpstreamJson(request('/global'), coinGeckoGlobalSchema), options.now()),
  };
}

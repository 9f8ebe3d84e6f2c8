import { UpstreamError } from '../http.ts';
import { present } from '../schemas.ts';
import type { Coin, GlobalMarket } from '../../modules/market/market.types.ts';
import { downsampleSeries } from '../sparkline.ts';
import type { CoinGeckoGlobal, CoinGeckoMarket } from './schemas.ts';

// CoinGecko sends 0 market cap and circulating supply when it does not know the supply: unknown, not zero
const unknownWhenZero = (value: number | null | undefined) => (value ? value : undefined);

/** The 7-day prices with the gaps CoinGecko leaves (null) dropped; none at all when fewer than two remain. */
function sparklineOf(item: CoinGeckoMarket): number[] | undefined {
  const prices = (item.sparkline_in_7d?.price ?? []).filter((price): price is number => price != null);
  return prices.length >= 2 ? downsampleSeries(prices) : undefined;
}

/** CoinGecko's ISO time, normalised; undefined when absent or not a time. */
function isoTimeOf(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

export function mapCoinGeckoMarket(item: CoinGeckoMarket): Coin {
  return {
    id: item.id,
    symbol: item.symbol.toUpperCase(),
    name: item.name,
    image: present(item.image),
    rank: present(item.market_cap_rank),
    currentPrice: present(item.current_price),
    marketCap: unknownWhenZero(item.market_cap),
    totalVolume: present(item.total_volume),
    priceChangePercentage1h: present(item.price_change_percentage_1h_in_currency),
    priceChangePercentage24h: present(item.price_change_percentage_24h),
    priceChangePercentage7d: present(item.price_change_percentage_7d_in_currency),
    sparkline7d: sparklineOf(item),
    circulatingSupply: unknownWhenZero(item.circulating_supply),
    totalSupply: present(item.total_supply),
    maxSupply: present(item.max_supply),
    high24h: present(item.high_24h),
    low24h: present(item.low_24h),
    allTimeHigh: present(item.ath),
    allTimeHighDate: isoTimeOf(item.ath_date),
    priceChangePercentage30d: present(item.price_change_percentage_30d_in_currency),
    priceChangePercentage1y: present(item.price_change_percentage_1y_in_currency),
  };
}

/**
 * Dominance comes as percentages per symbol and the total per currency; the BTC market cap is derived
 * (total x dominance) because `/global` does not send it. Without a USD total or BTC dominance the answer
 * is useless, so it is an api_error rather than zeros.
 */
export function mapCoinGeckoGlobal(body: CoinGeckoGlobal, fetchedAtMs: number): GlobalMarket {
  const total = body.data.total_market_cap.usd;
  const btc = body.data.market_cap_percentage.btc;
  const eth = body.data.market_cap_percentage.eth;
  if (total == null || btc == null || eth == null) {
    throw new UpstreamError('coingecko', 'api_error', '/global lacks the usd total or the btc/eth dominance');
  }
  return {
    totalMarketCap: total,
    bitcoinDominance: btc,
    ethereumDominance: eth,
    bitcoinMarketCap: (total * btc) / 100,
    marketCapChangePercentage24h: present(body.data.market_cap_change_percentage_24h_usd),
    lastUpdated: body.data.updated_at ?? Math.floor(fetchedAtMs / 1000),
    ...(body.data.total_market_cap.brl != null ? { totalMarketCapBrl: body.data.total_market_cap.brl } : {}),
  };
}

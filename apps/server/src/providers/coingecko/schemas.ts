import { z } from 'zod';
import { looseArray, looseNumber, looseString } from '../schemas.ts';

/** One item of `GET /coins/markets` (only the fields Farol reads). */
export const coinGeckoMarketSchema = z.object({
  id: z.string().min(1),
  symbol: z.string().min(1),
  name: z.string().min(1),
  image: looseString,
  current_price: looseNumber,
  market_cap: looseNumber,
  market_cap_rank: looseNumber,
  total_volume: looseNumber,
  price_change_percentage_24h: looseNumber,
  high_24h: looseNumber,
  low_24h: looseNumber,
  ath: looseNumber,
  ath_date: looseString,
  // asked for with price_change_percentage=1h,24h,7d,30d,1y
  price_change_percentage_1h_in_currency: looseNumber,
  price_change_percentage_7d_in_currency: looseNumber,
  price_change_percentage_30d_in_currency: looseNumber,
  price_change_percentage_1y_in_currency: looseNumber,
  // asked for with sparkline=true: hourly prices over 7 days
  sparkline_in_7d: z
    .object({ price: z.array(looseNumber) })
    .nullish()
    .catch(undefined),
  circulating_supply: looseNumber,
  total_supply: looseNumber,
  max_supply: looseNumber,
});
export type CoinGeckoMarket = z.infer<typeof coinGeckoMarketSchema>;

export const coinGeckoMarketsSchema = looseArray(coinGeckoMarketSchema);

/** `GET /global`: market caps per currency and dominance percentages per symbol. */
export const coinGeckoGlobalSchema = z.object({
  data: z.object({
    total_market_cap: z.record(z.string(), looseNumber),
    market_cap_percentage: z.record(z.string(), looseNumber),
    market_cap_change_percentage_24h_usd: looseNumber,
    updated_at: looseNumber,
  }),
});
export type CoinGeckoGlobal = z.infer<typeof coinGeckoGlobalSchema>;

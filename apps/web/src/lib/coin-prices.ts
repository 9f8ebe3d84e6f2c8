import type { CoinSortKey, SortOrder } from '@farol/contract';
import type { Currency } from './format.ts';

export const COIN_PRICES_URL = '/api/crypto/prices';

export type CoinPricesParams = {
  page: number;
  limit: number;
  sort?: CoinSortKey;
  order?: SortOrder;
  search?: string;
  /** The currency the prices are asked in (part of the URL, so of the query key too). */
  currency: Currency;
};

/**
 * The coin list's URL (also its query key): the table, its search and the alert dialog's coin picker
 * read the same list, so one builder keeps their keys comparable (favourite toggles refresh them all).
 */
export function coinPricesUrl({ page, limit, sort, order, search, currency }: CoinPricesParams): string {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (sort) query.set('sort', sort);
  if (order) query.set('order', order);
  if (search !== undefined) query.set('search', search);
  query.set('currency', currency);
  return `${COIN_PRICES_URL}?${query}`;
}

/** The coin page of a symbol: `/coins/btc`. */
export const coinPagePath = (symbol: string) => `/coins/${encodeURIComponent(symbol.toLowerCase())}`;

/** One coin's market facts (`/api/market-data/coins/btc`), the coin page's price source. */
export const coinFactsUrl = (symbol: string) =>
  `/api/market-data/coins/${encodeURIComponent(symbol.trim().toLowerCase())}`;

import {
  analysisCoinIds,
  type CoinItem,
  type CoinPricesQuery,
  type CoinSortKey,
  type SortOrder,
  type Pagination,
  type ToggleFavoriteRequest,
  type Currency,
} from '@farol/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Actor } from '../../plugins/auth.ts';
import type { FavoriteRow } from '../../db/schema/market.ts';
import type { Coin, MarketResult, MarketService } from '../market/market.types.ts';
import { addFavorite, flipFavorite, listFavorites, removeFavorite } from './crypto.repository.ts';

/** What the coin-table services need from the app (`favoritesOf`: the polled read of a user's favourites). */
export type CryptoDeps = {
  db: Db;
  market: MarketService;
  favoritesOf: (userId: string) => Promise<FavoriteRow[]>;
};

const toCoinItem = (coin: Coin, isFavorite: boolean): CoinItem => ({
  id: coin.id,
  name: coin.name,
  symbol: coin.symbol,
  image: coin.image ?? null,
  current_price: coin.currentPrice ?? null,
  price_change_percentage_1h: coin.priceChangePercentage1h ?? null,
  price_change_percentage_24h: coin.priceChangePercentage24h ?? null,
  price_change_percentage_7d: coin.priceChangePercentage7d ?? null,
  market_cap: coin.marketCap ?? null,
  market_cap_rank: coin.rank ?? null,
  total_volume: coin.totalVolume ?? null,
  sparkline_7d: coin.sparkline7d ?? null,
  isFavorite,
});

const sortValue: Record<CoinSortKey, (coin: Coin) => number | undefined> = {
  rank: (coin) => coin.rank,
  price: (coin) => coin.currentPrice,
  change1h: (coin) => coin.priceChangePercentage1h,
  change24h: (coin) => coin.priceChangePercentage24h,
  change7d: (coin) => coin.priceChangePercentage7d,
  marketCap: (coin) => coin.marketCap,
  volume: (coin) => coin.totalVolume,
};

/**
 * The coins ordered by one column; coins without the value come last in either order (an unknown change
 * is neither the best nor the worst). Ties keep the market-cap order (the sort is stable).
 */
function sortCoins(coins: Coin[], key: CoinSortKey, order: SortOrder): Coin[] {
  const value = sortValue[key];
  const direction = order === 'asc' ? 1 : -1;
  return [...coins].sort((a, b) => {
    const left = value(a);
    const right = value(b);
    if (left === undefined || right === undefined)
      return (left === undefined ? 1 : 0) - (right === undefined ? 1 : 0);
    return (left - right) * direction;
  });
}

const mainCoinIds: ReadonlySet<string> = new Set(Object.values(analysisCoinIds).flat());

/** The coins a plan lists: the largest `count` by market cap, or the ten Farol analyses (in rank order). */
async function coinsOfPlan(market: MarketService, entitlements: Actor['entitlements'], currency: Currency) {
  if (entitlements.coinList === 'top') {
    const result = await market.getCoins(entitlements.coinsVisible, currency);
    return { market: result, visible: result.data.slice(0, entitlements.coinsVisible) };
  }
  const result = await market.getCoins(undefined, currency);
  const main = result.data.filter((coin) => mainCoinIds.has(coin.id));
  return { market: result, visible: main.slice(0, entitlements.coinsVisible) };
}

const matchesSearch = (coin: Coin, search: string) =>
  coin.name.toLowerCase().includes(search) || coin.symbol.toLowerCase().includes(search);

/** Favourites first, each group in the order it was given. */
function favoritesFirst(coins: Coin[], favoriteIds: ReadonlySet<string>): Coin[] {
  const favorites = coins.filter((coin) => favoriteIds.has(coin.id));
  const others = coins.filter((coin) => !favoriteIds.has(coin.id));
  return [...favorites, ...others];
}

export type CoinPricesPage = {
  coins: CoinItem[];
  pagination: Pagination;
  market: MarketResult<Coin[]>;
};

/**
 * The coin table: the plan decides which coins are visible (the top N by market cap, or the ten Farol
 * analyses), search is for plans with coin search, the whole list is sorted by the asked column before
 * paging, and favourites come first in any order (each group sorted).
 */
export async function listCoinPrices(
  deps: CryptoDeps,
  actor: Actor,
  query: CoinPricesQuery,
  currency: Currency = 'USD',
): Promise<CoinPricesPage> {
  const { coinsVisible, coinSearch } = actor.entitlements;
  if (coinsVisible <= 0) throw new AppError('plan_required', {}, { requiresUpgrade: true });
  const search = query.search?.toLowerCase();
  if (search && !coinSearch) throw new AppError('search_requires_pro', {}, { requiresUpgrade: true });

  const [{ market, visible }, favorites] = await Promise.all([
    coinsOfPlan(deps.market, actor.entitlements, currency),
    deps.favoritesOf(actor.id),
  ]);
  const favoriteIds = new Set(favorites.map((favorite) => favorite.coinId));
  const filtered = search ? visible.filter((coin) => matchesSearch(coin, search)) : visible;
  const ordered = favoritesFirst(sortCoins(filtered, query.sort, query.order), favoriteIds);

  const totalItems = ordered.length;
  const totalPages = Math.max(1, Math.ceil(totalItems / query.limit));
  const start = (query.page - 1) * query.limit;
  return {
    coins: ordered
      .slice(start, start + query.limit)
      .map((coin) => toCoinItem(coin, favoriteIds.has(coin.id))),
    pagination: {
      currentPage: query.page,
      totalPages,
      totalItems,
      hasPreviousPage: query.page > 1,
      hasNextPage: query.page < totalPages,
    },
    market,
  };
}

export const getFavorites = (deps: CryptoDeps, actor: Actor): Promise<FavoriteRow[]> =>
  listFavorites(deps.db, actor.id);

/**
 * Adds or removes a favourite. The coin must be one of the listed coins (CoinGecko id, case as listed);
 * removing a coin that has since left the list is still allowed. The stored name is the market's, not the
 * caller's. Answers whether the coin is now a favourite and its name.
 */
export async function toggleFavorite(
  deps: CryptoDeps,
  actor: Actor,
  request: ToggleFavoriteRequest,
): Promise<{ isFavorite: boolean; coinName: string }> {
  const { db } = deps;
  const favorites = await listFavorites(db, actor.id);
  const existing = favorites.find((favorite) => favorite.coinId === request.coinId);
  let coinName = existing?.coinName;
  if (!existing) {
    const coin = (await deps.market.getCoins()).data.find((candidate) => candidate.id === request.coinId);
    if (!coin) throw new AppError('unknown_coin', { coin: request.coinId });
    coinName = coin.name;
  }
  const row = { userId: actor.id, coinId: request.coinId, coinName: coinName ?? request.coinName };
  let isFavorite: boolean;
  if (request.isFavorite === undefined) {
    isFavorite = await flipFavorite(db, row);
  } else {
    isFavorite = request.isFavorite;
    if (isFavorite) await addFavorite(db, row);
    else await removeFavorite(db, actor.id, request.coinId);
  }
  return { isFavorite, coinName: row.coinName };
}

import type {
  CoinItem,
  CoinPricesQuery,
  CoinPricesResponse,
  FavoritesResponse,
  ToggleFavoriteRequest,
  ToggleFavoriteResponse,
} from '@farol/contract';
import { translate, type Language } from '@farol/i18n';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Entitlements } from '../entitlements/entitlements.service.ts';
import type { FavoriteRow } from '../../db/schema/market.ts';
import { cacheInfo } from '../market/market-data.service.ts';
import type { Coin, MarketService } from '../market/market.types.ts';
import { addFavorite, flipFavorite, listFavorites, removeFavorite } from './crypto.repository.ts';

export type CryptoContext = {
  db: Db;
  market: MarketService;
  userId: string;
  language: Language;
  /** The caller's plan limits (from the session). */
  entitlements: () => Entitlements;
  /** The caller's favourites as the prices table reads them (memoised where that is safe). */
  readFavorites: (userId: string) => Promise<FavoriteRow[]>;
};

const toCoinItem = (coin: Coin, isFavorite: boolean): CoinItem => ({
  id: coin.id,
  name: coin.name,
  symbol: coin.symbol,
  image: coin.image ?? null,
  current_price: coin.currentPrice ?? null,
  price_change_percentage_24h: coin.priceChangePercentage24h ?? null,
  market_cap: coin.marketCap ?? null,
  market_cap_rank: coin.rank ?? null,
  isFavorite,
});

// The market cache hands out the same coin objects until it refreshes, and the table is polled by every
// signed-in user: each coin's row (as a non-favourite) is built once per cached copy.
const rowsByCoin = new WeakMap<Coin, CoinItem>();
function coinRow(coin: Coin): CoinItem {
  let row = rowsByCoin.get(coin);
  if (!row) {
    row = toCoinItem(coin, false);
    rowsByCoin.set(coin, row);
  }
  return row;
}

const noFavorites: ReadonlySet<string> = new Set();

const matchesSearch = (coin: Coin, search: string) =>
  coin.name.toLowerCase().includes(search) || coin.symbol.toLowerCase().includes(search);

/** Favourites first, each group in market-cap order (the provider's order). */
function favoritesFirst(coins: Coin[], favoriteIds: ReadonlySet<string>): Coin[] {
  if (favoriteIds.size === 0) return coins;
  const favorites: Coin[] = [];
  const others: Coin[] = [];
  for (const coin of coins) (favoriteIds.has(coin.id) ? favorites : others).push(coin);
  return favorites.length === 0 ? others : [...favorites, ...others];
}

/**
 * The coin table (spec sections 2, 6): the plan decides how many of the top coins by market cap are
 * visible (free 5, iniciante none, profissional and admin 500), favourites come first, search is for
 * plans with coin search.
 */
export async function listCoinPrices(
  context: CryptoContext,
  query: CoinPricesQuery,
): Promise<CoinPricesResponse> {
  const entitlements = context.entitlements();
  if (entitlements.coinsVisible <= 0) throw new AppError('plan_required', {}, { requiresUpgrade: true });
  const search = query.search?.toLowerCase();
  if (search && !entitlements.coinSearch)
    throw new AppError('search_requires_pro', {}, { requiresUpgrade: true });

  const [market, favorites] = await Promise.all([
    context.market.getCoins(entitlements.coinsVisible),
    context.readFavorites(context.userId),
  ]);
  const favoriteIds =
    favorites.length === 0 ? noFavorites : new Set(favorites.map((favorite) => favorite.coinId));
  const visible =
    market.data.length > entitlements.coinsVisible
      ? market.data.slice(0, entitlements.coinsVisible)
      : market.data;
  const filtered = search ? visible.filter((coin) => matchesSearch(coin, search)) : visible;
  const ordered = favoritesFirst(filtered, favoriteIds);

  const totalItems = ordered.length;
  const totalPages = Math.max(1, Math.ceil(totalItems / query.limit));
  const start = (query.page - 1) * query.limit;
  // a loop, not slice+map: the table is polled and most pages hold no favourite
  const data: CoinItem[] = [];
  for (let index = start, end = Math.min(totalItems, start + query.limit); index < end; index += 1) {
    const coin = ordered[index]!;
    data.push(favoriteIds.has(coin.id) ? toCoinItem(coin, true) : coinRow(coin));
  }
  return {
    success: true,
    data,
    pagination: {
      currentPage: query.page,
      totalPages,
      totalItems,
      hasPreviousPage: query.page > 1,
      hasNextPage: query.page < totalPages,
    },
    source: market.source,
    cache: cacheInfo(market),
  };
}

export async function getFavorites(db: Db, userId: string): Promise<FavoritesResponse> {
  const rows = await listFavorites(db, userId);
  return {
    success: true,
    data: rows.map((row) => ({
      coinId: row.coinId,
      coinName: row.coinName,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/**
 * Adds or removes a favourite. The coin must be one of the listed coins (CoinGecko id, case as listed);
 * removing a coin that has since left the list is still allowed. The stored name is the market's, not the
 * caller's.
 */
export async function toggleFavorite(
  context: CryptoContext,
  request: ToggleFavoriteRequest,
): Promise<ToggleFavoriteResponse> {
  const { db, userId } = context;
  const favorites = await listFavorites(db, userId);
  const existing = favorites.find((favorite) => favorite.coinId === request.coinId);
  let coinName = existing?.coinName;
  if (!existing) {
    const coin = (await context.market.getCoins()).data.find((candidate) => candidate.id === request.coinId);
    if (!coin) throw new AppError('unknown_coin', { coin: request.coinId });
    coinName = coin.name;
  }
  const row = { userId, coinId: request.coinId, coinName: coinName ?? request.coinName };
  let isFavorite: boolean;
  if (request.isFavorite === undefined) {
    isFavorite = await flipFavorite(db, row);
  } else {
    isFavorite = request.isFavorite;
    if (isFavorite) await addFavorite(db, row);
    else await removeFavorite(db, userId, request.coinId);
  }
  return {
    success: true,
    data: { coinId: request.coinId, isFavorite },
    message: translate(context.language, isFavorite ? 'market:favorites.added' : 'market:favorites.removed', {
      coin: row.coinName,
    }),
  };
}

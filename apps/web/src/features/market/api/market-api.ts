import {
  candlesResponseSchema,
  coinPricesResponseSchema,
  favoritesResponseSchema,
  fearGreedResponseSchema,
  globalMarketResponseSchema,
  toggleFavoriteResponseSchema,
  type CandleInterval,
  type CoinPricesResponse,
  type CoinSortKey,
  type SortOrder,
  type ToggleFavoriteRequest,
} from '@farol/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../../lib/api-client.ts';
import { COIN_PRICES_URL, coinPricesUrl } from '../../../lib/coin-prices.ts';
import { currencyOf, useCurrency, withCurrency, type Currency } from '../../../lib/currency.ts';
import { shouldRetryQuery } from '../../../lib/query-client.ts';
import { useIsStreamed } from '../hooks/live-market.ts';

// Coin list page size 10 (the spec's, kept on phones), search results up to 500; refresh fear-greed 5 min,
// dominance 2 min. The desktop table offers 25, 50 or 100 rows, 25 first.
export const COIN_PAGE_SIZE = 10;
export const TABLE_PAGE_SIZES = [25, 50, 100] as const;
export const SEARCH_LIST_SIZE = 500;
const FEAR_GREED_REFRESH_MS = 5 * 60_000;
const DOMINANCE_REFRESH_MS = 2 * 60_000;
// The last candle moves with every trade; without the live stream a short refresh keeps it current.
const CANDLE_REFRESH_MS = 15_000;

const FAVORITES_URL = '/api/crypto/favorites';
const FEAR_GREED_URL = '/api/market-data/fear-greed';
const DOMINANCE_URL = '/api/market-data/bitcoin-dominance';

/** The table's order: a column and its direction (the server sorts the plan's whole list). */
export type CoinTableOrder = { sort: CoinSortKey; order: SortOrder };

/**
 * One page of the coin list (favourites first, as the server orders them): 10 coins in rank order unless
 * the table asks for its page size and order.
 */
export function useCoinPricesQuery(
  page: number,
  enabled: boolean,
  view?: { limit: number } & CoinTableOrder,
) {
  const queryClient = useQueryClient();
  const currency = useCurrency();
  const url = coinPricesUrl({ page, limit: COIN_PAGE_SIZE, ...view, currency });
  const isFirstPageByRank = page === 1 && view?.sort === 'rank' && view.order === 'asc';
  return useQuery({
    queryKey: [url],
    queryFn: ({ signal }) => apiRequest(url, { schema: coinPricesResponseSchema, signal }),
    enabled,
    // The table keeps the previous page on screen while the next one loads: no layout jump. Its first
    // page starts from the dashboard's 10-coin answer (the same order), so rows show without a second wait.
    placeholderData: (previous) =>
      // (a page in another currency is not kept: its figures would show under the new currency)
      (previous && currencyOf(previous, currency) === currency ? previous : undefined) ??
      (isFirstPageByRank ? firstRowsFromTopTen(queryClient, view.limit, currency) : undefined),
    // The card shows its own error kind with try-again; a toast would say it twice.
    meta: { silent: true },
    // Asking again at once is what a rate limit forbids; other failures follow the app's retry rule.
    retry: (count, error) => !(isApiError(error) && error.status === 429) && shouldRetryQuery(count, error),
  });
}

/** The cached first 10 coins in rank order, cut to `limit` and paged as `limit` rows would be. */
function firstRowsFromTopTen(
  queryClient: ReturnType<typeof useQueryClient>,
  limit: number,
  currency: Currency,
): CoinPricesResponse | undefined {
  const topTen = queryClient.getQueryData<CoinPricesResponse>([
    coinPricesUrl({ page: 1, limit: COIN_PAGE_SIZE, currency }),
  ]);
  if (!topTen) return undefined;
  const totalPages = Math.max(1, Math.ceil(topTen.pagination.totalItems / limit));
  return {
    ...topTen,
    data: topTen.data.slice(0, limit),
    pagination: { ...topTen.pagination, totalPages, hasNextPage: totalPages > 1 },
  };
}

export type CoinListErrorKind = 'rate_limit' | 'server_error' | 'api_error' | 'network_error';

/** 429 rate_limit, 5xx server_error, other non-OK api_error, no answer network_error. */
export function coinListErrorKind(error: unknown): CoinListErrorKind {
  if (!isApiError(error) || error.status === 0) return 'network_error';
  if (error.status === 429) return 'rate_limit';
  if (error.status >= 500) return 'server_error';
  return 'api_error';
}

/** The server refuses the coin list to plans without a table (iniciante): 403 plan_required. */
export const isPlanRefusal = (error: unknown) => isApiError(error) && error.status === 403;

/** The coins whose name or symbol contains `term`, found by the server (favourites first), in the table's order. */
export function useCoinSearchQuery(term: string, enabled: boolean, order?: CoinTableOrder) {
  const currency = useCurrency();
  const url = coinPricesUrl({ page: 1, limit: SEARCH_LIST_SIZE, ...order, search: term, currency });
  return useQuery({
    queryKey: [url],
    queryFn: ({ signal }) => apiRequest(url, { schema: coinPricesResponseSchema, signal }),
    enabled,
    // the previous results stay while the next term's arrive: no flicker as the user types
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

export function useFavoritesQuery(enabled = true) {
  return useQuery({
    queryKey: [FAVORITES_URL],
    queryFn: ({ signal }) => apiRequest(FAVORITES_URL, { schema: favoritesResponseSchema, signal }),
    enabled,
    meta: { silent: true },
  });
}

/** Sets a favourite to the wanted state (idempotent on the server), then refreshes lists and count. */
export function useToggleFavoriteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ToggleFavoriteRequest) =>
      apiRequest('/api/crypto/toggle-favorite', {
        method: 'POST',
        body,
        schema: toggleFavoriteResponseSchema,
      }),
    onSuccess: ({ data }) => {
      // Local update first, then the server's order (favourites first) and the count.
      queryClient.setQueriesData<CoinPricesResponse>({ predicate: isPricesQuery }, (answer) =>
        answer
          ? {
              ...answer,
              data: answer.data.map((coin) =>
                coin.id === data.coinId ? { ...coin, isFavorite: data.isFavorite } : coin,
              ),
            }
          : answer,
      );
      void queryClient.invalidateQueries({ predicate: isPricesQuery });
      void queryClient.invalidateQueries({ queryKey: [FAVORITES_URL] });
      // the dashboard's signals list the favourites first: read them again in the new order
      void queryClient.invalidateQueries({ predicate: isDashboardSignalsQuery });
    },
    meta: { errorTitle: 'dashboard:coins.favoriteError' },
  });
}

/** The dashboard's signal list (features/signals), whatever its currency and language. */
function isDashboardSignalsQuery(query: { queryKey: readonly unknown[] }): boolean {
  const [url] = query.queryKey;
  return typeof url === 'string' && url.startsWith('/api/market-signals/dashboard-signals');
}

function isPricesQuery(query: { queryKey: readonly unknown[] }): boolean {
  const [url] = query.queryKey;
  return typeof url === 'string' && url.startsWith(`${COIN_PRICES_URL}?`);
}

export function useFearGreedQuery() {
  return useQuery({
    queryKey: [FEAR_GREED_URL],
    queryFn: ({ signal }) => apiRequest(FEAR_GREED_URL, { schema: fearGreedResponseSchema, signal }),
    refetchInterval: FEAR_GREED_REFRESH_MS,
    refetchIntervalInBackground: false,
    meta: { silent: true },
  });
}

export function useDominanceQuery() {
  const url = withCurrency(DOMINANCE_URL, useCurrency());
  return useQuery({
    queryKey: [url],
    queryFn: ({ signal }) => apiRequest(url, { schema: globalMarketResponseSchema, signal }),
    refetchInterval: DOMINANCE_REFRESH_MS,
    refetchIntervalInBackground: false,
    meta: { silent: true },
  });
}

/** Candles in the display currency (part of the URL, so of the query key: a switch asks them again). */
export function useCandlesQuery(symbol: string, interval: CandleInterval, limit = 500) {
  const currency = useCurrency();
  const url = `/api/market-data/candles?symbol=${symbol}&interval=${interval}&limit=${limit}&currency=${currency}`;
  // while the page's stream pushes these candles, polling would only repeat them
  const isStreamed = useIsStreamed(symbol, interval, currency);
  return useQuery({
    queryKey: [url],
    queryFn: ({ signal }) => apiRequest(url, { schema: candlesResponseSchema, signal }),
    refetchInterval: isStreamed ? false : CANDLE_REFRESH_MS,
    refetchIntervalInBackground: false,
    staleTime: CANDLE_REFRESH_MS,
    meta: { silent: true },
  });
}

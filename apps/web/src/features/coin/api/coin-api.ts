import { coinFactsResponseSchema, signalSummaryResponseSchema } from '@farol/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../../lib/api-client.ts';
import { useCurrency, withCurrency } from '../../../lib/currency.ts';
import { useLanguageKey } from '../../../lib/language-key.ts';
import { shouldRetryQuery } from '../../../lib/query-client.ts';

// The coin list the facts come from refreshes every 60 s on the server; the signal changes once an hour.
const COIN_REFRESH_MS = 60_000;
const SUMMARY_REFRESH_MS = 60_000;

export const coinUrl = (symbol: string) =>
  `/api/market-data/coins/${encodeURIComponent(symbol.trim().toLowerCase())}`;

/** A coin outside the followed list: the server answers 404 (asking again changes nothing). */
export const isNotFound = (error: unknown) => isApiError(error) && error.status === 404;

/** The plan does not cover it: 403 with the upgrade flag (the page shows a blurred preview instead). */
export const isUpgradeRefusal = (error: unknown) => isApiError(error) && error.status === 403;

const retryUnlessNotFound = (count: number, error: Error) =>
  !isNotFound(error) && shouldRetryQuery(count, error);

/** One coin's market facts (the page's one price source); `isFavorite` when signed in. */
export function useCoinQuery(symbol: string, enabled = true) {
  const url = withCurrency(coinUrl(symbol), useCurrency());
  return useQuery({
    queryKey: [url],
    enabled,
    queryFn: ({ signal }) => apiRequest(url, { schema: coinFactsResponseSchema, signal }),
    refetchInterval: COIN_REFRESH_MS,
    refetchIntervalInBackground: false,
    retry: retryUnlessNotFound,
    meta: { silent: true },
  });
}

/** The signal score and its timeframe × indicator table, in the interface language. */
export function useSignalSummaryQuery(symbol: string) {
  const url = withCurrency(`/api/market-signals/summary/${symbol}`, useCurrency());
  return useQuery({
    queryKey: useLanguageKey(url),
    queryFn: ({ signal }) => apiRequest(url, { schema: signalSummaryResponseSchema, signal }),
    select: (answer) => answer.data,
    refetchInterval: SUMMARY_REFRESH_MS,
    refetchIntervalInBackground: false,
    meta: { silent: true },
  });
}

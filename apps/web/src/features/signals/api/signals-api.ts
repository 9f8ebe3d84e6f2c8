import { analysisResponseSchema, dashboardSignalsResponseSchema } from '@farol/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useCurrency, withCurrency } from '../../../lib/currency.ts';
import { useLanguageKey } from '../../../lib/language-key.ts';

// Market signals refresh every 60 s (paused while the tab is hidden).
const SIGNALS_REFRESH_MS = 60_000;
const SIGNALS_URL = '/api/market-signals/dashboard-signals';

export function useDashboardSignalsQuery() {
  const url = withCurrency(SIGNALS_URL, useCurrency());
  return useQuery({
    queryKey: useLanguageKey(url),
    queryFn: ({ signal }) => apiRequest(url, { schema: dashboardSignalsResponseSchema, signal }),
    refetchInterval: SIGNALS_REFRESH_MS,
    refetchIntervalInBackground: false,
    // The panel shows "unavailable" or "error" itself; a toast every minute would nag.
    meta: { silent: true },
  });
}

/** Full analysis of one coin; a 403 (plan without advanced analysis) is shown by the page as an upsell. */
export function useAnalysisQuery(symbol: string, enabled: boolean) {
  const url = withCurrency(`/api/market-signals/analysis/${symbol}`, useCurrency());
  return useQuery({
    queryKey: useLanguageKey(url),
    queryFn: ({ signal }) => apiRequest(url, { schema: analysisResponseSchema, signal }),
    enabled,
    meta: { silent: true },
  });
}

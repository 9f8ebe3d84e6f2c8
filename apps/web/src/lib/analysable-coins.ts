import { analysableCoinsResponseSchema, analysisCoinIds, analysisSymbols } from '@farol/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiRequest } from './api-client.ts';

// The pairs change once a day at most; the list is read again after ten minutes.
const ANALYSABLE_COINS_STALE_MS = 10 * 60_000;
const ANALYSABLE_COINS_URL = '/api/market-signals/coins';

/**
 * Every coin with a Binance USDT pair, the ten quick choices first: the coins with candles, signals and
 * analyses (the analysis page's search, the alerts that read candles).
 */
export function useAnalysableCoinsQuery() {
  return useQuery({
    queryKey: [ANALYSABLE_COINS_URL],
    queryFn: ({ signal }) =>
      apiRequest(ANALYSABLE_COINS_URL, { schema: analysableCoinsResponseSchema, signal }),
    staleTime: ANALYSABLE_COINS_STALE_MS,
    // the screens that read it show its failure themselves
    meta: { silent: true },
  });
}

const quickChoiceIds: readonly string[] = Object.values(analysisCoinIds).flat();

/** The symbols and CoinGecko ids of the coins with a pair; the ten alone until the list is read (or if it fails). */
export function useAnalysableCoins(): { symbols: ReadonlySet<string>; coinIds: ReadonlySet<string> } {
  const { data } = useAnalysableCoinsQuery();
  return useMemo(
    () => ({
      symbols: new Set<string>(data ? data.data.map((coin) => coin.symbol) : analysisSymbols),
      coinIds: new Set<string>(data ? data.data.map((coin) => coin.coinId) : quickChoiceIds),
    }),
    [data],
  );
}

import {
  analysableCoinsResponseSchema,
  analysisCoinIds,
  analysisSymbols,
  type AnalysableCoinsResponse,
} from '@farol/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiRequest } from './api-client.ts';

// The pairs change once a day at most; the list is read again after ten minutes.
const ANALYSABLE_COINS_STALE_MS = 10 * 60_000;
const ANALYSABLE_COINS_URL = '/api/market-signals/coins';
/** The list's query key: readers outside React (the live stream's cache writes) find it by this. */
export const analysableCoinsKey = [ANALYSABLE_COINS_URL] as const;

/**
 * Every coin with a Binance USDT pair, the ten quick choices first: the coins with candles, signals and
 * analyses (the analysis page's search, the alerts that read candles).
 */
export function useAnalysableCoinsQuery() {
  return useQuery({
    queryKey: analysableCoinsKey,
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

const quickChoiceByCoinId = new Map<string, string>(
  analysisSymbols.flatMap((symbol) => analysisCoinIds[symbol].map((coinId) => [coinId, symbol] as const)),
);

/**
 * The one rule for which symbol a listed coin streams, is analysed and alerted under: its market symbol, found
 * by CoinGecko id in the list of coins with a pair (the POL token is MATIC, whose pair is POLUSDT); undefined
 * for a coin without a pair. The ten are known before the list is read.
 */
export function marketSymbolOfCoins(
  coins: AnalysableCoinsResponse | undefined,
): (coinId: string) => string | undefined {
  const byCoinId = coins
    ? new Map(coins.data.map((coin) => [coin.coinId, coin.symbol]))
    : quickChoiceByCoinId;
  return (coinId: string) => byCoinId.get(coinId);
}

/** `marketSymbolOfCoins` of the list, read (and kept fresh) for the calling component. */
export function useMarketSymbolOf(): (coinId: string) => string | undefined {
  const { data } = useAnalysableCoinsQuery();
  return useMemo(() => marketSymbolOfCoins(data), [data]);
}

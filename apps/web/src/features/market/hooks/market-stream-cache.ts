import type {
  CandleEvent,
  CandlesResponse,
  CoinFactsResponse,
  CoinPricesResponse,
  TickerEvent,
} from '@farol/contract';
import type { Query, QueryClient } from '@tanstack/react-query';
import { analysableCoinsKey, marketSymbolOfCoins } from '../../../lib/analysable-coins.ts';
import { COIN_PRICES_URL } from '../../../lib/coin-prices.ts';

// The live stream writes its ticks into the answers the screens already read (TanStack Query's cache), so a
// tick shows wherever that coin is on screen and the screens keep one source of figures: the cached answer.
// Query keys are URLs (see coin-prices.ts, market-api.ts, coin-api.ts); their query strings say which symbol,
// interval and currency an answer holds.

const CANDLES_URL = '/api/market-data/candles';
const COIN_URL = '/api/market-data/coins/';

type KeyedQuery = Pick<Query, 'queryKey'>;

/** The query string of a query whose key is `path?…`, or null for any other query. */
function paramsOf(query: KeyedQuery, path: string): URLSearchParams | null {
  const [url] = query.queryKey;
  if (typeof url !== 'string' || !url.startsWith(path)) return null;
  const start = url.indexOf('?');
  return new URLSearchParams(start === -1 ? '' : url.slice(start + 1));
}

const isCoinPricesQuery = (query: KeyedQuery) => paramsOf(query, `${COIN_PRICES_URL}?`) !== null;
const isCandlesQuery = (query: KeyedQuery) => paramsOf(query, `${CANDLES_URL}?`) !== null;
const isCoinQuery = (query: KeyedQuery) => paramsOf(query, COIN_URL) !== null;

/** The answers a tick can change: coin lists, one coin's facts, candles. */
export const isLiveQuery = (query: KeyedQuery) =>
  isCoinPricesQuery(query) || isCandlesQuery(query) || isCoinQuery(query);

/**
 * Price and 24 h change of `ticker.symbol` in every cached coin list and coin page in the ticker's currency:
 * a coin is the ticker's when its market symbol is (the POL token's row takes MATIC's ticks).
 */
export function applyTicker(queryClient: QueryClient, ticker: TickerEvent): void {
  // the list the table read (useLiveCoins asks for it); the ten alone without it
  const marketSymbolOf = marketSymbolOfCoins(queryClient.getQueryData(analysableCoinsKey));
  const isTickers = (coinId: string) => marketSymbolOf(coinId) === ticker.symbol;
  queryClient.setQueriesData<CoinPricesResponse>(
    { predicate: (query) => paramsOf(query, `${COIN_PRICES_URL}?`)?.get('currency') === ticker.currency },
    (answer) => {
      if (!answer?.data.some((coin) => isTickers(coin.id))) return undefined;
      return {
        ...answer,
        data: answer.data.map((coin) =>
          isTickers(coin.id)
            ? { ...coin, current_price: ticker.price, price_change_percentage_24h: ticker.change24h }
            : coin,
        ),
      };
    },
  );
  queryClient.setQueriesData<CoinFactsResponse>(
    { predicate: (query) => paramsOf(query, COIN_URL)?.get('currency') === ticker.currency },
    (answer) =>
      answer && answer.currency === ticker.currency && answer.data.analysisSymbol === ticker.symbol
        ? {
            ...answer,
            data: {
              ...answer.data,
              price: ticker.price,
              priceChangePercentage24h: ticker.change24h,
              // the stream relays Binance's ticker, or the simulated market's when the answer is simulated
              ...(answer.source === 'simulated' ? {} : { priceSource: 'binance' as const }),
            },
          }
        : undefined,
  );
}

/**
 * The candle in every cached series of its symbol, interval and currency: it replaces the last candle when
 * it is the same one (in progress), or follows it (a new candle; the oldest is let go, as the next answer
 * from the server would). An older candle changes nothing.
 */
export function applyCandle(queryClient: QueryClient, event: CandleEvent): void {
  queryClient.setQueriesData<CandlesResponse>(
    {
      predicate: (query) => {
        const params = paramsOf(query, `${CANDLES_URL}?`);
        return (
          params?.get('symbol') === event.symbol &&
          params.get('interval') === event.interval &&
          params.get('currency') === event.currency
        );
      },
    },
    (answer) => {
      const last = answer?.data.at(-1);
      if (!answer || !last || event.candle.time < last.time) return undefined;
      const data =
        event.candle.time === last.time
          ? [...answer.data.slice(0, -1), event.candle]
          : [...answer.data.slice(1), event.candle];
      return { ...answer, data };
    },
  );
}

/** After a pause: ask every live answer again (the screens refetch what they show), before ticks resume. */
export function catchUpLiveQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: isLiveQuery });
}

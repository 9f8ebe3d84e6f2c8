import type { CandleInterval } from '@farol/contract';
import { createContext, useContext, useEffect, useId } from 'react';
import { useMarketSymbolOf } from '../../../lib/analysable-coins.ts';
import type { Currency } from '../../../lib/currency.ts';
import type { MarketStreamRequest, StreamConnection, StreamMode } from './use-market-stream.ts';

/** What a screen part shows live: its coins' market symbols (any case) and, for a chart, the candles' interval. */
export type LiveRegistration = { symbols: readonly string[]; interval?: CandleInterval };

export type LiveMarket = {
  mode: StreamMode | null;
  connection: StreamConnection | null;
  /** What the open stream follows (null: none). */
  request: MarketStreamRequest | null;
  /** Adds a screen part's coins to the stream; the returned function takes them out. */
  register: (id: string, registration: LiveRegistration) => () => void;
};

const noLiveMarket: LiveMarket = { mode: null, connection: null, request: null, register: () => () => {} };

/** The page's one market stream (LiveMarketProvider); outside one, nothing streams and screens poll. */
export const LiveMarketContext = createContext<LiveMarket>(noLiveMarket);

/**
 * Puts `symbols`, market symbols as the analysis and the chart use them (MATIC, not POL), and a chart's
 * `interval` on the page's stream while the calling component is on screen.
 */
export function useLiveSymbols(symbols: readonly string[], interval?: CandleInterval): void {
  const { register } = useContext(LiveMarketContext);
  const id = useId();
  // one string, so a new array with the same coins does not re-register
  const key = symbols.map((symbol) => symbol.toUpperCase()).join(',');
  useEffect(() => {
    if (!key) return;
    return register(id, { symbols: key.split(','), interval });
  }, [register, id, key, interval]);
}

/**
 * Puts listed coins (a table's rows, a coin page's coin) on the page's stream under their market symbols
 * (useMarketSymbolOf); coins without a Binance pair have no ticks and keep their answers' figures.
 */
export function useLiveCoins(coins: readonly { id: string }[]): void {
  const marketSymbolOf = useMarketSymbolOf();
  useLiveSymbols(coins.flatMap((coin) => marketSymbolOf(coin.id) ?? []));
}

/** The stream's mode on this page, null when none is open (the screens then poll, as before the stream). */
export const useLiveMode = (): StreamMode | null => useContext(LiveMarketContext).mode;

/** The stream's connection on this page (see StreamConnection), null where none was opened. */
export const useLiveConnection = (): StreamConnection | null => useContext(LiveMarketContext).connection;

/** Whether the open stream pushes `symbol`'s `interval` candles in `currency` (its polling can then stop). */
export function useIsStreamed(symbol: string, interval: CandleInterval, currency: Currency): boolean {
  const { mode, request } = useContext(LiveMarketContext);
  return (
    (mode === 'live' || mode === 'simulated') &&
    request !== null &&
    request.interval === interval &&
    request.currency === currency &&
    request.symbols.includes(symbol.toUpperCase())
  );
}

/**
 * The stream's request from every registration: chart coins first (they must fit under the symbol limit), then
 * the rest, each group sorted so the URL (and the connection) stays the same while the same coins are shown.
 * Registrations name market symbols only (useLiveCoins maps listed coins), so the server accepts every one.
 */
export function streamRequestOf(
  registrations: Iterable<LiveRegistration>,
  currency: Currency,
  maxSymbols: number,
): MarketStreamRequest | null {
  const charted = new Set<string>();
  const listed = new Set<string>();
  let interval: CandleInterval | undefined;
  for (const registration of registrations) {
    interval ??= registration.interval;
    for (const symbol of registration.symbols) {
      (registration.interval ? charted : listed).add(symbol);
    }
  }
  const symbols = [
    ...[...charted].sort(),
    ...[...listed].filter((symbol) => !charted.has(symbol)).sort(),
  ].slice(0, maxSymbols);
  return symbols.length > 0 ? { symbols, interval: interval ?? '1h', currency } : null;
}

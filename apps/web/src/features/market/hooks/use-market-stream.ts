import {
  candleEventSchema,
  MAX_STREAM_SYMBOLS,
  streamStatusEventSchema,
  tickerEventSchema,
  type CandleInterval,
  type StreamStatusEvent,
} from '@farol/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ResponseSchema } from '../../../lib/api-client.ts';
import type { Currency } from '../../../lib/currency.ts';
import { applyCandle, applyTicker, catchUpLiveQueries } from './market-stream-cache.ts';

export const MARKET_STREAM_URL = '/api/market/stream';

/** What feeds the screens: `live` (Binance's stream), `polling` or `simulated` as the server says; null while no stream is open. */
export type StreamMode = StreamStatusEvent['mode'];

/**
 * The stream's connection as the screens say it: `open`, or `reconnecting` after an open stream dropped (the
 * browser or the backoff tries again; the figures are the last received). Null before a first connection and
 * where none can be made (no stream on this server): the screens then poll and say their answers' age.
 */
export type StreamConnection = 'open' | 'reconnecting';

export type MarketStreamState = { mode: StreamMode | null; connection: StreamConnection | null };

export type MarketStreamRequest = {
  /** Upper case; the first MAX_STREAM_SYMBOLS are followed. */
  symbols: readonly string[];
  /** The candles streamed (the chart's interval). */
  interval: CandleInterval;
  currency: Currency;
};

/** `/api/market/stream?symbols=BTC,ETH&interval=1h&currency=BRL` */
export function marketStreamUrl({ symbols, interval, currency }: MarketStreamRequest): string {
  const query = new URLSearchParams({
    symbols: symbols.slice(0, MAX_STREAM_SYMBOLS).join(','),
    interval,
    currency,
  });
  return `${MARKET_STREAM_URL}?${query}`;
}

// After a failed connection (404 where the server has no stream, 429 over the connection limit, no network)
// the next try waits 2 s, 4 s, 8 s… up to 60 s, each ±20 % so a restarted server is not met by every tab at once.
// Meanwhile the screens poll as they did before the stream existed.
const FIRST_RETRY_MS = 2_000;
const LAST_RETRY_MS = 60_000;
// A page registers its coins in steps (the chart's first, the table's when its answer comes): the stream
// opens once they have settled, not once per step.
const SETTLE_MS = 800;

export function retryDelayMs(failures: number): number {
  const base = Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

/** The event's JSON checked with its contract schema; anything else is dropped (null). */
function parseEvent<T>(schema: ResponseSchema<T>, message: Event): T | null {
  if (!(message instanceof MessageEvent) || typeof message.data !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(message.data);
  } catch {
    return null;
  }
  const result = schema.safeParse(value);
  return result.success ? result.data : null;
}

const isTabHidden = () => document.visibilityState === 'hidden';

/**
 * Follows the market stream for `request` (null: none) and writes its ticks and candles into the cached
 * answers the screens read. One EventSource at a time; closed while the tab is hidden, and on return the
 * screens' answers are asked again (the catch-up) before it reopens. A dropped connection is resumed by the
 * browser with `Last-Event-ID`; a refused one (404, 429, no network) is tried again with backoff, the
 * screens polling meanwhile. Returns the stream's mode (null while none is open) and its connection.
 */
export function useMarketStream(request: MarketStreamRequest | null): MarketStreamState {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<StreamMode | null>(null);
  const [connection, setConnection] = useState<StreamConnection | null>(null);
  const url = request && request.symbols.length > 0 ? marketStreamUrl(request) : null;

  useEffect(() => {
    // jsdom and very old browsers have no EventSource: the screens keep polling.
    if (!url || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let openTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let isStopped = false;
    let isCatchingUp = false;
    let wasOpen = false;

    const open = () => {
      openTimer = undefined;
      if (isStopped || isTabHidden()) return;
      const current = new EventSource(url);
      source = current;
      current.addEventListener('open', () => {
        failures = 0;
        wasOpen = true;
        setConnection('open');
      });
      current.addEventListener('status', (message) => {
        const status = parseEvent(streamStatusEventSchema, message);
        if (status) setMode(status.mode);
      });
      current.addEventListener('ticker', (message) => {
        const ticker = parseEvent(tickerEventSchema, message);
        if (ticker) applyTicker(queryClient, ticker);
      });
      current.addEventListener('candle', (message) => {
        const candle = parseEvent(candleEventSchema, message);
        if (candle) applyCandle(queryClient, candle);
      });
      current.addEventListener('error', () => {
        // Not live while it is down: the screens say it reconnects (or, never opened, their answers' age).
        setMode(null);
        if (wasOpen) setConnection('reconnecting');
        // CONNECTING: the browser reconnects by itself (with Last-Event-ID). CLOSED: refused, try later.
        if (current.readyState !== EventSource.CLOSED || source !== current) return;
        source = null;
        failures += 1;
        openTimer = setTimeout(open, retryDelayMs(failures));
      });
    };

    const close = () => {
      clearTimeout(openTimer);
      openTimer = undefined;
      source?.close();
      source = null;
      setMode(null);
      setConnection(null);
    };

    const onVisibilityChange = () => {
      if (isTabHidden()) {
        close();
        return;
      }
      if (source || openTimer || isCatchingUp) return;
      // Back on the tab: what changed meanwhile comes from the server first, then ticks resume.
      failures = 0;
      isCatchingUp = true;
      void catchUpLiveQueries(queryClient).finally(() => {
        isCatchingUp = false;
        open();
      });
    };

    openTimer = setTimeout(open, SETTLE_MS);
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      isStopped = true;
      document.removeEventListener('visibilitychange', onVisibilityChange);
      close();
    };
  }, [queryClient, url]);

  return { mode, connection };
}

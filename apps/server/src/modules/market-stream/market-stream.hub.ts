import crypto from 'node:crypto';
import type {
  CandleEvent,
  CandleInterval,
  Currency,
  MarketStreamEventType,
  StreamStatusEvent,
  TickerEvent,
} from '@farol/contract';
import { toChartCandle } from '../market/market-data.service.ts';
import type { LiveCandle, LiveMarketEvent, LiveTicker } from '../market/market.types.ts';
import { alwaysStreamedCoins, RATE_PAIR, type StreamCoin } from './market-stream.symbols.ts';

export type StreamMode = StreamStatusEvent['mode'];

/** One browser's stream: what it follows, in which currency, and how to write to it. */
export type StreamClient = {
  coins: readonly StreamCoin[];
  interval: CandleInterval;
  currency: Currency;
  /** Writes SSE text; false when the connection's buffer is full (the client is then dropped). */
  write: (text: string) => boolean;
  /** Ends the response. */
  end: () => void;
};

/** Events kept per topic for `Last-Event-ID` resume (a minute or two of ticks). */
const RING_SIZE = 64;
export const HEARTBEAT_MS = 15_000;
/** What a closing server tells browsers: come back in a few seconds (another instance may answer). */
export const CLOSING_RETRY_MS = 3_000;

type Entry = {
  seq: number;
  type: 'ticker' | 'candle';
  symbol: string;
  event: LiveTicker | LiveCandle;
  /** BRL per USDT when the event arrived. */
  rate: number | undefined;
  frames: Partial<Record<Currency, string | null>>;
};

/** A topic's last events; `evictedSeq` the newest one dropped (a client that saw less missed some). */
type Ring = { entries: Entry[]; evictedSeq: number };

/**
 * Topics name Binance pairs (`ticker:POLUSDT`, `candle:POLUSDT:1h`): an upstream event finds its topic without
 * a lookup, and the instance following the upstream (the leader, with Redis) subscribes to another instance's
 * topics without knowing its coins.
 */
const tickerTopic = (pair: string) => `ticker:${pair}`;
const candleTopic = (pair: string, interval: CandleInterval) => `candle:${pair}:${interval}`;

/** A topic as its parts: a ticker's pair, or a candle's pair and interval; undefined for anything else. */
export function parseTopic(
  topic: string,
): { kind: 'ticker'; pair: string } | { kind: 'candle'; pair: string; interval: CandleInterval } | undefined {
  const [kind, pair, interval] = topic.split(':');
  if (!pair) return undefined;
  if (kind === 'ticker') return { kind, pair };
  if (kind === 'candle' && interval) return { kind, pair, interval: interval as CandleInterval };
  return undefined;
}

/** The topics a client follows: each coin's ticker and its candles of the chosen interval. */
export const topicsOf = (client: Pick<StreamClient, 'coins' | 'interval'>) =>
  client.coins.flatMap(({ pair }) => [tickerTopic(pair), candleTopic(pair, client.interval)]);

/** The contract's event of an upstream one in `currency` (USDT figures times the rate for BRL). */
function contractEvent(entry: Entry, currency: Currency): TickerEvent | CandleEvent | undefined {
  const rate = currency === 'USD' ? 1 : entry.rate;
  if (rate === undefined) return undefined;
  if (entry.event.kind === 'ticker') {
    const { price, open24h, volume24h, time } = entry.event;
    return {
      symbol: entry.symbol,
      price: price * rate,
      // the 24 h change of the USDT price (BRL moves the same up to the rate's own move)
      change24h: open24h > 0 ? (price / open24h - 1) * 100 : 0,
      volume24h,
      time,
      currency,
    };
  }
  const { candle, interval, closed } = entry.event;
  return {
    symbol: entry.symbol,
    interval,
    candle: toChartCandle(candle, rate),
    closed,
    currency,
  };
}

const sseMessage = (id: string, type: MarketStreamEventType, data: unknown) =>
  `id: ${id}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`;

/** The SSE message of an event in `currency`, made once per currency; null while BRL has no rate. */
function frameOf(entry: Entry, currency: Currency, epoch: string): string | null {
  let frame = entry.frames[currency];
  if (frame === undefined) {
    const event = contractEvent(entry, currency);
    frame = event ? sseMessage(`${epoch}.${entry.seq}`, entry.type, event) : null;
    entry.frames[currency] = frame;
  }
  return frame;
}

/** The sequence of a `Last-Event-ID` of this hub (`<epoch>.<sequence>`); undefined for any other. */
function sequenceOf(lastEventId: string | undefined, epoch: string): number | undefined {
  const [idEpoch, sequence] = (lastEventId ?? '').split('.');
  if (idEpoch !== epoch || !sequence || !/^\d+$/.test(sequence)) return undefined;
  return Number(sequence);
}

/** The last events of every topic, for `Last-Event-ID` resume. */
function createRings() {
  const rings = new Map<string, Ring>();
  return {
    push(topic: string, entry: Entry) {
      let ring = rings.get(topic);
      if (!ring) rings.set(topic, (ring = { entries: [], evictedSeq: 0 }));
      ring.entries.push(entry);
      if (ring.entries.length > RING_SIZE) ring.evictedSeq = ring.entries.shift()!.seq;
    },
    /**
     * The events of `topic` a client that last saw `lastSeq` missed; the latest one alone when it saw none,
     * when they are no longer kept, or when the id is not this hub's (`lastSeq` undefined or ahead).
     */
    missed(topic: string, lastSeq: number | undefined, currentSeq: number): Entry[] {
      const ring = rings.get(topic);
      if (!ring || ring.entries.length === 0) return [];
      if (lastSeq === undefined || lastSeq < ring.evictedSeq || lastSeq > currentSeq)
        return [ring.entries.at(-1)!];
      return ring.entries.filter((entry) => entry.seq > lastSeq);
    },
  };
}

/** Who follows which topic; `onDemandChange` hears of a topic gaining its first or losing its last client. */
function createFollowers(onDemandChange: ((topics: ReadonlySet<string>) => void) | undefined) {
  const clients = new Set<StreamClient>();
  const byTopic = new Map<string, Set<StreamClient>>();
  const demand = (): ReadonlySet<string> => new Set(byTopic.keys());
  return {
    clients,
    demand,
    of: (topic: string) => byTopic.get(topic),
    add(client: StreamClient) {
      clients.add(client);
      let changed = false;
      for (const topic of topicsOf(client)) {
        let set = byTopic.get(topic);
        if (!set) byTopic.set(topic, (set = new Set()));
        changed ||= set.size === 0;
        set.add(client);
      }
      if (changed) onDemandChange?.(demand());
    },
    /** False when the client was already gone. */
    remove(client: StreamClient): boolean {
      if (!clients.delete(client)) return false;
      let changed = false;
      for (const topic of topicsOf(client)) {
        const set = byTopic.get(topic);
        set?.delete(client);
        if (set?.size !== 0) continue;
        byTopic.delete(topic);
        changed = true;
      }
      if (changed) onDemandChange?.(demand());
      return true;
    },
  };
}

/**
 * The fan-out: every upstream event is turned once per currency into an SSE message and written to every
 * browser following its topic; the last events of each topic are kept for `Last-Event-ID` resume. Event ids
 * are `<hub epoch>.<sequence>`: an id from another process or instance is recognised as such and answered
 * with the latest snapshot instead of a replay.
 */
export function createStreamHub(options: {
  mode: StreamMode;
  /** Called when the set of followed topics changes (the upstream subscribes to them). */
  onDemandChange?: (topics: ReadonlySet<string>) => void;
  heartbeatMs?: number;
}) {
  const epoch = crypto.randomBytes(4).toString('hex');
  let seq = 0;
  let mode = options.mode;
  let rate: number | undefined;
  // once the server closes, a stream that still arrives is ended at once (app.close() must not wait for it)
  let closed = false;
  const rings = createRings();
  const followers = createFollowers(options.onDemandChange);
  // the symbol each pair's events are written under, learnt from the clients (a pair has one market symbol)
  const symbolByPair = new Map(alwaysStreamedCoins.map((coin) => [coin.pair, coin.symbol]));

  const statusFrame = () => sseMessage(`${epoch}.${++seq}`, 'status', { mode } satisfies StreamStatusEvent);

  /** A client whose buffer is full no longer reads: its stream is ended. */
  function write(client: StreamClient, text: string) {
    if (!client.write(text) && followers.remove(client)) client.end();
  }

  const heartbeat = setInterval(() => {
    for (const client of followers.clients) write(client, ': heartbeat\n\n');
  }, options.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();

  return {
    /**
     * Starts a client: its status, then what it missed since `lastEventId` (or the latest ticker and candle
     * of each symbol), then every new event. Returns the function that removes it.
     */
    addClient(client: StreamClient, lastEventId?: string): () => void {
      if (closed) {
        client.write(`retry: ${CLOSING_RETRY_MS}\n\n`);
        client.end();
        return () => undefined;
      }
      const lastSeq = sequenceOf(lastEventId, epoch);
      const missed = topicsOf(client)
        .flatMap((topic) => rings.missed(topic, lastSeq, seq))
        .sort((a, b) => a.seq - b.seq);
      let text = statusFrame();
      for (const entry of missed) text += frameOf(entry, client.currency, epoch) ?? '';
      for (const coin of client.coins) symbolByPair.set(coin.pair, coin.symbol);
      followers.add(client);
      write(client, text);
      return () => void followers.remove(client);
    },

    /** One upstream event: kept for resume and written to every client following its topic. */
    publish(event: LiveMarketEvent) {
      if (event.pair === RATE_PAIR) {
        if (event.kind === 'ticker') rate = event.price;
        return;
      }
      const symbol = symbolByPair.get(event.pair);
      if (!symbol) return;
      const topic =
        event.kind === 'ticker' ? tickerTopic(event.pair) : candleTopic(event.pair, event.interval);
      const entry: Entry = { seq: ++seq, type: event.kind, symbol, event, rate, frames: {} };
      rings.push(topic, entry);
      for (const client of followers.of(topic) ?? []) {
        const frame = frameOf(entry, client.currency, epoch);
        if (frame) write(client, frame);
      }
    },

    /** Sets BRL per USDT until the stream's first USDTBRL ticker (the last closed rate candle at start). */
    setRate(value: number) {
      rate ??= value;
    },

    /** The upstream changed (live, polling, simulated): every client is told. */
    setMode(next: StreamMode) {
      if (next === mode) return;
      mode = next;
      for (const client of followers.clients) write(client, statusFrame());
    },
    mode: () => mode,
    demand: followers.demand,
    clientCount: () => followers.clients.size,

    /** Ends every stream with a `retry:` hint (the server is closing). */
    closeAll() {
      closed = true;
      clearInterval(heartbeat);
      for (const client of [...followers.clients]) {
        client.write(`retry: ${CLOSING_RETRY_MS}\n\n`);
        followers.remove(client);
        client.end();
      }
    },
  };
}

export type StreamHub = ReturnType<typeof createStreamHub>;

import WebSocket from 'ws';
import type { LiveMarketEvent } from '../../modules/market/market.types.ts';
import { mapBinanceKlineEvent, mapBinanceMiniTicker } from './mapper.ts';
import { binanceKlineEventSchema, binanceMiniTickerSchema, binanceStreamFrameSchema } from './schemas.ts';

/**
 * Binance's public combined market stream (wss://stream.binance.com:9443/stream): one connection carrying
 * every stream Farol wants, changed with the JSON `SUBSCRIBE`/`UNSUBSCRIBE` methods as demand comes and goes.
 *
 * Binance's rules (spot WebSocket streams, checked 2026-11): the server pings every 20 s and drops a
 * connection that has not answered with a pong (the payload copied) within a minute: `ws` answers protocol
 * pings itself. A connection lives at most 24 h; a `serverShutdown` event may precede a close. At most 5
 * incoming messages a second (pings, pongs and subscriptions count), at most 1024 streams a connection.
 */
export type BinanceStreamOptions = {
  url: string;
  onEvent: (event: LiveMarketEvent) => void;
  /** Called when the connection opens (true) or is lost (false). */
  onConnectionChange?: (connected: boolean) => void;
  /** A frame that is not JSON or not of a known shape: dropped and counted. */
  onMalformedFrame?: () => void;
  log?: { warn: (object: object, message: string) => void; info: (object: object, message: string) => void };
  /** No frame (data, answer or ping) for this long: the connection is presumed dead and replaced. */
  stallMs?: number;
  /** Reconnection delays: from `initialBackoffMs`, doubling, at most `maxBackoffMs`, each with jitter. */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  random?: () => number;
  now?: () => number;
};

export type BinanceStreamState = {
  connected: boolean;
  /** Unix ms the current connection opened. */
  connectedSince?: number;
  /** Unix ms of the last frame of any kind. */
  lastFrameAt?: number;
  /** Connections opened so far (the first one included). */
  connections: number;
};

// Binance counts every incoming message against 5 a second: subscription changes go out one message at a time,
// at most 4 a second, leaving room for the pongs
const SUBSCRIPTION_FLUSH_MS = 250;
// streams per SUBSCRIBE message: a short message, whatever the number of streams
const STREAMS_PER_MESSAGE = 200;
// a connection that lived this long was healthy: the next reconnection starts from the initial delay
const HEALTHY_CONNECTION_MS = 60_000;

/** What one frame is: a market event, a malformed frame, Binance's shutdown notice, a refusal, or nothing of use. */
function readFrame(
  text: string,
): LiveMarketEvent | 'malformed' | 'shutdown' | { error: unknown } | undefined {
  let frame: unknown;
  try {
    frame = JSON.parse(text);
  } catch {
    return 'malformed';
  }
  const parsed = binanceStreamFrameSchema.safeParse(frame);
  if (!parsed.success) return 'malformed';
  const value = parsed.data as { data?: { e: string }; e?: string; error?: unknown };
  if (value.error) return { error: value.error };
  const event = value.data ?? (value.e ? (value as { e: string }) : undefined);
  if (event?.e === 'serverShutdown') return 'shutdown';
  if (event?.e === '24hrMiniTicker') {
    const ticker = binanceMiniTickerSchema.safeParse(event);
    return ticker.success ? mapBinanceMiniTicker(ticker.data) : 'malformed';
  }
  if (event?.e === 'kline') {
    const kline = binanceKlineEventSchema.safeParse(event);
    return kline.success ? mapBinanceKlineEvent(kline.data) : 'malformed';
  }
  return undefined;
}

/**
 * The streams wanted and those the connection has: the difference goes out as UNSUBSCRIBE, then SUBSCRIBE (so
 * the connection never holds more than the 1024 wanted at most), one message of at most 200 streams every
 * 250 ms (Binance counts incoming messages): 1,024 streams take six messages over 1.25 s.
 */
function createSubscriptions(isOpen: () => boolean, send: (message: string) => void) {
  const wanted = new Set<string>();
  const subscribed = new Set<string>();
  let requestId = 0;
  let flushTimer: NodeJS.Timeout | undefined;

  /** Sends the next message of the difference, if any; the rest follows 250 ms later. */
  function flush() {
    clearTimeout(flushTimer);
    flushTimer = undefined;
    if (!isOpen()) return;
    const removed = [...subscribed].filter((stream) => !wanted.has(stream));
    const added = [...wanted].filter((stream) => !subscribed.has(stream));
    const method = removed.length > 0 ? 'UNSUBSCRIBE' : 'SUBSCRIBE';
    const params = (removed.length > 0 ? removed : added).slice(0, STREAMS_PER_MESSAGE);
    if (params.length === 0) return;
    requestId += 1;
    send(JSON.stringify({ method, params, id: requestId }));
    for (const stream of params) {
      if (method === 'SUBSCRIBE') subscribed.add(stream);
      else subscribed.delete(stream);
    }
    if (removed.length + added.length > params.length) flushTimer = setTimeout(flush, SUBSCRIPTION_FLUSH_MS);
  }

  return {
    set(streams: Iterable<string>) {
      wanted.clear();
      for (const stream of streams) wanted.add(stream);
      flushTimer ??= setTimeout(flush, SUBSCRIPTION_FLUSH_MS);
    },
    /** A new connection has nothing: what is wanted is subscribed at once (paced as above). */
    connected() {
      subscribed.clear();
      flush();
    },
    stop: () => clearTimeout(flushTimer),
    subscribed: () => [...subscribed].sort(),
  };
}

/** Hands one frame to its listener: an event, a malformed frame counted, a shutdown notice obeyed. */
function dispatchFrame(options: BinanceStreamOptions, text: string, reconnectNow: () => void) {
  const outcome = readFrame(text);
  if (outcome === 'malformed') options.onMalformedFrame?.();
  else if (outcome === 'shutdown') {
    options.log?.info({}, 'market stream: Binance announced a shutdown, reconnecting');
    reconnectNow();
  } else if (outcome && 'error' in outcome)
    options.log?.warn({ error: outcome.error }, 'market stream: Binance refused a request');
  else if (outcome) options.onEvent(outcome);
}

/** Drops a connection at once and resolves when it is closed. */
async function terminate(socket: WebSocket) {
  if (socket.readyState === WebSocket.CLOSED) return;
  const closed = new Promise((resolve) => socket.once('close', resolve));
  socket.terminate();
  await closed;
}

/**
 * Reconnection delays: from `initialBackoffMs`, doubling up to `maxBackoffMs`, with "equal jitter" (half the
 * delay fixed, half random) so instances restarted together do not reconnect together.
 */
function createBackoff(
  options: { initialBackoffMs: number; maxBackoffMs: number; random: () => number },
  run: () => void,
) {
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;
  return {
    schedule() {
      if (timer) return;
      const ceiling = Math.min(options.maxBackoffMs, options.initialBackoffMs * 2 ** attempt);
      attempt += 1;
      timer = setTimeout(
        () => {
          timer = undefined;
          run();
        },
        ceiling / 2 + options.random() * (ceiling / 2),
      );
    },
    reset: () => {
      attempt = 0;
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** Calls `onSilence` when `silentFor()` exceeds `limitMs`, checked a few times per limit. */
function watchSilence(limitMs: number, silentFor: () => number, onSilence: (silentMs: number) => void) {
  const timer = setInterval(
    () => {
      const silentMs = silentFor();
      if (silentMs > limitMs) onSilence(silentMs);
    },
    Math.max(50, Math.min(1000, limitMs / 4)),
  );
  timer.unref();
  return timer;
}

/**
 * A frame came on the current connection. A connection is live from its first frame (a subscription answer, a
 * tick or a ping), not from its handshake: an upstream that accepts and drops at once (overloaded, or
 * refusing) never counts as live.
 */
function noteFrameOn(
  state: BinanceStreamState,
  time: number,
  onConnectionChange: ((connected: boolean) => void) | undefined,
) {
  state.lastFrameAt = time;
  if (state.connected) return;
  state.connected = true;
  state.connectedSince = time;
  onConnectionChange?.(true);
}

export function createBinanceStream(options: BinanceStreamOptions) {
  const { now = Date.now, random = Math.random, stallMs = 30_000 } = options;
  const { initialBackoffMs = 500, maxBackoffMs = 30_000 } = options;

  let socket: WebSocket | undefined;
  let running = false;
  const reconnect = createBackoff({ initialBackoffMs, maxBackoffMs, random }, () => {
    if (running) connect();
  });
  let stallTimer: NodeJS.Timeout | undefined;
  const subscriptions = createSubscriptions(
    () => socket?.readyState === WebSocket.OPEN,
    (message) => socket?.send(message),
  );
  const state: BinanceStreamState = { connected: false, connections: 0 };

  function markDisconnected() {
    if (!state.connected) return;
    state.connected = false;
    state.connectedSince = undefined;
    options.onConnectionChange?.(false);
  }

  function connect() {
    const current = new WebSocket(options.url, { handshakeTimeout: Math.max(1000, stallMs) });
    socket = current;
    const openedAt = { time: 0 };
    const noteFrame = () => {
      if (socket === current) noteFrameOn(state, now(), options.onConnectionChange);
    };
    current.on('open', () => {
      state.connections += 1;
      openedAt.time = now();
      state.lastFrameAt = undefined;
      subscriptions.connected();
      clearInterval(stallTimer);
      stallTimer = watchSilence(
        stallMs,
        () => now() - (state.lastFrameAt ?? openedAt.time),
        (silentMs) => {
          options.log?.warn({ silentMs }, 'market stream: no frame, reconnecting');
          current.terminate();
        },
      );
    });
    current.on('message', (data) => {
      noteFrame();
      dispatchFrame(options, data.toString(), () => socket?.terminate());
    });
    current.on('ping', noteFrame);
    current.on('pong', noteFrame);
    current.on('error', (error) => options.log?.warn({ reason: error.message }, 'market stream: error'));
    current.on('close', () => {
      if (socket !== current) return;
      socket = undefined;
      clearInterval(stallTimer);
      if (state.connected && now() - openedAt.time >= HEALTHY_CONNECTION_MS) reconnect.reset();
      markDisconnected();
      if (running) reconnect.schedule();
    });
  }

  return {
    /** The streams wanted now (`btcusdt@miniTicker`…); the difference goes upstream shortly after. */
    setStreams: subscriptions.set,
    start() {
      if (running) return;
      running = true;
      connect();
    },
    /** Closes the connection and stops reconnecting. */
    async stop() {
      running = false;
      reconnect.stop();
      subscriptions.stop();
      clearInterval(stallTimer);
      const current = socket;
      socket = undefined;
      if (current) await terminate(current);
      markDisconnected();
    },
    state: (): BinanceStreamState => ({ ...state }),
    /** The streams the current connection is subscribed to (tests, diagnostics). */
    subscribedStreams: subscriptions.subscribed,
  };
}

export type BinanceStream = ReturnType<typeof createBinanceStream>;

// The live market as the web holds it: each virtual user with the dashboard open keeps one
// `GET /api/market/stream` through nginx, and when it drops, resumes it as EventSource does (after the
// `retry:` delay, with `Last-Event-ID`). Every stream connects from its own loopback address (127.10.x.y):
// the web's EventSource sends no token, so the server counts its streams per address
// (MARKET_STREAM_CONNECTIONS_PER_USER), and nginx passes the address it saw on with X-Forwarded-For.
import http from 'node:http';
import { currencyOf, inCurrency } from './workload.ts';

/**
 * The dashboard's table: the ten analysed coins, with the chart's 1h candles (one ticker + one candle a second
 * each), in the currency of the virtual user of that index.
 */
const streamPath = (index: number) =>
  inCurrency(
    '/api/market/stream?symbols=BTC,ETH,BNB,ADA,SOL,XRP,DOT,AVAX,MATIC,LINK&interval=1h&currency=USD',
    currencyOf(index),
  );
/** EventSource's reconnection time before the server sends its own `retry:`. */
const DEFAULT_RETRY_MS = 3000;
/** A refused stream (not 200, no connection) is tried again later, as the web's hook does (2 s, 4 s, …). */
const FIRST_REFUSED_RETRY_MS = 2000;
const LAST_REFUSED_RETRY_MS = 60_000;
/** Delays are counted in whole milliseconds up to this; beyond it they fall in the last bucket. */
const MAX_DELAY_MS = 120_000;

export type StreamDrop = { at: number; reason: string };

type StreamClient = {
  index: number;
  localAddress: string;
  lastEventId?: string;
  retryMs: number;
  refusals: number;
  request?: http.ClientRequest;
  timer?: NodeJS.Timeout;
  isConnected: boolean;
  /** Every unexpected end of an open stream, and every refused or failed attempt. */
  drops: StreamDrop[];
  /** When each connection answered 200. */
  connectedAt: number[];
  /** When each live ticker was read while traced (not the connection's first write: that is the catch-up). */
  tickTimes: number[];
  hasRetryHint: boolean;
  isEndedCleanly: boolean;
};

/** Delays (upstream send → read) as a histogram by millisecond, and the events read while recording. */
export type StreamWindow = {
  startedAt: number;
  delays: Uint32Array;
  tickers: number;
  candles: number;
  replayed: number;
};

const newWindow = (): StreamWindow => ({
  startedAt: Date.now(),
  delays: new Uint32Array(MAX_DELAY_MS + 1),
  tickers: 0,
  candles: 0,
  replayed: 0,
});

export function percentileOf(histogram: Uint32Array, share: number): number {
  let total = 0;
  for (const count of histogram) total += count;
  if (total === 0) return Number.NaN;
  const rank = Math.min(total - 1, Math.floor(total * share));
  let seen = 0;
  for (let ms = 0; ms < histogram.length; ms += 1) {
    seen += histogram[ms]!;
    if (seen > rank) return ms;
  }
  return histogram.length - 1;
}

const addressOf = (index: number) => `127.10.${Math.floor(index / 250)}.${1 + (index % 250)}`;

/** What every stream of a fleet shares: where it connects, the measuring window and the fleet's phase. */
type FleetState = {
  base: string;
  window: StreamWindow;
  isClosing: boolean;
  /** The instances are stopping: a stream's end is recorded, not resumed. */
  isExpectingEnd: boolean;
  /** While the kill is watched, every live ticker's read time is kept per stream. */
  isTracingTicks: boolean;
};

function schedule(fleet: FleetState, client: StreamClient, delay: number, onOpen?: () => void) {
  if (fleet.isClosing || fleet.isExpectingEnd) return;
  client.timer = setTimeout(() => connect(fleet, client, onOpen), delay);
}

/** Reads the stream's events; only `"time":` of live tickers is parsed (the stub stamps its send time). */
function read(fleet: FleetState, client: StreamClient, response: http.IncomingMessage) {
  let buffer = '';
  let isCatchUp = true;
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    const now = Date.now();
    const { window } = fleet;
    buffer += chunk;
    const end = buffer.lastIndexOf('\n\n');
    if (end < 0) return;
    const complete = buffer.slice(0, end);
    buffer = buffer.slice(end + 2);
    for (const block of complete.split('\n\n')) {
      const id = /^id: (.*)$/m.exec(block);
      if (id) client.lastEventId = id[1];
      const retry = /^retry: (\d+)$/m.exec(block);
      if (retry) {
        client.retryMs = Number(retry[1]);
        client.hasRetryHint = true;
      }
      const type = /^event: (ticker|candle)$/m.exec(block)?.[1];
      if (!type) continue;
      if (isCatchUp) window.replayed += 1;
      else if (type === 'candle') window.candles += 1;
      else {
        window.tickers += 1;
        if (fleet.isTracingTicks) client.tickTimes.push(now);
        const time = /"time":(\d{13})/.exec(block);
        if (time) window.delays[Math.max(0, Math.min(MAX_DELAY_MS, now - Number(time[1])))]! += 1;
      }
    }
    // the first write of a stream is its status and the catch-up (the missed events or the latest ones)
    isCatchUp = false;
  });
}

/** One EventSource-like connection attempt; whatever ends it schedules the next (unless the fleet stops). */
function connect(fleet: FleetState, client: StreamClient, onOpen?: () => void) {
  if (fleet.isClosing || fleet.isExpectingEnd) return;
  let isSettled = false;
  const request = http.get(`${fleet.base}${streamPath(client.index)}`, {
    agent: false,
    localAddress: client.localAddress,
    headers: {
      accept: 'text/event-stream',
      ...(client.lastEventId ? { 'last-event-id': client.lastEventId } : {}),
    },
  });
  client.request = request;
  const lost = (reason: string) => {
    if (isSettled) return;
    isSettled = true;
    const wasConnected = client.isConnected;
    client.isConnected = false;
    if (fleet.isClosing) return;
    if (fleet.isExpectingEnd) {
      client.isEndedCleanly = reason === 'end';
      return;
    }
    client.drops.push({ at: Date.now(), reason: wasConnected && reason === 'end' ? 'ended' : reason });
    if (wasConnected) return schedule(fleet, client, client.retryMs, onOpen);
    // refused (not 200, no connection): the web's hook tries again later, 2 s, 4 s, …
    client.refusals += 1;
    const delay = Math.min(LAST_REFUSED_RETRY_MS, FIRST_REFUSED_RETRY_MS * 2 ** (client.refusals - 1));
    schedule(fleet, client, delay, onOpen);
  };
  request.on('error', (error: NodeJS.ErrnoException) => lost(error.code ?? error.message));
  request.on('response', (response) => {
    if (response.statusCode !== 200) {
      response.resume();
      return lost(`status ${response.statusCode}`);
    }
    client.isConnected = true;
    client.refusals = 0;
    client.connectedAt.push(Date.now());
    onOpen?.();
    onOpen = undefined;
    read(fleet, client, response);
    response.on('error', (error: NodeJS.ErrnoException) => lost(error.code ?? 'reset'));
    // complete: the chunked body's last chunk arrived (a clean end); otherwise the connection was cut
    response.on('close', () => lost(response.complete ? 'end' : 'aborted'));
  });
}

const newClient = (index: number): StreamClient => ({
  index,
  localAddress: addressOf(index),
  retryMs: DEFAULT_RETRY_MS,
  refusals: 0,
  isConnected: false,
  drops: [],
  connectedAt: [],
  tickTimes: [],
  hasRetryHint: false,
  isEndedCleanly: false,
});

/**
 * `count` dashboards' streams against `base`. `open()` connects them all; from then on each one resumes by
 * itself until `close()` (the bench leaving) or `expectEnd()` (the instances stopping: a clean end is then
 * recorded, not resumed).
 */
export function createStreamFleet(base: string, count: number) {
  const fleet: FleetState = {
    base,
    window: newWindow(),
    isClosing: false,
    isExpectingEnd: false,
    isTracingTicks: false,
  };
  const clients = Array.from({ length: count }, (_, index) => newClient(index));
  return {
    clients,
    /** Opens every stream, `concurrency` at a time; resolves once each answered 200 (or 60 s passed). */
    async open(concurrency = 50) {
      let next = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < count) {
            const client = clients[next++]!;
            await Promise.race([
              new Promise<void>((resolve) => connect(fleet, client, resolve)),
              new Promise((resolve) => setTimeout(resolve, 60_000)),
            ]);
          }
        }),
      );
    },
    /** Starts a new measuring window; returns the one that ended. */
    restartWindow(): StreamWindow {
      const ended = fleet.window;
      fleet.window = newWindow();
      return ended;
    },
    openCount: () => clients.filter((client) => client.isConnected).length,
    traceTicks(isOn: boolean) {
      fleet.isTracingTicks = isOn;
    },
    /** From now on a stream's end is the server stopping: recorded (with its `retry:` hint), not resumed. */
    expectEnd() {
      fleet.isExpectingEnd = true;
      for (const client of clients) {
        clearTimeout(client.timer);
        client.hasRetryHint = false;
      }
    },
    close() {
      fleet.isClosing = true;
      for (const client of clients) {
        clearTimeout(client.timer);
        client.request?.destroy();
        client.isConnected = false;
      }
    },
  };
}

export type StreamFleet = ReturnType<typeof createStreamFleet>;

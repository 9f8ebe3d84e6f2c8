import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { klinesFor } from './market-stub.ts';

/**
 * A local WebSocket server speaking Binance's combined market stream (`/stream`): JSON `SUBSCRIBE` and
 * `UNSUBSCRIBE` answered with `{result: null, id}`, frames wrapped as `{stream, data}`. Its ticks replay real
 * daily candles of @farol/testdata in order (tick n of a pair is the pair's n-th recorded day from
 * `startDay`): the mini-ticker's last price is that day's close and its 24 h open the day's open; the
 * klines carry the day's figures on the current candle of the stream's interval. Faults: dropped
 * connections, a stalled stream, malformed frames, the daily forced disconnect, `serverShutdown`.
 * `replayCandles` ticks a pair with another recorded pair's real days (`{ DOGEUSDT: 'ETHUSDT' }`), as the
 * market stub's option of the same name does for the REST candles.
 */
export type BinanceStreamStub = {
  url: string;
  env: { BINANCE_WS_URL: string };
  /** Connections accepted so far. */
  connections: () => number;
  /** Connections open now. */
  openConnections: () => number;
  /** How many open connections are subscribed to `stream` (e.g. `linkusdt@miniTicker`). */
  subscribers: (stream: string) => number;
  /** Streams the newest connection is subscribed to, sorted. */
  subscriptions: () => string[];
  /** Payloads of the pongs received (Binance wants each ping's payload copied back). */
  pongs: () => string[];
  /** Every SUBSCRIBE/UNSUBSCRIBE received, in order. */
  requests: () => { method: string; params: string[] }[];
  /** Sends one tick of every subscribed stream now (and returns what the mini-tickers said, by pair). */
  tick: () => Map<string, { price: number; open: number }>;
  /** Ticks every `ms` until stopped (0 stops). */
  tickEvery: (ms: number) => void;
  /** Sends raw text on every connection. */
  sendRaw: (text: string) => void;
  /**
   * Sends one mini-ticker of a pair at a price (a crossing the tests choose), as Binance would: only on the
   * connections subscribed to that pair's mini-ticker stream.
   */
  sendTicker: (pair: string, price: number, open?: number) => void;
  /** Drops every connection without a close frame (a network cut). */
  dropConnections: () => void;
  /** Closes every connection as Binance does at the 24 h mark (a close frame, then the TCP close). */
  forceDailyDisconnect: () => void;
  /** Stops sending anything (ticks and pings) while true: a stalled stream. */
  setStalled: (stalled: boolean) => void;
  /** Refuses new connections while true (the upstream is down). */
  setRefusing: (refusing: boolean) => void;
  close: () => Promise<void>;
};

type Client = { socket: WebSocket; streams: Set<string> };

const DAY_MS = 86_400_000;
const intervalMs: Record<string, number> = {
  '15m': 900_000,
  '1h': 3_600_000,
  '4h': 14_400_000,
  '1d': DAY_MS,
};

/** The recorded day `step` days after the start, of a pair (undefined past its data). */
function dayOf(pair: string, startTime: number, step: number, replay: Record<string, string>) {
  const days = klinesFor(replay[pair.toUpperCase()] ?? pair.toUpperCase(), '1d');
  const first = days.findIndex((kline) => kline[0] >= startTime);
  return first < 0 ? undefined : days[first + (step % (days.length - first))];
}

function frameOf(
  stream: string,
  time: number,
  startTime: number,
  step: number,
  replay: Record<string, string>,
) {
  const [pair = '', kind = ''] = stream.split('@');
  const day = dayOf(pair, startTime, step, replay);
  if (!day) return undefined;
  const symbol = pair.toUpperCase();
  if (kind === 'miniTicker')
    return {
      data: {
        e: '24hrMiniTicker',
        E: time,
        s: symbol,
        c: day[4],
        o: day[1],
        h: day[2],
        l: day[3],
        v: day[5],
        q: '0',
      },
      price: Number(day[4]),
      open: Number(day[1]),
    };
  const interval = kind.replace('kline_', '');
  const size = intervalMs[interval] ?? DAY_MS;
  const open = Math.floor(time / size) * size;
  return {
    data: {
      e: 'kline',
      E: time,
      s: symbol,
      k: {
        t: open,
        T: open + size - 1,
        s: symbol,
        i: interval,
        o: day[1],
        c: day[4],
        h: day[2],
        l: day[3],
        v: day[5],
        x: false,
      },
    },
  };
}

/** A mini-ticker frame of a pair at a price. */
function tickerFrame(pair: string, price: number, open: number) {
  const data = {
    e: '24hrMiniTicker',
    E: Date.now(),
    s: pair,
    c: String(price),
    o: String(open),
    h: String(price),
    l: String(price),
    v: '1',
    q: '0',
  };
  return JSON.stringify({ stream: `${pair.toLowerCase()}@miniTicker`, data });
}

/** The connections subscribed to a stream: the only ones Binance sends its frames on. */
const subscribersOf = (clients: Iterable<Client>, stream: string) =>
  [...clients].filter((client) => client.streams.has(stream));

/** Answers SUBSCRIBE/UNSUBSCRIBE as Binance does, recording them and the client's streams. */
function answerRequests(client: Client, requests: { method: string; params: string[] }[]) {
  client.socket.on('message', (data) => {
    const request = JSON.parse(data.toString()) as { method: string; params: string[]; id: number };
    requests.push({ method: request.method, params: request.params });
    for (const stream of request.params) {
      if (request.method === 'SUBSCRIBE') client.streams.add(stream);
      if (request.method === 'UNSUBSCRIBE') client.streams.delete(stream);
    }
    client.socket.send(JSON.stringify({ result: null, id: request.id }));
  });
}

export async function startBinanceStreamStub(
  options: { startDay?: string; replayCandles?: Record<string, string> } = {},
): Promise<BinanceStreamStub> {
  const replay = options.replayCandles ?? {};
  const startTime = Date.parse(options.startDay ?? '2024-01-01T00:00:00Z');
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  const clients = new Set<Client>();
  const requests: { method: string; params: string[] }[] = [];
  const pongs: string[] = [];
  let newest: Client | undefined;
  let accepted = 0;
  let step = 0;
  let stalled = false;
  let refusing = false;
  let timer: NodeJS.Timeout | undefined;
  const each = (act: (socket: WebSocket) => void) => {
    for (const client of clients) act(client.socket);
  };

  server.on('connection', (socket) => {
    if (refusing) return socket.terminate();
    accepted += 1;
    const client: Client = { socket, streams: new Set() };
    clients.add(client);
    newest = client;
    socket.on('close', () => clients.delete(client));
    socket.on('pong', (data) => pongs.push(data.toString()));
    answerRequests(client, requests);
  });
  // Binance pings every 20 s; the stub every 250 ms, so a short stall timeout still sees a live connection
  const pinger = setInterval(() => stalled || each((socket) => socket.ping('stub')), 250);
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/stream`;

  function tick() {
    const said = new Map<string, { price: number; open: number }>();
    if (stalled) return said;
    const time = Date.now();
    for (const client of clients) {
      for (const stream of client.streams) {
        const frame = frameOf(stream, time, startTime, step, replay);
        if (!frame) continue;
        if ('price' in frame)
          said.set(stream.split('@')[0]!.toUpperCase(), { price: frame.price!, open: frame.open! });
        client.socket.send(JSON.stringify({ stream, data: frame.data }));
      }
    }
    step += 1;
    return said;
  }

  return {
    url,
    env: { BINANCE_WS_URL: url },
    connections: () => accepted,
    openConnections: () => clients.size,
    subscribers: (stream) => subscribersOf(clients, stream).length,
    subscriptions: () => [...(newest?.streams ?? [])].sort(),
    requests: () => [...requests],
    pongs: () => [...pongs],
    tick,
    tickEvery: (ms) => {
      clearInterval(timer);
      timer = ms > 0 ? setInterval(tick, ms) : undefined;
    },
    sendRaw: (text) => each((socket) => socket.send(text)),
    sendTicker: (pair, price, open = price) => {
      for (const client of subscribersOf(clients, `${pair.toLowerCase()}@miniTicker`))
        client.socket.send(tickerFrame(pair, price, open));
    },
    dropConnections: () => each((socket) => socket.terminate()),
    forceDailyDisconnect: () => each((socket) => socket.close(1000, 'connection lifetime reached')),
    setStalled: (value) => void (stalled = value),
    setRefusing: (value) => void (refusing = value),
    close: async () => {
      clearInterval(timer);
      clearInterval(pinger);
      each((socket) => socket.terminate());
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

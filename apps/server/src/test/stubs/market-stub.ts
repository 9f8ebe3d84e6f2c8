import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { hasTestData, readTestData, readTestJson } from '@farol/testdata';

/**
 * A local HTTP server speaking CoinGecko, Binance and alternative.me from the recorded real responses in
 * @farol/testdata (never generated data), with injectable faults. Any test can start one and point the
 * *_BASE_URL settings at it:
 *
 *   const stub = await startMarketStub();
 *   startTestApp({ env: { MARKET_DATA_SOURCE: 'live', ...stub.env } })
 *
 * Served: `/api/v3/coins/markets` (page 1: the recorded top 30 of 2025-03; page 2: the recorded 16-coin
 * "analytics" page of 2022, with its nulls and its 1 h / 7 d changes, sent for the windows asked for in
 * `price_change_percentage`; further pages empty; `sparkline=true`
 * adds a 7-day sparkline to the coins with recorded candles, see `withSparklines`), `/api/v3/global`, `/api/v3/klines`
 * (real Binance candles from @farol/testdata's ohlcv: 1d for the ten coins, 1h for BTC/ETH/SOL/MATIC, 4h
 * aggregated from 1h; no 15m data exists, so 15m answers `[]` like Binance outside its range), `/api/v3/exchangeInfo`
 * (hand-assembled in Binance's documented format, see packages/testdata/README.md) and `/fng/`.
 *
 * `replayCandles` serves the real candles of a recorded pair under another pair's name (`{ DOGEUSDT: 'ETHUSDT' }`):
 * no other coin's candles are recorded, so a test or benchmark of coins beyond the ten reuses real prices under
 * their names, and says so. Klines of a pair with nothing recorded nor replayed answer Binance's -1121.
 */

export type StubFault =
  | { kind: 'status'; status: number; retryAfter?: string; body?: string }
  | { kind: 'timeout' }
  | { kind: 'malformed' }
  | { kind: 'slow'; delayMs: number }
  | { kind: 'reset' };

/** Path prefixes the stub counts calls for (one per upstream endpoint). */
export const stubEndpoints = {
  coinsMarkets: '/api/v3/coins/markets',
  global: '/api/v3/global',
  klines: '/api/v3/klines',
  tickers: '/api/v3/ticker/24hr',
  exchangeInfo: '/api/v3/exchangeInfo',
  fearGreed: '/fng/',
} as const;

type Kline = [number, string, string, string, string, string, number, string, number, string, string, string];

const readJson = (relative: string) => readTestJson<any>(relative);

const csvCache = new Map<string, Kline[]>();
function readKlines(pair: string, interval: '1h' | '1d'): Kline[] {
  const key = `${pair}-${interval}`;
  const cached = csvCache.get(key);
  if (cached) return cached;
  const file = `ohlcv/${key}.csv`;
  if (!hasTestData(file)) return [];
  const size = interval === '1h' ? 3_600_000 : 86_400_000;
  const rows = readTestData(file)
    .trim()
    .split('\n')
    .slice(1)
    .map((line): Kline => {
      const [time, open, high, low, close, volume] = line.split(',');
      const openTime = Date.parse(time!);
      return [openTime, open!, high!, low!, close!, volume!, openTime + size - 1, '0', 0, '0', '0', '0'];
    });
  csvCache.set(key, rows);
  return rows;
}

/** 4h candles from the real 1h ones (UTC-aligned like Binance's). */
function aggregateKlines(hourly: Kline[], size: number): Kline[] {
  const groups = new Map<number, Kline[]>();
  for (const kline of hourly) {
    const open = Math.floor(kline[0] / size) * size;
    let group = groups.get(open);
    if (!group) groups.set(open, (group = []));
    group.push(kline);
  }
  return [...groups].map(([open, group]) => [
    open,
    group[0]![1],
    String(Math.max(...group.map((kline) => Number(kline[2])))),
    String(Math.min(...group.map((kline) => Number(kline[3])))),
    group.at(-1)![4],
    String(group.reduce((sum, kline) => sum + Number(kline[5]), 0)),
    open + size - 1,
    '0',
    0,
    '0',
    '0',
    '0',
  ]);
}

/** The recorded candles of a Binance pair (POLUSDT: MATIC's), USDTBRL derived; [] for what was not recorded. */
export function klinesFor(symbol: string, interval: string): Kline[] {
  if (symbol === 'USDTBRL') return usdtBrlKlines(interval);
  // MATIC trades as POL on Binance now; the recorded candles are MATICUSDT's
  const pair = symbol === 'POLUSDT' ? 'MATICUSDT' : symbol;
  if (interval === '1d' || interval === '1h') return readKlines(pair, interval);
  if (interval === '4h') {
    const key = `${pair}-4h`;
    if (!csvCache.has(key)) csvCache.set(key, aggregateKlines(readKlines(pair, '1h'), 14_400_000));
    return csvCache.get(key)!;
  }
  return [];
}

export type MarketStub = {
  url: string;
  /** Settings pointing the app at this stub. */
  env: { COINGECKO_BASE_URL: string; BINANCE_BASE_URL: string; FEAR_GREED_BASE_URL: string };
  /** Calls received per endpoint prefix (faulted calls included). */
  calls: (endpoint: string) => number;
  totalCalls: () => number;
  /**
   * Every later request whose path and query start with `prefix` ('' for all; `/api/v3/klines?symbol=ETHUSDT&`
   * for one coin's candles) gets this fault until cleared.
   */
  setFault: (prefix: string, fault: StubFault) => void;
  clearFaults: () => void;
  close: () => Promise<void>;
};

type StubAnswer = { status: number; body: unknown };
type Recorded = ReturnType<typeof readRecorded> & { replayCandles: Record<string, string> };

/**
 * A coin the stub lists beyond the recorded ones (benchmarks of many coins): CoinGecko lists it after the
 * recorded page 2, exchangeInfo lists `<SYMBOL>USDT` trading, and its klines replay `candlesOf`'s real candles.
 * Its name, id and market figures are invented; only the candles are real (another pair's).
 */
export type ReplayedListing = { symbol: string; name: string; candlesOf: string };

export async function startMarketStub(
  options: { port?: number; replayCandles?: Record<string, string>; listings?: ReplayedListing[] } = {},
): Promise<MarketStub> {
  const recorded = withListings(
    { ...readRecorded(), replayCandles: { ...options.replayCandles } },
    options.listings ?? [],
  );
  const counts = new Map<string, number>();
  const faults = new Map<string, StubFault>();

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stub');
    const prefix =
      Object.values(stubEndpoints).find((endpoint) => url.pathname.startsWith(endpoint)) ?? url.pathname;
    counts.set(prefix, (counts.get(prefix) ?? 0) + 1);
    const fault = [...faults].find(([faultPrefix]) =>
      (url.pathname + url.search).startsWith(faultPrefix),
    )?.[1];
    const send = () => {
      const { status, body } = answer(recorded, url);
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (!fault) return send();
    return applyFault(fault, request, response, send);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    env: { COINGECKO_BASE_URL: `${url}/api/v3`, BINANCE_BASE_URL: url, FEAR_GREED_BASE_URL: url },
    calls: (endpoint) => counts.get(endpoint) ?? 0,
    totalCalls: () => [...counts.values()].reduce((sum, count) => sum + count, 0),
    setFault: (prefix, fault) => faults.set(prefix, fault),
    clearFaults: () => faults.clear(),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Adds the replayed listings to the recorded answers (see `ReplayedListing`). */
function withListings(recorded: Recorded, listings: ReplayedListing[]): Recorded {
  if (listings.length === 0) return recorded;
  const template = recorded.exchangeInfo.symbols.find(
    (entry: { symbol: string }) => entry.symbol === 'DOGEUSDT',
  );
  for (const listing of listings) recorded.replayCandles[`${listing.symbol}USDT`] = listing.candlesOf;
  return {
    ...recorded,
    coinsPage2: [
      ...recorded.coinsPage2,
      ...listings.map((listing, index) => ({
        id: `replayed-${listing.symbol.toLowerCase()}`,
        symbol: listing.symbol.toLowerCase(),
        name: listing.name,
        market_cap_rank: 100 + index,
        current_price: 1,
        market_cap: 1e9 - index * 1e6,
      })),
    ],
    exchangeInfo: {
      ...recorded.exchangeInfo,
      symbols: [
        ...recorded.exchangeInfo.symbols,
        ...listings.map((listing) => ({
          ...template,
          symbol: `${listing.symbol}USDT`,
          baseAsset: listing.symbol,
        })),
      ],
    },
  };
}

/** The recorded responses the stub serves, read once per stub. */
function readRecorded() {
  return {
    coinsPage1: readJson('fixtures/coingecko/coins_markets_vs_usd_per_page30.json'),
    coinsPage2: readJson('fixtures/coingecko/coins_markets_vs_usd_category-analytics_per_page250_pcp.json'),
    global: readJson('fixtures/coingecko/global.json'),
    fearGreed: readJson('fixtures/alternative.me/fng_limit0_data.json') as unknown[],
    exchangeInfo: readJson('fixtures/binance/exchange_info_permissions_SPOT.json'),
  };
}

/** The answer of each endpoint; any other path is a 404. */
function answer(recorded: Recorded, url: URL): StubAnswer {
  const path = url.pathname;
  const query = url.searchParams;
  if (path === stubEndpoints.coinsMarkets) {
    const page = Number(query.get('page') ?? '1');
    const recordedItems = page === 1 ? recorded.coinsPage1 : page === 2 ? recorded.coinsPage2 : [];
    const rate = vsCurrencyRate(recorded.global, query.get('vs_currency') ?? 'usd');
    if (rate === undefined) return { status: 400, body: { error: 'invalid vs_currency' } };
    const items = withAskedChanges(recordedItems, query.get('price_change_percentage'));
    const priced = query.get('sparkline') === 'true' ? withSparklines(items) : items;
    return { status: 200, body: rate === 1 ? priced : priced.map((item) => inCurrency(item, rate)) };
  }
  if (path === stubEndpoints.global) return { status: 200, body: recorded.global };
  if (path === stubEndpoints.klines) return klinesAnswer(query, recorded.replayCandles);
  if (path === stubEndpoints.tickers) return tickersAnswer(query, recorded.replayCandles);
  if (path === stubEndpoints.exchangeInfo) return { status: 200, body: recorded.exchangeInfo };
  if (path === stubEndpoints.fearGreed) return fearGreedAnswer(recorded.fearGreed, query);
  return { status: 404, body: { error: 'not found' } };
}

/**
 * CoinGecko sends `price_change_percentage_<window>_in_currency` only for the windows asked for in
 * `price_change_percentage`: the recorded fields of the windows not asked for are left out.
 */
function withAskedChanges(items: Record<string, unknown>[], asked: string | null) {
  const windows = new Set((asked ?? '').split(','));
  return items.map((item) =>
    Object.fromEntries(
      Object.entries(item).filter(([key]) => {
        const window = /^price_change_percentage_(\w+)_in_currency$/.exec(key)?.[1];
        return window === undefined || windows.has(window);
      }),
    ),
  );
}

const SPARKLINE_HOURS = 7 * 24;

/**
 * No recorded CoinGecko page has `sparkline_in_7d`, so the stub builds it from the real Binance candles
 * it has: the last 168 hourly closes where 1h candles were recorded (BTC, ETH, SOL, MATIC), else the last
 * 8 daily closes (the other analysed coins). Coins without recorded candles get none, as CoinGecko leaves
 * it out for coins it has no history for. The candles are of another date than the page: the shape is
 * real, the alignment with the page's price is not.
 */
function withSparklines(items: Record<string, unknown>[]) {
  return items.map((item) => {
    const pair = `${String(item.symbol).toUpperCase()}USDT`;
    const hourly = klinesFor(pair, '1h');
    const candles = hourly.length > 0 ? hourly.slice(-SPARKLINE_HOURS) : klinesFor(pair, '1d').slice(-8);
    if (candles.length === 0) return item;
    return { ...item, sparkline_in_7d: { price: candles.map((kline) => Number(kline[4])) } };
  });
}

/**
 * CoinGecko answers `/coins/markets` in any currency its `/global` lists in `total_market_cap`. No page was
 * recorded in another currency than USD, so the stub scales the recorded USD page by
 * `total_market_cap[vs] / total_market_cap.usd` of the recorded global.json (BRL: 4.9109): the same coins,
 * their money fields in that currency, percentages unchanged. Undefined: a currency CoinGecko does not list.
 */
function vsCurrencyRate(global: unknown, vs: string): number | undefined {
  const caps = (global as { data: { total_market_cap: Record<string, number> } }).data.total_market_cap;
  const value = caps[vs.toLowerCase()];
  return value === undefined || !caps.usd ? undefined : value / caps.usd;
}

const MONEY_FIELDS = [
  'current_price',
  'market_cap',
  'fully_diluted_valuation',
  'total_volume',
  'high_24h',
  'low_24h',
  'price_change_24h',
  'market_cap_change_24h',
  'ath',
  'atl',
];

function inCurrency(item: Record<string, unknown>, rate: number): Record<string, unknown> {
  const scaled: Record<string, unknown> = { ...item };
  for (const field of MONEY_FIELDS) {
    if (typeof item[field] === 'number') scaled[field] = (item[field] as number) * rate;
  }
  const sparkline = item.sparkline_in_7d as { price: number[] } | undefined;
  if (sparkline) scaled.sparkline_in_7d = { price: sparkline.price.map((price) => price * rate) };
  return scaled;
}

/** The BRL rate the derived USDT/BRL series moves around: total_market_cap.brl / .usd of the recorded global.json. */
export const STUB_USDT_BRL_BASE = 4.9109;

/**
 * There is no recorded USDTBRL series in @farol/testdata. The stub derives one, plainly made up: the
 * open times of the recorded BTCUSDT candles of that interval, and a rate moving gently (±2 %, a sine over
 * the candle's index) around the recorded global.json's BRL/USD ratio, so a test can tell which rate candle
 * converted which coin candle. `usdtBrlRateAt(openTime)` is the close the stub gives each candle.
 */
export function usdtBrlRateAt(openTimeMs: number): number {
  return Number((STUB_USDT_BRL_BASE * (1 + 0.02 * Math.sin(openTimeMs / 3_600_000 / 24))).toFixed(4));
}

function usdtBrlKlines(interval: string): Kline[] {
  return klinesFor('BTCUSDT', interval).map((kline): Kline => {
    const close = usdtBrlRateAt(kline[0]);
    const open = usdtBrlRateAt(kline[0] - 3_600_000);
    const [high, low] = [Math.max(open, close), Math.min(open, close)];
    return [
      kline[0],
      String(open),
      String(high),
      String(low),
      String(close),
      '1000',
      kline[6],
      '0',
      0,
      '0',
      '0',
      '0',
    ];
  });
}

/** The pairs with recorded candles (and USDT/BRL, derived from BTC's). */
const knownPairs = new Set([
  'BTCUSDT',
  'ETHUSDT',
  'BNBUSDT',
  'ADAUSDT',
  'SOLUSDT',
  'XRPUSDT',
  'DOTUSDT',
  'AVAXUSDT',
  'POLUSDT',
  'MATICUSDT',
  'LINKUSDT',
  'USDTBRL',
]);

/** Binance's /api/v3/klines: candles in [startTime, endTime], the first `limit` from a start, else the last. */
function klinesAnswer(query: URLSearchParams, replayCandles: Record<string, string>): StubAnswer {
  const asked = query.get('symbol') ?? '';
  const symbol = replayCandles[asked] ?? asked;
  if (!knownPairs.has(symbol) && !replayCandles[asked])
    return { status: 400, body: { code: -1121, msg: 'Invalid symbol.' } };
  const all = klinesFor(symbol, query.get('interval') ?? '');
  if (all.length === 0 && !['15m', '4h', '1h', '1d'].includes(query.get('interval') ?? '')) {
    return { status: 400, body: { code: -1120, msg: 'Invalid interval.' } };
  }
  const endTime = Number(query.get('endTime') ?? Number.MAX_SAFE_INTEGER);
  const startTime = Number(query.get('startTime') ?? 0);
  const limit = Math.min(1000, Number(query.get('limit') ?? '500'));
  const inRange = all.filter((kline) => kline[0] <= endTime && kline[0] >= startTime);
  return { status: 200, body: query.has('startTime') ? inRange.slice(0, limit) : inRange.slice(-limit) };
}

/**
 * Binance's /api/v3/ticker/24hr?symbols=[...]: each pair's last recorded day as its 24 h window (the live
 * stream's polling fallback reads it); a replayed pair answers with its source pair's day.
 */
function tickersAnswer(query: URLSearchParams, replayCandles: Record<string, string>): StubAnswer {
  const pairs = JSON.parse(query.get('symbols') ?? '[]') as string[];
  const body = pairs.flatMap((pair) => {
    const day = klinesFor(replayCandles[pair] ?? pair, '1d').at(-1);
    if (!day) return [];
    return [{ symbol: pair, openPrice: day[1], lastPrice: day[4], volume: day[5], closeTime: day[6] }];
  });
  return { status: 200, body };
}

/** alternative.me's /fng/: the newest `limit` readings, all of them for limit=0. */
function fearGreedAnswer(fearGreed: unknown[], query: URLSearchParams): StubAnswer {
  const limit = Number(query.get('limit') ?? '1');
  return {
    status: 200,
    body: {
      name: 'Fear and Greed Index',
      data: limit === 0 ? fearGreed : fearGreed.slice(0, limit),
      metadata: { error: null },
    },
  };
}

/** Answers (or does not) the way the injected fault says; `send` is the normal answer. */
function applyFault(
  fault: StubFault,
  request: http.IncomingMessage,
  response: http.ServerResponse,
  send: () => void,
) {
  switch (fault.kind) {
    case 'status':
      response.writeHead(fault.status, {
        'content-type': 'application/json',
        ...(fault.retryAfter === undefined ? {} : { 'retry-after': fault.retryAfter }),
      });
      return response.end(fault.body ?? JSON.stringify({ status: { error_code: fault.status } }));
    case 'timeout':
      // never answers: the client's timeout fires (the socket is closed when the stub closes)
      return undefined;
    case 'malformed':
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end('{"data": [ {"value": "1", ');
    case 'slow':
      setTimeout(send, fault.delayMs);
      return undefined;
    case 'reset':
      return request.socket.destroy();
  }
}

import { analysableCoinsResponseSchema, type CandleData } from '@farol/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { EventSource } from 'eventsource';
import { http, HttpResponse, sse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/session.ts';
import { network } from '../../../test/network.ts';
import { errorAnswer, renderRoutes, sampleUser, stubFetch } from '../../../test/render.tsx';
import type { PlanAccess } from '../hooks/plan-access.ts';
import { candlesAnswer, coin, pricesAnswer } from '../test/market-answers.ts';
import { CoinListCard } from './coin-list-card.tsx';
import { LiveMarketProvider } from './live-market-provider.tsx';
import { PriceChartCard } from './price-chart-card.tsx';

// jsdom has no canvas: the chart is a stand-in that says which candles it was given (the real chart's
// live update is checked in Chromium by e2e/live-market.test.ts).
vi.mock('./price-chart.tsx', () => ({
  default: ({ candles }: { candles: CandleData[] }) => (
    <p>
      {candles.length} candles, last close {candles.at(-1)?.close}
    </p>
  ),
}));

const profissional: PlanAccess = { coinsVisible: 500, canSearch: true, canAnalyse: true, isFreePlan: false };

type StreamEvents = { ticker: unknown; candle: unknown; status: unknown };
type Connection = {
  url: URL;
  isClosed: boolean;
  send: (event: keyof StreamEvents, data: unknown, id?: string) => void;
};

/**
 * The server's stream as MSW's Server-Sent Events handler: each connection is recorded (its URL, whether the
 * browser closed it) and the test sends events through it. The app's EventSource is the WHATWG-conformant
 * `eventsource` package over fetch (jsdom has none), so MSW sees the connection like any other request.
 */
function streamServer() {
  const connections: Connection[] = [];
  network.use(
    sse<StreamEvents>('/api/market/stream', ({ client, request }) => {
      const connection: Connection = {
        url: new URL(request.url),
        isClosed: false,
        send: (event, data, id) =>
          client.send({ event, data: typeof data === 'string' ? data : JSON.stringify(data), id }),
      };
      request.signal.addEventListener('abort', () => {
        connection.isClosed = true;
      });
      connections.push(connection);
    }),
  );
  return connections;
}

/** The coin table on the dashboard, inside the page's live market. */
const renderDashboardTable = () =>
  renderRoutes(
    [
      {
        path: '/dashboard',
        element: (
          <LiveMarketProvider>
            <CoinListCard access={profissional} />
          </LiveMarketProvider>
        ),
      },
    ],
    '/dashboard',
  );

/**
 * The table on a page with its stream (`streamHandler`, which takes precedence over the REST answers), answered
 * by a REST server whose coins the test can change.
 */
function renderTable<T>(streamHandler: () => T) {
  saveSession('token-abc', sampleUser);
  const server = { coins: [coin(0), coin(1), coin(2)] };
  const calls = stubFetch((url) => {
    if (url.startsWith('/api/crypto/prices')) return { status: 200, body: pricesAnswer(server.coins) };
    return { status: 404, body: errorAnswer({ code: 'not_found', message: 'x' }) };
  });
  const stream = streamHandler();
  const view = renderDashboardTable();
  const pricesCalls = () => calls.filter((call) => call.url.startsWith('/api/crypto/prices')).length;
  return { ...view, server, pricesCalls, stream };
}

/** The table row of a coin, by its name link. */
function rowOf(name: string) {
  const link = within(screen.getByRole('table')).getByRole('link', { name });
  return link.closest('tr')!;
}

const ticker = (symbol: string, price: number, change24h: number) => ({
  symbol,
  price,
  change24h,
  volume24h: 1234,
  time: 1767225600000,
  currency: 'BRL',
});

let visibility: DocumentVisibilityState = 'visible';
function setTabVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  visibility = 'visible';
  vi.stubGlobal('EventSource', EventSource);
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});

afterEach(() => {
  visibility = 'visible';
});

describe('the live market on the coin table', () => {
  it('writes ticks into the table: price and 24 h change change, the price flashes, the badge says ao vivo', async () => {
    const { stream: connections } = renderTable(streamServer);
    await screen.findByRole('table', { name: 'Criptomoedas' });
    expect(screen.getByText('Cache · 42 s')).toBeVisible();
    await waitFor(() => expect(connections).toHaveLength(1));
    const stream = connections[0]!;
    // only the analysed coins stream (Tether is not one)
    expect(stream.url.searchParams.get('symbols')).toBe('BTC,ETH');
    expect(stream.url.searchParams.get('currency')).toBe('BRL');

    stream.send('status', { mode: 'live' });
    expect(await screen.findByText('Ao vivo')).toBeVisible();
    expect(screen.queryByText('Cache · 42 s')).toBeNull();

    stream.send('ticker', ticker('BTC', 1234.5, 3.21), '1');
    const price = await within(rowOf('Bitcoin')).findByText('R$ 1.234,50');
    expect(price).toHaveAttribute('data-flash', 'up');
    expect(within(rowOf('Bitcoin')).getByText('+3,21%')).toBeVisible();

    stream.send('ticker', ticker('BTC', 1200, 2.5), '2');
    expect(await within(rowOf('Bitcoin')).findByText('R$ 1.200,00')).toHaveAttribute('data-flash', 'down');
    // the other coins keep their prices
    expect(within(rowOf('Ethereum')).getByText('R$ 500,00')).toBeVisible();
  });

  it('says "simulado, em tempo real" when the server streams the simulated market', async () => {
    const { stream: connections } = renderTable(streamServer);
    await waitFor(() => expect(connections).toHaveLength(1));
    connections[0]!.send('status', { mode: 'simulated' });
    expect(await screen.findByText('Simulado · em tempo real')).toBeVisible();
    expect(screen.queryByText('Ao vivo')).toBeNull();
  });

  it('drops events that break the contract and keeps following the stream', async () => {
    const { stream: connections } = renderTable(streamServer);
    await screen.findByRole('table');
    await waitFor(() => expect(connections).toHaveLength(1));
    const stream = connections[0]!;
    stream.send('ticker', 'not json');
    stream.send('ticker', { ...ticker('BTC', 1, 1), price: 'cheap' });
    stream.send('ticker', { symbol: 'BTC', price: 2 });
    stream.send('status', { mode: 'turbo' });
    stream.send('ticker', ticker('ETH', 777, -1.5));

    expect(await within(rowOf('Ethereum')).findByText('R$ 777,00')).toBeVisible();
    expect(within(rowOf('Bitcoin')).getByText('R$ 1.000,00')).toBeVisible();
    expect(screen.getByText('Cache · 42 s')).toBeVisible();
  });

  it('ignores ticks in another currency than the one on screen', async () => {
    const { stream: connections } = renderTable(streamServer);
    await screen.findByRole('table');
    await waitFor(() => expect(connections).toHaveLength(1));
    connections[0]!.send('ticker', { ...ticker('BTC', 180, 1), currency: 'USD' });
    connections[0]!.send('ticker', ticker('ETH', 501, 1));
    expect(await within(rowOf('Ethereum')).findByText('R$ 501,00')).toBeVisible();
    expect(within(rowOf('Bitcoin')).getByText('R$ 1.000,00')).toBeVisible();
  });

  it('closes the stream while the tab is hidden and, back on it, asks the prices again before reopening', async () => {
    const { server, pricesCalls, stream: connections } = renderTable(streamServer);
    await screen.findByRole('table');
    await waitFor(() => expect(connections).toHaveLength(1));
    connections[0]!.send('status', { mode: 'live' });
    await screen.findByText('Ao vivo');
    const callsBefore = pricesCalls();

    setTabVisibility('hidden');
    await waitFor(() => expect(connections[0]!.isClosed).toBe(true));
    // nothing live while away: the badge shows the answer's age again
    expect(await screen.findByText('Cache · 42 s')).toBeVisible();

    server.coins = [coin(0, { current_price: 950 }), coin(1), coin(2)];
    setTabVisibility('visible');
    expect(await within(rowOf('Bitcoin')).findByText('R$ 950,00')).toBeVisible();
    expect(pricesCalls()).toBeGreaterThan(callsBefore);
    await waitFor(() => expect(connections).toHaveLength(2));
    connections[1]!.send('ticker', ticker('BTC', 960, 1));
    expect(await within(rowOf('Bitcoin')).findByText('R$ 960,00')).toBeVisible();
  });

  it('falls back to the answers as they are, without a word, when the server has no stream (404)', async () => {
    let streamCalls = 0;
    renderTable(() =>
      network.use(
        http.get('/api/market/stream', () => {
          streamCalls += 1;
          return HttpResponse.json(errorAnswer({ code: 'not_found', message: 'Não encontrado' }), {
            status: 404,
          });
        }),
      ),
    );
    await screen.findByRole('table', { name: 'Criptomoedas' });
    await waitFor(() => expect(streamCalls).toBe(1));
    expect(screen.getByText('Cache · 42 s')).toBeVisible();
    expect(within(rowOf('Bitcoin')).getByText('R$ 1.000,00')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Não encontrado')).toBeNull();
  });
});

describe('the live market for every coin with a pair', () => {
  /** GET /api/market-signals/coins: BTC and ETH among the ten, MATIC for the POL token, DOGE beyond them. */
  const analysableCoins = analysableCoinsResponseSchema.parse({
    success: true,
    source: 'binance',
    data: [
      ['BTC', 'bitcoin', true],
      ['ETH', 'ethereum', true],
      ['MATIC', 'polygon-ecosystem-token', true],
      ['DOGE', 'dogecoin', false],
    ].map(([symbol, coinId, isQuickChoice], index) => ({
      symbol,
      coinId,
      name: String(coinId),
      rank: index + 1,
      image: null,
      isQuickChoice,
    })),
  });

  it('streams every row with a pair under its market symbol: the POL row takes MATIC ticks', async () => {
    saveSession('token-abc', sampleUser);
    const rows = [
      coin(0),
      coin(1),
      coin(2),
      coin(3, { id: 'polygon-ecosystem-token', name: 'POL', symbol: 'pol', current_price: 0.5 }),
      coin(4, { id: 'dogecoin', name: 'Dogecoin', symbol: 'doge', current_price: 0.25 }),
    ];
    stubFetch((url) => {
      if (url.startsWith('/api/crypto/prices')) return { status: 200, body: pricesAnswer(rows) };
      if (url === '/api/market-signals/coins') return { status: 200, body: analysableCoins };
      return { status: 404, body: errorAnswer({ code: 'not_found', message: 'x' }) };
    });
    const connections = streamServer();
    renderDashboardTable();
    await screen.findByRole('table', { name: 'Criptomoedas' });
    // Tether has no pair: it is not asked for (the server would refuse the whole stream)
    await waitFor(() =>
      expect(connections.at(-1)?.url.searchParams.get('symbols')).toBe('BTC,DOGE,ETH,MATIC'),
    );
    const stream = connections.at(-1)!;
    stream.send('ticker', ticker('MATIC', 0.75, 4.5));
    stream.send('ticker', ticker('DOGE', 0.3, -1.25));
    expect(await within(rowOf('POL')).findByText('+4,50%')).toBeVisible();
    expect(await within(rowOf('Dogecoin')).findByText('-1,25%')).toBeVisible();
    expect(within(rowOf('Tether')).getByText('R$ 333,33')).toBeVisible();
  });
});

describe('the live market on the chart', () => {
  function renderChart() {
    stubFetch((url) =>
      url.startsWith('/api/market-data/candles')
        ? { status: 200, body: candlesAnswer(30) }
        : { status: 404, body: errorAnswer({ code: 'not_found', message: 'x' }) },
    );
    const stream = streamServer();
    const view = renderRoutes(
      [
        {
          path: '/',
          element: (
            <LiveMarketProvider>
              <PriceChartCard />
            </LiveMarketProvider>
          ),
        },
      ],
      '/',
    );
    return { ...view, stream };
  }

  it('replaces the candle in progress and appends the next one', async () => {
    const { stream: connections } = renderChart();
    const last = candlesAnswer(30).data.at(-1)!;
    await screen.findByText(`30 candles, last close ${last.close}`);
    await waitFor(() => expect(connections).toHaveLength(1));
    const stream = connections[0]!;
    expect(stream.url.searchParams.get('symbols')).toBe('BTC');
    expect(stream.url.searchParams.get('interval')).toBe('1h');
    const candle = (time: number, close: number) => ({
      symbol: 'BTC',
      interval: '1h',
      candle: { ...last, time, close },
      closed: false,
      currency: 'BRL',
    });

    stream.send('candle', candle(last.time, 91234.5));
    expect(await screen.findByText('30 candles, last close 91234.5')).toBeVisible();
    stream.send('candle', candle(last.time + 3600, 91300));
    expect(await screen.findByText('30 candles, last close 91300')).toBeVisible();
    // an older candle, or one of another interval, changes nothing
    stream.send('candle', candle(last.time, 1));
    stream.send('candle', { ...candle(last.time + 3600, 2), interval: '4h' });
    stream.send('candle', candle(last.time + 3600, 91310));
    expect(await screen.findByText('30 candles, last close 91310')).toBeVisible();
  });
});

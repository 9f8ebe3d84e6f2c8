import {
  coinFactsResponseSchema,
  signalSummaryResponseSchema,
  summaryIndicators,
  type CoinFacts,
} from '@farol/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EventSource } from 'eventsource';
import { sse, type RequestHandler } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { candlesAnswer, subscriptionAnswer } from '../features/market/test/market-answers.ts';
import { analysisAnswer } from '../features/signals/test/analysis-answers.ts';
import { saveSession } from '../lib/session.ts';
import {
  errorAnswer,
  landingRoute,
  renderRoutes,
  sampleUser,
  stubFetch,
  type StubAnswer,
} from '../test/render.tsx';
import { network } from '../test/network.ts';
import { CoinPage } from './coin-page.tsx';

// jsdom has no canvas: the chart is a stand-in.
vi.mock('../features/market/components/price-chart.tsx', () => ({ default: () => <p>chart</p> }));

const bitcoin: CoinFacts = {
  id: 'bitcoin',
  name: 'Bitcoin',
  symbol: 'BTC',
  image: null,
  price: 79847,
  priceChangePercentage24h: -8.19629,
  rank: 1,
  marketCap: 1592704518472,
  volume24h: 70779623474,
  circulatingSupply: 19832115,
  totalSupply: 19832134,
  maxSupply: 21000000,
  isFavorite: false,
  isAnalysed: true,
  analysisSymbol: 'BTC',
};

const coinAnswer = (coin: Partial<CoinFacts> = {}) =>
  coinFactsResponseSchema.parse({
    success: true,
    data: { ...bitcoin, ...coin },
    source: 'coingecko',
    cache: { isFromCache: true, ageSeconds: 20 },
    currency: 'BRL',
  });

const summaryAnswer = signalSummaryResponseSchema.parse({
  success: true,
  currency: 'BRL',
  data: {
    symbol: 'BTC',
    score: 42,
    signal: 'buy',
    rows: summaryIndicators.map((indicator) => ({
      indicator,
      name: indicator === 'rsi' ? 'Zona do RSI (14)' : indicator,
      cells: ['1h', '4h', '1d'].map((timeframe) => ({
        timeframe,
        reading: indicator === 'rsi' && timeframe === '1h' ? 'buy' : 'neutral',
        value: indicator === 'rsi' ? 28.44 : 1,
        explanation:
          indicator === 'rsi' && timeframe === '1h'
            ? 'RSI 28,4 abaixo de 30: sobrevendido, favorece um repique.'
            : `Explicação ${indicator} ${timeframe}.`,
      })),
    })),
    source: 'binance',
    asOf: '2026-01-01T12:00:00.000Z',
  },
});

const upgradeRefusal = {
  status: 403,
  body: {
    ...errorAnswer({
      code: 'signal_requires_upgrade',
      message: 'O sinal de SOL não está incluído no seu plano.',
    }),
    requiresUpgrade: true,
  },
};

/**
 * The page at `path` with the network answering `routes` first, then the chart's candles (`handlers` added
 * after them take precedence: the market stream).
 */
function renderPage(
  path: string,
  routes: (url: string) => StubAnswer | undefined,
  signedIn = false,
  handlers: RequestHandler[] = [],
) {
  if (signedIn) saveSession('token-abc', sampleUser);
  const calls = stubFetch((url) => {
    if (url === '/api/user/profile') return { status: 200, body: sampleUser };
    if (url.startsWith('/api/market-data/candles')) return { status: 200, body: candlesAnswer(40) };
    return routes(url) ?? { status: 404, body: errorAnswer({ code: 'not_found', message: 'x' }) };
  });
  network.use(...handlers);
  const view = renderRoutes(
    [{ path: '/coins/:symbol', element: <CoinPage /> }, landingRoute('/login'), landingRoute('/alerts')],
    path,
  );
  return { calls, ...view };
}

const visitorRoutes = (url: string): StubAnswer | undefined => {
  if (url === '/api/market-data/coins/btc?currency=BRL') return { status: 200, body: coinAnswer() };
  if (url === '/api/market-signals/summary/BTC?currency=BRL') return { status: 200, body: summaryAnswer };
  return undefined;
};

describe('CoinPage', () => {
  it('moves the price with the live stream, glowing the way it went, and says ao vivo', async () => {
    vi.stubGlobal('EventSource', EventSource);
    let send: ((event: string, data: unknown) => void) | undefined;
    let streamUrl: URL | undefined;
    const stream = sse<{ ticker: unknown; status: unknown }>('/api/market/stream', ({ client, request }) => {
      streamUrl = new URL(request.url);
      send = (event, data) => client.send({ event: event as 'ticker', data: JSON.stringify(data) });
    });
    renderPage('/coins/btc', visitorRoutes, false, [stream]);
    expect(await screen.findByText('R$ 79.847,00')).toBeInTheDocument();
    await waitFor(() => expect(send).toBeDefined());
    expect(streamUrl?.searchParams.get('symbols')).toBe('BTC');

    send!('status', { mode: 'live' });
    send!('ticker', {
      symbol: 'BTC',
      price: 79000.5,
      change24h: -9.1,
      volume24h: 100,
      time: 1767225600000,
      currency: 'BRL',
    });
    expect(await screen.findByText('R$ 79.000,50')).toHaveAttribute('data-flash', 'down');
    expect(screen.getByText('-9,10%')).toBeInTheDocument();
    // the heading's price and the chart are both fed by the stream
    expect(screen.getAllByText('Ao vivo')).toHaveLength(2);
  });

  it('shows a visitor the price, rank, market cap, supply, the signal score and the table, and the analysis locked', async () => {
    const { calls } = renderPage('/coins/btc', visitorRoutes);
    expect(screen.getByText('Carregando BTC…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: /Bitcoin/ })).toBeInTheDocument();
    expect(screen.getByText('R$ 79.847,00')).toBeInTheDocument();
    expect(screen.getByText('-8,20%')).toBeInTheDocument();
    expect(screen.getAllByText('#1')).toHaveLength(2);
    const facts = screen.getByText('Capitalização de mercado').closest('div')!;
    expect(within(facts).getByText('R$ 1,59 tri')).toBeInTheDocument();
    expect(screen.getByText('21,00 mi')).toBeInTheDocument();
    const meter = await screen.findByRole('meter', { name: 'Pontuação do sinal de BTC' });
    expect(meter).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByText('+42')).toBeInTheDocument();
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(1 + summaryIndicators.length);
    expect(screen.getByText('Análise completa no plano Profissional')).toBeInTheDocument();
    // a visitor has no plan to ask for and no analysis to be refused
    expect(calls.some((call) => call.url.startsWith('/api/subscription'))).toBe(false);
    expect(calls.some((call) => call.url.startsWith('/api/market-signals/analysis'))).toBe(false);
  });

  it('opens an indicator explanation on tap and closes it with Escape', async () => {
    const user = userEvent.setup();
    renderPage('/coins/btc', visitorRoutes);
    const cell = await screen.findByRole('button', { name: 'RSI (14), 1h: Compra 28,4' });
    await user.click(cell);
    const explanation = await screen.findByRole('dialog');
    expect(explanation).toHaveTextContent('Zona do RSI (14) · 1h');
    expect(explanation).toHaveTextContent('RSI 28,4 abaixo de 30: sobrevendido, favorece um repique.');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    cell.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog')).toHaveTextContent('sobrevendido');
  });

  it('asks a visitor to sign in for the star, the alert and the chat, coming back afterwards', async () => {
    const user = userEvent.setup();
    renderPage('/coins/btc', visitorRoutes);
    await user.click(await screen.findByRole('button', { name: 'Adicionar BTC aos favoritos' }));
    const prompt = await screen.findByRole('dialog');
    expect(within(prompt).getByRole('link', { name: 'Entrar' })).toHaveAttribute(
      'href',
      '/login?next=%2Fcoins%2Fbtc',
    );
    await user.keyboard('{Escape}');
    const question = 'Como está Bitcoin (BTC) agora? Quais sinais, suportes e resistências devo observar?';
    expect(screen.getByRole('link', { name: 'Pergunte ao chat sobre BTC' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent(`/chat?q=${encodeURIComponent(question)}`)}`,
    );
    expect(screen.getByRole('link', { name: 'Criar alerta' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent('/alerts?create=btc')}`,
    );
  });

  it('gives a profissional user the full analysis, the star and direct links with the question in their language', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage(
      '/coins/btc',
      (url) => {
        if (url === '/api/subscription/current')
          return { status: 200, body: subscriptionAnswer('profissional') };
        if (url === '/api/market-signals/analysis/BTC?currency=BRL')
          return { status: 200, body: analysisAnswer('BTC') };
        if (url === '/api/crypto/toggle-favorite')
          return {
            status: 200,
            body: { success: true, data: { coinId: 'bitcoin', isFavorite: true }, message: 'ok' },
          };
        return visitorRoutes(url);
      },
      true,
    );
    expect(await screen.findByText('O ETH perde força no curto prazo.')).toBeInTheDocument();
    expect(screen.queryByText('Análise completa no plano Profissional')).not.toBeInTheDocument();
    const question = encodeURIComponent(
      'Como está Bitcoin (BTC) agora? Quais sinais, suportes e resistências devo observar?',
    );
    expect(screen.getByRole('link', { name: 'Pergunte ao chat sobre BTC' })).toHaveAttribute(
      'href',
      `/chat?q=${question}`,
    );
    await user.click(screen.getByRole('link', { name: 'Criar alerta' }));
    expect(await screen.findByText('landed on /alerts')).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/subscription/current')).toBe(true);
  });

  it('toggles the favourite star of a signed-in user', async () => {
    const user = userEvent.setup();
    let isFavorite = false;
    const { calls } = renderPage(
      '/coins/btc',
      (url) => {
        if (url === '/api/market-data/coins/btc?currency=BRL')
          return { status: 200, body: coinAnswer({ isFavorite }) };
        if (url === '/api/subscription/current') return { status: 200, body: subscriptionAnswer('free') };
        if (url === '/api/crypto/toggle-favorite') {
          isFavorite = true;
          return {
            status: 200,
            body: { success: true, data: { coinId: 'bitcoin', isFavorite }, message: 'ok' },
          };
        }
        return visitorRoutes(url);
      },
      true,
    );
    const star = await screen.findByRole('button', { name: 'Adicionar BTC aos favoritos' });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await user.click(star);
    expect(await screen.findByRole('button', { name: 'Remover BTC dos favoritos' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(calls.find((call) => call.url === '/api/crypto/toggle-favorite')?.body).toEqual({
      coinId: 'bitcoin',
      coinName: 'Bitcoin',
      isFavorite: true,
    });
  });

  it('shows the blurred preview with the server reason when the plan does not cover the coin signal', async () => {
    renderPage('/coins/sol', (url) => {
      if (url === '/api/market-data/coins/sol?currency=BRL')
        return {
          status: 200,
          body: coinAnswer({ id: 'solana', name: 'Solana', symbol: 'SOL', analysisSymbol: 'SOL' }),
        };
      if (url === '/api/market-signals/summary/SOL?currency=BRL') return upgradeRefusal;
      return undefined;
    });
    expect(await screen.findByText('O sinal de SOL é de planos pagos')).toBeInTheDocument();
    expect(screen.getByText(/O sinal de SOL não está incluído no seu plano\./)).toBeInTheDocument();
    expect(screen.queryByRole('meter')).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Criar conta grátis' })[0]).toHaveAttribute(
      'href',
      '/register?next=%2Fcoins%2Fsol',
    );
  });

  it('says why a coin without a Binance USDT pair has no chart nor signal, asking nothing of them', async () => {
    const { calls } = renderPage('/coins/leo', (url) =>
      url === '/api/market-data/coins/leo?currency=BRL'
        ? {
            status: 200,
            body: coinAnswer({
              id: 'leo-token',
              name: 'LEO Token',
              symbol: 'LEO',
              isAnalysed: false,
              analysisSymbol: null,
            }),
          }
        : undefined,
    );
    expect(await screen.findByText('LEO não tem par USDT na Binance')).toBeInTheDocument();
    expect(screen.getByText(/LEO não é negociada nele/)).toBeInTheDocument();
    expect(calls.some((call) => call.url.startsWith('/api/market-signals'))).toBe(false);
    expect(calls.some((call) => call.url.startsWith('/api/market-data/candles'))).toBe(false);
  });

  it('draws the chart and reads the signal of a coin beyond the ten that has a pair', async () => {
    const { calls } = renderPage('/coins/doge', (url) => {
      if (url === '/api/market-data/coins/doge?currency=BRL')
        return {
          status: 200,
          body: coinAnswer({
            id: 'dogecoin',
            name: 'Dogecoin',
            symbol: 'DOGE',
            isAnalysed: true,
            analysisSymbol: 'DOGE',
          }),
        };
      if (url === '/api/market-signals/summary/DOGE?currency=BRL')
        return { status: 200, body: { ...summaryAnswer, data: { ...summaryAnswer.data, symbol: 'DOGE' } } };
      return undefined;
    });
    expect(await screen.findByRole('meter', { name: 'Pontuação do sinal de DOGE' })).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.some((call) => call.url.startsWith('/api/market-data/candles?symbol=DOGE'))).toBe(true),
    );
  });

  it('shows the not-found state for a coin outside the list, with the analysed coins to go to', async () => {
    renderPage('/coins/nope', (url) =>
      url === '/api/market-data/coins/nope?currency=BRL'
        ? {
            status: 404,
            body: errorAnswer({ code: 'coin_not_found', message: 'Moeda não encontrada: NOPE' }),
          }
        : undefined,
    );
    expect(await screen.findByRole('heading', { name: 'Moeda não encontrada' })).toBeInTheDocument();
    expect(
      screen.getByText('NOPE não está entre as 500 maiores moedas que o Farol acompanha.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ETH' })).toHaveAttribute('href', '/coins/eth');
  });

  it('shows an error with retry when the coin cannot be loaded, and the coin after retrying', async () => {
    const user = userEvent.setup();
    let isDown = true;
    renderPage('/coins/btc', (url) => {
      if (url === '/api/market-data/coins/btc?currency=BRL' && isDown)
        return {
          status: 503,
          body: errorAnswer({ code: 'upstream_unavailable', message: 'Fonte indisponível' }),
        };
      return visitorRoutes(url);
    });
    expect(await screen.findByText('Não foi possível carregar BTC')).toBeInTheDocument();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Tentar Novamente' }));
    expect(await screen.findByText('R$ 79.847,00')).toBeInTheDocument();
  });
});

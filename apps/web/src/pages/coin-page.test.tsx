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
  // the recorded CoinGecko row (fixtures/coingecko/coins_markets_vs_usd_per_page30.json), with 30 d and 1 y
  // changes of the shape CoinGecko sends for price_change_percentage=30d,1y
  high24h: 86975,
  low24h: 78228,
  allTimeHigh: 105495,
  allTimeHighDate: '2025-01-20T07:16:25.271Z',
  priceChangePercentage30d: -18.4321,
  priceChangePercentage1y: 12.5,
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

/** A profissional user's plan and BTC's analysis, then what a visitor gets. */
const profissionalRoutes = (url: string): StubAnswer | undefined => {
  if (url === '/api/subscription/current') return { status: 200, body: subscriptionAnswer('profissional') };
  if (url === '/api/market-signals/analysis/BTC?currency=BRL')
    return { status: 200, body: analysisAnswer('BTC') };
  return visitorRoutes(url);
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
    // the 24 h change names its source: the list's until a tick moves it
    const heading = () => within(screen.getByRole('heading', { level: 1 }).closest('header')!);
    expect(heading().getByText('CoinGecko')).toBeInTheDocument();
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
    // Binance's rolling 24 h now, not CoinGecko's figure: the two differ, so the page says whose it shows
    expect(heading().getByText('Binance, 24 h corridas')).toBeInTheDocument();
    expect(heading().queryByText('CoinGecko')).not.toBeInTheDocument();
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
        if (url === '/api/crypto/toggle-favorite')
          return {
            status: 200,
            body: { success: true, data: { coinId: 'bitcoin', isFavorite: true }, message: 'ok' },
          };
        return profissionalRoutes(url);
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

  it('shows everything the analysis says on the coin page: why, confidence, rules, levels, strategy, readings', async () => {
    const user = userEvent.setup();
    renderPage('/coins/btc', profissionalRoutes, true);
    const why = (
      await screen.findByRole('heading', { name: 'Por que este sinal' }, { timeout: 15_000 })
    ).closest('section')!;
    expect(within(why).getByText('Médias em baixa e MACD negativo.')).toBeVisible();
    // the score is signed once (+42 above); the analysis adds confidence and trend strength, not an unsigned strength
    expect(screen.getByText('+42')).toBeInTheDocument();
    expect(screen.queryByText('Força do sinal')).toBeNull();
    expect(screen.queryByText('58%')).toBeNull();
    for (const score of ['71%', '40%', '55%']) expect(screen.getByText(score)).toBeVisible();
    // times in the chart's zone, named: 12:00 UTC is 09:00 in São Paulo
    expect(screen.getByText(/Calculado em 01\/01\/2026, 09:00/)).toBeInTheDocument();
    expect(screen.getByText(/Vela de 1 h fechada em 01\/01\/2026, 09:00/)).toBeInTheDocument();
    // the rules that voted, folded until asked for
    await user.click(screen.getByText('Indicadores ativos (1)'));
    expect(await screen.findByText('Histograma MACD')).toBeVisible();
    expect(screen.getByText('38,3')).toBeVisible();
    expect(screen.getByText('-12,3457')).toBeVisible();
    expect(screen.getByText('Rompimento iminente')).toBeVisible();
    expect(screen.getByText('Anomalia de volume')).toBeVisible();
    expect(screen.getByText('Alto')).toBeVisible();
    expect(screen.getByText('R$ 3.050,00', { selector: 'span' })).toBeInTheDocument();
    // the stop with its distance from the analysis's own price (3.120,46)
    expect(screen.getByText('R$ 3.260,00 (+4,47%)')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Leitura automática dos indicadores' })).toBeInTheDocument();
  });

  it('shows the 24 h range, the all-time high with its date and distance, 30 d and 1 y, and unknown figures as such', async () => {
    renderPage('/coins/btc', visitorRoutes);
    const facts = await screen.findByRole('heading', { name: 'Dados de mercado' }, { timeout: 5000 });
    const card = within(facts.closest('section')!);
    const fact = (label: string) => card.getByText(label).nextElementSibling as HTMLElement;
    expect(fact('Máxima em 24 h')).toHaveTextContent('R$ 86.975,00');
    expect(fact('Mínima em 24 h')).toHaveTextContent('R$ 78.228,00');
    expect(fact('Variação em 30 dias')).toHaveTextContent('-18,43%');
    expect(fact('Variação em 30 dias')).toHaveClass('text-danger-text');
    expect(fact('Variação em 1 ano')).toHaveTextContent('+12,50%');
    // 79 847 / 105 495 − 1 = −24,31 %; the date in São Paulo time, as the chart
    expect(fact('Máxima histórica')).toHaveTextContent('R$ 105.495,0020/01/2025 · -24,31% desde ela');
  });

  it('says unavailable for the figures the source did not send', async () => {
    renderPage('/coins/btc', (url) =>
      url === '/api/market-data/coins/btc?currency=BRL'
        ? {
            status: 200,
            body: coinAnswer({
              high24h: null,
              allTimeHigh: null,
              allTimeHighDate: null,
              priceChangePercentage1y: null,
            }),
          }
        : visitorRoutes(url),
    );
    const label = await screen.findByText('Máxima histórica', {}, { timeout: 5000 });
    expect(label.nextElementSibling).toHaveTextContent(/^Indisponível$/);
    expect(screen.getByText('Máxima em 24 h').nextElementSibling).toHaveTextContent(/^Indisponível$/);
    expect(screen.getByText('Variação em 1 ano').nextElementSibling).toHaveTextContent(/^Indisponível$/);
  });

  it('converts the coin to reais and back at the page price, and says when a figure is not a number', async () => {
    const user = userEvent.setup();
    renderPage('/coins/btc', visitorRoutes);
    const coinField = await screen.findByLabelText('Quantidade de BTC', {}, { timeout: 5000 });
    const moneyField = screen.getByLabelText('Valor em R$');
    expect(coinField).toHaveValue('1');
    expect(moneyField).toHaveValue('79.847');
    await user.clear(coinField);
    await user.type(coinField, '0,5');
    expect(moneyField).toHaveValue('39.923,5');
    await user.clear(moneyField);
    await user.type(moneyField, '1.000');
    // 1 000 / 79 847 to the satoshi
    expect(coinField).toHaveValue('0,01252395');
    await user.type(moneyField, 'x');
    expect(screen.getByRole('alert')).toHaveTextContent('Digite um número, como 0,5 ou 1.250,00.');
    expect(moneyField).toHaveAttribute('aria-invalid', 'true');
    expect(coinField).toHaveValue('');
    expect(screen.getByText('Pelo preço do topo da página: 1 BTC = R$ 79.847,00.')).toBeInTheDocument();
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

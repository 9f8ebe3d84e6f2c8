import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  candlesAnswer,
  coin,
  dominanceAnswer,
  favoritesAnswer,
  fearGreedAnswer,
  plansAnswer,
  pricesAnswer,
  signalsAnswer,
  subscriptionAnswer,
} from '../features/market/test/market-answers.ts';
import { saveSession } from '../lib/session.ts';
import { recordAnswer } from '../features/signals/test/track-record-answers.ts';
import { errorAnswer, renderRoutes, sampleUser, stubFetch, type StubAnswer } from '../test/render.tsx';
import { network } from '../test/network.ts';
import { DashboardPage } from './dashboard-page.tsx';

const leaveSite = vi.hoisted(() => vi.fn());
vi.mock('../lib/leave-site.ts', () => ({ leaveSite }));

// jsdom has no canvas: the lightweight-charts drawing is replaced by a stand-in that shows what it was given.
vi.mock('../features/market/components/price-chart.tsx', () => ({
  default: ({ candles, seriesKey }: { candles: unknown[]; seriesKey: string }) => (
    <p>
      chart {seriesKey} with {candles.length} candles
    </p>
  ),
}));

type Routes = Record<string, StubAnswer>;

/** Answers by path (query string included when a route lists it), 404 for anything unexpected. */
function stubServer(routes: Routes, fallback: Routes = {}) {
  return stubFetch((url, method) => {
    const key = `${method} ${url}`;
    const pathKey = `${method} ${url.split('?')[0]}`;
    return (
      routes[key] ??
      routes[pathKey] ??
      fallback[key] ??
      fallback[pathKey] ?? {
        status: 404,
        body: errorAnswer({ code: 'not_found', message: 'Não encontrado' }),
      }
    );
  });
}

const commonRoutes: Routes = {
  'GET /api/user/profile': { status: 200, body: sampleUser },
  'GET /api/crypto/favorites': { status: 200, body: favoritesAnswer([]) },
  'GET /api/market-data/fear-greed': { status: 200, body: fearGreedAnswer(62) },
  'GET /api/market-data/bitcoin-dominance': { status: 200, body: dominanceAnswer(57.456) },
  'GET /api/market-signals/dashboard-signals': { status: 200, body: signalsAnswer() },
  'GET /api/market-data/candles': { status: 200, body: candlesAnswer(60) },
  'GET /api/subscription/plans': { status: 200, body: plansAnswer(false) },
};

function renderDashboard(routes: Routes) {
  saveSession('token-abc', sampleUser);
  const calls = stubServer(routes, commonRoutes);
  const view = renderRoutes([{ path: '/dashboard', element: <DashboardPage /> }], '/dashboard');
  return { ...view, calls };
}

const fiveCoins = Array.from({ length: 5 }, (_, index) => coin(index));
const tenCoins = Array.from({ length: 10 }, (_, index) => coin(index));

describe('DashboardPage', () => {
  it('shows the free plan its banner, 5 coins and the analysis button disabled with the upsell', async () => {
    renderDashboard({
      'GET /api/subscription/current': { status: 200, body: subscriptionAnswer('free') },
      'GET /api/crypto/prices': { status: 200, body: pricesAnswer(fiveCoins) },
    });
    // the upsell is one line: what the plan shows and the way to more
    const banner = await screen.findByRole('complementary', { name: 'Você está no plano Gratuito' });
    expect(banner).toHaveTextContent('Gratuito: 5 moedas e 3 sinais.Assinar agora');
    expect(within(banner).getByRole('link', { name: 'Assinar agora' }).getAttribute('href')).toBe('/pricing');
    const table = await screen.findByRole('table', { name: 'Criptomoedas' });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 5);
    // a phone opens on prices: the coins come first, the bookkeeping last, in reading order as on screen
    const keyFigures = screen.getByRole('region', { name: 'Sua conta e os dados' });
    const follows = (earlier: Element, later: Element) =>
      Boolean(earlier.compareDocumentPosition(later) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(banner, table)).toBe(true);
    expect(follows(table, screen.getByRole('heading', { name: /Sinais de mercado/ }))).toBe(true);
    expect(follows(screen.getByRole('heading', { name: /Sinais de mercado/ }), keyFigures)).toBe(true);
    expect(within(keyFigures).getByText('Favoritas')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ver análise completa' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Disponível no plano Profissional.')).toBeVisible();
    // No search box for the free plan.
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('shows the iniciante plan the ten analysed coins in the table, without search or the free banner', async () => {
    const { calls } = renderDashboard({
      'GET /api/subscription/current': { status: 200, body: subscriptionAnswer('iniciante') },
      'GET /api/crypto/prices': { status: 200, body: pricesAnswer(tenCoins) },
    });
    const table = await screen.findByRole('table', { name: 'Criptomoedas' });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 10);
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.queryByRole('complementary', { name: 'Você está no plano Gratuito' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ver análise completa' }).getAttribute('href')).toBe(
      '/market-analysis',
    );
    expect(calls.some((call) => call.url.startsWith('/api/crypto/prices'))).toBe(true);
  });

  it('reads "Em breve" on the upsell while plans cannot be bought', async () => {
    renderDashboard({
      'GET /api/subscription/current': { status: 200, body: subscriptionAnswer('free') },
      'GET /api/crypto/prices': { status: 200, body: pricesAnswer(fiveCoins) },
    });
    expect(await screen.findByRole('button', { name: 'Em breve' })).toBeDisabled();
  });

  it('sends a free user from the upsell to Stripe Checkout for Profissional', async () => {
    const { calls } = renderDashboard({
      'GET /api/subscription/current': { status: 200, body: subscriptionAnswer('free') },
      'GET /api/crypto/prices': { status: 200, body: pricesAnswer(fiveCoins) },
      'GET /api/subscription/plans': { status: 200, body: plansAnswer(true) },
      'POST /api/subscription/checkout': {
        status: 200,
        body: { success: true, data: { url: 'https://checkout.stripe.com/c/pay/cs_1', sessionId: 'cs_1' } },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Assinar o Profissional' }));
    await waitFor(() => expect(leaveSite).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_1'));
    const checkout = calls.find((call) => call.url === '/api/subscription/checkout');
    expect(checkout?.body).toEqual({ planId: 'profissional' });
  });

  it('shows the locked panel when the server refuses the coin list with 403', async () => {
    renderDashboard({
      'GET /api/subscription/current': { status: 200, body: subscriptionAnswer('free') },
      'GET /api/crypto/prices': {
        status: 403,
        body: errorAnswer({ code: 'plan_required', message: 'Plano insuficiente' }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Tabela de moedas indisponível' })).toBeVisible();
  });

  it.each([
    [{ status: 429, body: errorAnswer({ code: 'rate_limited', message: 'Devagar' }) }, 'Muitas requisições'],
    [
      { status: 503, body: errorAnswer({ code: 'upstream_unavailable', message: 'Fora do ar' }) },
      'Erro no servidor',
    ],
    [
      { status: 400, body: errorAnswer({ code: 'validation_error', message: 'Inválido' }) },
      'Erro ao carregar as cotações',
    ],
    ['network-error', 'Erro de conexão'],
  ] as [StubAnswer, string][])(
    'turns a coin list failure (%j) into its kind with try-again',
    async (answer, title) => {
      let failing = true;
      saveSession('token-abc', sampleUser);
      stubServer(
        {
          'GET /api/subscription/current': { status: 200, body: subscriptionAnswer('profissional') },
          'GET /api/crypto/prices': { status: 200, body: pricesAnswer(tenCoins) },
        },
        commonRoutes,
      );
      // The stub above answers prices; the failure comes first until the user retries.
      network.use(
        http.get('*/api/crypto/prices', () => {
          if (!failing) return undefined;
          if (answer === 'network-error') return HttpResponse.error();
          return HttpResponse.json(answer.body as object, { status: answer.status });
        }),
      );
      renderRoutes([{ path: '/dashboard', element: <DashboardPage /> }], '/dashboard');
      const alert = await screen.findByText(title, {}, { timeout: 4000 });
      expect(alert).toBeVisible();
      failing = false;
      await userEvent.click(
        within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', {
          name: 'Tentar Novamente',
        }),
      );
      expect(await screen.findByRole('table', { name: 'Criptomoedas' })).toBeVisible();
    },
  );

  it('favourites a coin with its wanted state, lists it first and goes back to page 1', async () => {
    const user = userEvent.setup();
    let favorite = false;
    const pageOne = () =>
      pricesAnswer(favorite ? [coin(10, { isFavorite: true }), ...tenCoins.slice(0, 9)] : tenCoins, 1, 3);
    saveSession('token-abc', sampleUser);
    const calls = stubFetch((url, method) => {
      if (method === 'POST' && url === '/api/crypto/toggle-favorite') {
        favorite = true;
        return {
          status: 200,
          body: {
            success: true,
            data: { coinId: 'chainlink', isFavorite: true },
            message: 'Chainlink adicionada aos favoritos',
          },
        };
      }
      if (url === '/api/subscription/current')
        return { status: 200, body: subscriptionAnswer('profissional') };
      // the plan probe asks for 10 coins, the table for its 25 in rank order
      if (url.startsWith('/api/crypto/prices?page=1&')) return { status: 200, body: pageOne() };
      if (url === '/api/crypto/prices?page=2&limit=25&sort=rank&order=asc&currency=BRL')
        return { status: 200, body: pricesAnswer([coin(10), coin(11)], 2, 3) };
      if (url === '/api/crypto/favorites')
        return { status: 200, body: favoritesAnswer(favorite ? ['chainlink'] : []) };
      const route = commonRoutes[`${method} ${url.split('?')[0]}`];
      return route ?? { status: 404, body: errorAnswer({ code: 'not_found', message: 'x' }) };
    });
    renderRoutes([{ path: '/dashboard', element: <DashboardPage /> }], '/dashboard');
    await screen.findByText('Página 1 de 3');
    await user.click(screen.getByRole('button', { name: 'Próxima' }));
    await screen.findByText('Página 2 de 3');
    await user.click(screen.getByRole('button', { name: 'Adicionar Chainlink às favoritas' }));
    await screen.findByText('Página 1 de 3');
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ coinId: 'chainlink', coinName: 'Chainlink', isFavorite: true });
    const table = screen.getByRole('table', { name: 'Criptomoedas' });
    await waitFor(() => expect(within(table).getAllByRole('row')[1]!.textContent).toContain('Chainlink'));
    expect(
      within(table)
        .getByRole('button', { name: 'Remover Chainlink das favoritas' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
  });

  // six typed terms and their answers: slower than the default 5 s on a busy 2-core machine
  it('searches the 500-coin list by name or symbol, counts results, says when none match and clears', async () => {
    const user = userEvent.setup();
    const { calls } = renderDashboard({
      'GET /api/subscription/current': { status: 200, body: subscriptionAnswer('profissional') },
      'GET /api/crypto/prices?page=1&limit=10&currency=BRL': {
        status: 200,
        body: pricesAnswer(tenCoins, 1, 50),
      },
      'GET /api/crypto/prices?page=1&limit=25&sort=rank&order=asc&currency=BRL': {
        status: 200,
        body: pricesAnswer(tenCoins, 1, 50),
      },
      // the server's answers for each term
      'GET /api/crypto/prices?page=1&limit=500&sort=rank&order=asc&search=E&currency=BRL': {
        status: 200,
        body: pricesAnswer(tenCoins.slice(0, 3)),
      },
      'GET /api/crypto/prices?page=1&limit=500&sort=rank&order=asc&search=ET&currency=BRL': {
        status: 200,
        body: pricesAnswer(tenCoins.slice(0, 2)),
      },
      'GET /api/crypto/prices?page=1&limit=500&sort=rank&order=asc&search=ETH&currency=BRL': {
        status: 200,
        body: pricesAnswer(tenCoins.slice(0, 2)),
      },
      'GET /api/crypto/prices?page=1&limit=500&sort=rank&order=asc&search=z&currency=BRL': {
        status: 200,
        body: pricesAnswer([]),
      },
      'GET /api/crypto/prices?page=1&limit=500&sort=rank&order=asc&search=zz&currency=BRL': {
        status: 200,
        body: pricesAnswer([]),
      },
      'GET /api/crypto/prices?page=1&limit=500&sort=rank&order=asc&search=zzz&currency=BRL': {
        status: 200,
        body: pricesAnswer([]),
      },
    });
    const search = await screen.findByRole('searchbox', { name: 'Buscar moeda por nome ou símbolo' });
    await user.type(search, 'ETH');
    // the server finds the coins; the card shows what it answered
    expect(await screen.findByText('2 resultado(s) para "ETH"')).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Paginação da lista de moedas' })).toBeNull();
    expect(
      calls.some(
        (call) =>
          call.url === '/api/crypto/prices?page=1&limit=500&sort=rank&order=asc&search=ETH&currency=BRL',
      ),
    ).toBe(true);
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(await screen.findByText('Nenhuma moeda encontrada para "zzz"')).toBeVisible();
    await user.click(screen.getAllByRole('button', { name: 'Limpar busca' })[0]!);
    expect(await screen.findByText('Página 1 de 50')).toBeVisible();
  }, 15_000);

  it('shows fear-greed, dominance with 2 decimals in its colour band, signals, the chart and the simulated-data badge', async () => {
    renderDashboard({
      'GET /api/subscription/current': { status: 200, body: subscriptionAnswer('profissional') },
      'GET /api/crypto/prices': { status: 200, body: pricesAnswer(tenCoins, 1, 1, 'simulated') },
    });
    const gauge = await screen.findByRole('meter', { name: 'Medo e Ganância' });
    expect(gauge.getAttribute('aria-valuenow')).toBe('62');
    expect(screen.getByText('Ganância')).toBeVisible();
    expect(await screen.findByText('57,46%')).toBeVisible();
    const bar = screen.getByRole('progressbar', { name: 'Dominância do Bitcoin' });
    expect(bar.firstElementChild?.className).toContain('bg-success');
    // the market's total, one figure; the BTC cap derived from dominance is not shown beside the coin's own
    expect(screen.getByText('R$ 3,20 tri')).toBeVisible();
    expect(screen.queryByText('R$ 1,85 tri')).toBeNull();
    expect(screen.getByText('12,35%')).toBeVisible();
    expect(await screen.findByText('Compra forte')).toBeVisible();
    expect(await screen.findByText('chart BTC-1h-BRL with 60 candles')).toBeVisible();
    expect((await screen.findAllByText('Dados simulados')).length).toBeGreaterThan(0);
  });

  it("shows each signal as one row (symbol, price, class, whole-percent strength) that opens the coin's page", async () => {
    saveSession('token-abc', sampleUser);
    stubServer(
      {
        'GET /api/subscription/current': { status: 200, body: subscriptionAnswer('profissional') },
        'GET /api/crypto/prices': { status: 200, body: pricesAnswer(tenCoins) },
        'GET /api/market-signals/track-record': { status: 200, body: recordAnswer() },
      },
      commonRoutes,
    );
    renderRoutes(
      [
        { path: '/dashboard', element: <DashboardPage /> },
        { path: '/coins/:symbol', element: <p>coin page</p> },
      ],
      '/dashboard',
    );
    const user = userEvent.setup();
    // its name is what it shows, in order (Intl puts a no-break space after "R$"); the class's measured
    // hit rate is the published backtest's 1,188 strong buys, 47% right over 24 h
    const row = await screen.findByRole('link', {
      name: 'BTC R$\u00a091.234,50 Compra forte Força 73% Confiança: 64% RSI 61,3 acerto da classe em 24 h: 47%',
    });
    // what the confidence means, once under the list, with the way to the record
    expect(screen.getByText(/^Confiança: a taxa de acerto em 24 h/u)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ver o histórico' }).getAttribute('href')).toBe('/track-record');
    expect(row.getAttribute('href')).toBe('/coins/btc');
    expect(within(row).getByText('73%')).toBeVisible();
    expect(within(row).getByText('Compra forte')).toBeVisible();
    // confidence as a whole percentage too, and no trend label that could contradict the class
    expect(within(row).getByText('Confiança: 64%')).toBeVisible();
    expect(within(row).queryByText(/Alta|Baixa|Neutro/)).toBeNull();

    await user.click(row);

    expect(await screen.findByText('coin page')).toBeVisible();
  });

  it('lists the signals it has and names the coins that have none now, with why', async () => {
    renderDashboard({
      'GET /api/subscription/current': { status: 200, body: subscriptionAnswer('profissional') },
      'GET /api/crypto/prices': { status: 200, body: pricesAnswer(tenCoins) },
      'GET /api/market-signals/dashboard-signals': {
        status: 200,
        body: signalsAnswer('binance', [{ symbol: 'ETH', errorKind: 'server_error' }]),
      },
    });
    const notice = (
      await screen.findByText('Sem sinal agora, tentaremos de novo em instantes:', {}, { timeout: 5000 })
    ).parentElement!;
    expect(within(notice).getByRole('listitem').textContent).toBe('ETH: fonte de dados fora do ar');
    expect(screen.queryByText('Sinais temporariamente indisponíveis')).toBeNull();
  });

  it('shows the widgets failing with their error text and retry', async () => {
    renderDashboard({
      'GET /api/subscription/current': { status: 200, body: subscriptionAnswer('profissional') },
      'GET /api/crypto/prices': { status: 200, body: pricesAnswer(tenCoins) },
      'GET /api/market-data/fear-greed': {
        status: 502,
        body: errorAnswer({ code: 'upstream_unavailable', message: 'x' }),
      },
      'GET /api/market-signals/dashboard-signals': 'network-error',
    });
    expect(await screen.findByText('Erro da API ao carregar os dados', {}, { timeout: 5000 })).toBeVisible();
    expect(
      await screen.findByText('Sinais temporariamente indisponíveis', {}, { timeout: 5000 }),
    ).toBeVisible();
  });
});

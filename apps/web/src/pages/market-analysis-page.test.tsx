import { analysisSymbols } from '@farol/contract';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { analysableCoinsAnswer } from '../features/market/test/market-answers.ts';
import { i18n } from '../lib/i18n.ts';
import { clearSession, saveSession } from '../lib/session.ts';
import {
  errorAnswer,
  landingRoute,
  renderRoutes,
  sampleUser,
  stubFetch,
  type StubAnswer,
} from '../test/render.tsx';
import { MarketAnalysisPage } from './market-analysis-page.tsx';
import { useHeadingFocusOnArrival } from '../lib/use-arrival-focus.ts';
import { useRef } from 'react';

/** GET /api/market-signals/coins through the contract: the ten, then two coins beyond them. */
const coinsAnswer = analysableCoinsAnswer([
  ['DOGE', 'dogecoin', 'Dogecoin'],
  ['TRX', 'tron', 'TRON'],
]);

/** Stands in for the coin page: its heading takes the focus the way the coin page's does. */
function ArrivingCoinPage() {
  const ref = useRef<HTMLDivElement>(null);
  useHeadingFocusOnArrival(ref);
  return (
    <div ref={ref}>
      <h1>coin page</h1>
    </div>
  );
}

/** The picker, the coin pages it opens and the login page, with the coin list answered by `coins`. */
function renderPage(
  path = '/market-analysis',
  coins: () => StubAnswer = () => ({ status: 200, body: coinsAnswer }),
) {
  const calls = stubFetch((url) => {
    if (url === '/api/user/profile') return { status: 200, body: sampleUser };
    if (url === '/api/market-signals/coins') return coins();
    return { status: 404, body: errorAnswer({ code: 'not_found', message: 'x' }) };
  });
  const view = renderRoutes(
    [
      { path: '/market-analysis', element: <MarketAnalysisPage /> },
      { path: '/coins/:symbol', element: <ArrivingCoinPage /> },
      landingRoute('/login'),
    ],
    path,
  );
  return { calls, router: view.router };
}

const searchBox = (name = 'Buscar entre as moedas com par na Binance') =>
  screen.findByRole('combobox', { name }, { timeout: 5000 });

// Pages load their modules on first render: slow on a busy machine, so each test gets longer than the default.
const SLOW = 30_000;

afterEach(async () => {
  await act(() => i18n.changeLanguage('pt-BR'));
  clearSession();
});

describe('the market analysis picker', () => {
  it(
    'finds a coin beyond the ten by name and opens its coin page, the analysis screen',
    async () => {
      saveSession('token-abc', sampleUser);
      const user = userEvent.setup();
      const { router, calls } = renderPage();
      expect(await screen.findByRole('heading', { level: 1, name: 'Análise de mercado' })).toBeVisible();
      await user.type(await searchBox(), 'dogec');
      const option = await screen.findByRole('option', { name: /DOGE/ });
      expect(option).toHaveTextContent('Dogecoin');
      expect(screen.getAllByRole('option')).toHaveLength(1);
      await user.click(option);
      expect(await screen.findByText('coin page')).toBeVisible();
      expect(router.state.location.pathname).toBe('/coins/doge');
      // the combobox is gone with the picker: the focus lands on the opened page's heading
      expect(screen.getByRole('heading', { level: 1, name: 'coin page' })).toHaveFocus();
      // the picker asks for no analysis: the coin page does
      expect(calls.some((call) => call.url.startsWith('/api/market-signals/analysis'))).toBe(false);
    },
    SLOW,
  );

  it(
    'offers the ten as links to their coin pages',
    async () => {
      saveSession('token-abc', sampleUser);
      const user = userEvent.setup();
      const { router } = renderPage();
      const quick = await screen.findByRole('navigation', { name: 'Escolhas rápidas' });
      for (const symbol of analysisSymbols)
        expect(
          Array.from(quick.querySelectorAll('a')).some(
            (link) => link.getAttribute('href') === `/coins/${symbol.toLowerCase()}`,
          ),
        ).toBe(true);
      await user.click(screen.getByRole('link', { name: /^SOL/ }));
      expect(router.state.location.pathname).toBe('/coins/sol');
    },
    SLOW,
  );

  it.each([
    ['/market-analysis?coin=doge', '/coins/doge'],
    ['/market-analysis?coin=ETH&lng=en', '/coins/eth'],
    ['/market-analysis?symbol=BTC', '/coins/btc'],
  ])(
    'sends the old link %s to %s, signed in or not',
    async (path, coinPage) => {
      const { router } = renderPage(path);
      expect(await screen.findByText('coin page', {}, { timeout: 5000 })).toBeVisible();
      expect(router.state.location.pathname).toBe(coinPage);
      expect(router.state.location.search).toBe(path.includes('lng=en') ? '?lng=en' : '');
    },
    SLOW,
  );

  it(
    'keeps a link with no coin it could name on the picker, behind sign-in',
    async () => {
      const { router } = renderPage('/market-analysis?coin=../x');
      expect(await screen.findByText('landed on /login', {}, { timeout: 5000 })).toBeVisible();
      expect(router.state.location.pathname).toBe('/login');
    },
    SLOW,
  );

  it(
    'puts the exact symbol first and says when nothing matches',
    async () => {
      saveSession('token-abc', sampleUser);
      const user = userEvent.setup();
      renderPage();
      const box = await searchBox();
      await user.type(box, 'tr');
      const options = await screen.findAllByRole('option');
      expect(options[0]).toHaveTextContent('TRX');
      await user.clear(box);
      await user.type(box, 'zzz');
      expect(await screen.findByText('Nenhuma moeda encontrada')).toBeVisible();
      expect(screen.queryAllByRole('option')).toHaveLength(0);
    },
    SLOW,
  );

  it(
    'says the list is loading, then shows its failure with a retry that loads it',
    async () => {
      saveSession('token-abc', sampleUser);
      const user = userEvent.setup();
      let failing = true;
      renderPage('/market-analysis', () =>
        failing
          ? { status: 503, body: errorAnswer({ code: 'upstream_unavailable', message: 'Fora do ar' }) }
          : { status: 200, body: coinsAnswer },
      );
      await user.click(await searchBox());
      expect(
        await screen.findByText('Não foi possível carregar as moedas.', {}, { timeout: 5000 }),
      ).toBeVisible();
      failing = false;
      await user.click(screen.getByRole('button', { name: 'Tentar de novo' }));
      expect(await screen.findByRole('option', { name: /DOGE/ }, { timeout: 5000 })).toBeVisible();
    },
    SLOW,
  );

  it.each([
    ['en', 'Market analysis', 'Search the coins with a Binance pair', 'No coin found'],
    ['es', 'Análisis de mercado', 'Buscar entre las monedas con par en Binance', 'Ninguna moneda encontrada'],
  ])(
    'speaks %s',
    async (language, title, label, noMatch) => {
      saveSession('token-abc', sampleUser);
      await act(() => i18n.changeLanguage(language));
      const user = userEvent.setup();
      renderPage();
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeVisible();
      await user.type(await searchBox(label), 'qqq');
      expect(await screen.findByText(noMatch)).toBeVisible();
    },
    SLOW,
  );
});

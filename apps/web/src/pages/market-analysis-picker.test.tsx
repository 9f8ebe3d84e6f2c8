import { analysisSymbols } from '@farol/contract';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  analysableCoinsAnswer,
  candlesAnswer,
  subscriptionAnswer,
} from '../features/market/test/market-answers.ts';
import { analysisAnswer } from '../features/signals/test/analysis-answers.ts';
import { i18n } from '../lib/i18n.ts';
import { saveSession } from '../lib/session.ts';
import { errorAnswer, renderRoutes, sampleUser, stubFetch, type StubAnswer } from '../test/render.tsx';
import { SymbolSearch } from '../features/market/components/symbol-search.tsx';
import { MarketAnalysisPage } from './market-analysis-page.tsx';

// jsdom has no canvas: the chart is replaced by a stand-in.
vi.mock('../features/market/components/price-chart.tsx', () => ({ default: () => <p>chart</p> }));

/** GET /api/market-signals/coins through the contract: the ten, then two coins beyond them. */
const coinsAnswer = analysableCoinsAnswer([
  ['DOGE', 'dogecoin', 'Dogecoin'],
  ['TRX', 'tron', 'TRON'],
]);

type CoinsRoute = () => StubAnswer;

function renderPage(coins: CoinsRoute, path = '/market-analysis') {
  saveSession('token-abc', sampleUser);
  const calls = stubFetch((url) => {
    if (url === '/api/user/profile') return { status: 200, body: sampleUser };
    if (url === '/api/subscription/current') return { status: 200, body: subscriptionAnswer('profissional') };
    if (url.startsWith('/api/market-data/candles')) return { status: 200, body: candlesAnswer(40) };
    if (url === '/api/market-signals/coins') return coins();
    if (url.startsWith('/api/market-signals/analysis/LEO'))
      return {
        status: 404,
        body: errorAnswer({
          code: 'coin_without_pair',
          message:
            'LEO não é negociada à vista em par com USDT na Binance: sem candles, não há análise nem sinal',
        }),
      };
    if (url.startsWith('/api/market-signals/analysis/')) {
      const symbol = new URL(url, 'http://web').pathname.split('/').pop()!;
      return { status: 200, body: analysisAnswer(symbol) };
    }
    return { status: 404, body: errorAnswer({ code: 'not_found', message: 'x' }) };
  });
  const view = renderRoutes([{ path: '/market-analysis', element: <MarketAnalysisPage /> }], path);
  return { calls, router: view.router };
}

const searchBox = (name = 'Buscar entre as moedas com par na Binance') =>
  screen.findByRole('combobox', { name }, { timeout: 5000 });

// Pages load their modules on first render: slow on a busy machine, so each test gets longer than the default.
const SLOW = 30_000;

afterEach(async () => {
  await act(() => i18n.changeLanguage('pt-BR'));
});

describe('the market analysis coin picker', () => {
  it(
    'finds a coin beyond the ten by name, analyses it and keeps it in the address',
    async () => {
      const user = userEvent.setup();
      const { calls, router } = renderPage(() => ({ status: 200, body: coinsAnswer }));
      expect(await screen.findByText('Preço de BTC', {}, { timeout: 5000 })).toBeVisible();
      await user.type(await searchBox(), 'dogec');
      const option = await screen.findByRole('option', { name: /DOGE/ });
      expect(option).toHaveTextContent('Dogecoin');
      expect(screen.getAllByRole('option')).toHaveLength(1);
      await user.click(option);
      expect(await screen.findByText('Preço de DOGE', {}, { timeout: 5000 })).toBeVisible();
      expect(calls.some((call) => call.url === '/api/market-signals/analysis/DOGE?currency=BRL')).toBe(true);
      expect(router.state.location.search).toBe('?coin=doge');
      expect(await searchBox()).toHaveValue('DOGE · Dogecoin');
      // the ten stay one tap away; none is pressed while another coin is chosen
      for (const symbol of analysisSymbols)
        expect(screen.getByRole('radio', { name: symbol })).toHaveAttribute('aria-checked', 'false');
      await user.click(screen.getByRole('radio', { name: 'SOL' }));
      expect(await screen.findByText('Preço de SOL', {}, { timeout: 5000 })).toBeVisible();
    },
    SLOW,
  );

  it(
    'puts the exact symbol first and says when nothing matches',
    async () => {
      const user = userEvent.setup();
      renderPage(() => ({ status: 200, body: coinsAnswer }));
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
    'says the list is loading while the coins are on their way',
    async () => {
      const user = userEvent.setup();
      renderRoutes(
        [
          {
            path: '/',
            element: (
              <SymbolSearch
                value="BTC"
                onChange={() => undefined}
                options={[]}
                status={{ state: 'loading' }}
              />
            ),
          },
        ],
        '/',
      );
      await user.click(screen.getByRole('combobox', { name: 'Moeda do gráfico' }));
      expect(screen.getByRole('status')).toHaveTextContent('Carregando moedas…');
      expect(screen.queryByText('Nenhuma moeda encontrada')).toBeNull();
    },
    SLOW,
  );

  it(
    'shows the failure of the coin list with a retry that loads it',
    async () => {
      const user = userEvent.setup();
      let failing = true;
      renderPage(() =>
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

  it(
    'explains a coin without a pair with the server reason and no retry',
    async () => {
      renderPage(() => ({ status: 200, body: coinsAnswer }), '/market-analysis?coin=leo');
      expect(
        await screen.findByText(
          /LEO não é negociada à vista em par com USDT na Binance/,
          {},
          { timeout: 5000 },
        ),
      ).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Tentar Novamente' })).toBeNull();
    },
    SLOW,
  );

  it.each([
    ['en', 'Search the coins with a Binance pair', 'No coin found'],
    ['es', 'Buscar entre las monedas con par en Binance', 'Ninguna moneda encontrada'],
  ])(
    'speaks %s',
    async (language, label, noMatch) => {
      await act(() => i18n.changeLanguage(language));
      const user = userEvent.setup();
      renderPage(() => ({ status: 200, body: coinsAnswer }));
      await user.type(await searchBox(label), 'qqq');
      expect(await screen.findByText(noMatch)).toBeVisible();
    },
    SLOW,
  );
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session.ts';
import { errorAnswer, renderRoutes, sampleUser, stubFetch } from '../../../test/render.tsx';
import type { PlanAccess } from '../hooks/plan-access.ts';
import { coin, pricesAnswer } from '../test/market-answers.ts';
import { CoinListCard } from './coin-list-card.tsx';

const profissional: PlanAccess = { coinsVisible: 500, canSearch: true, canAnalyse: true, isFreePlan: false };

const byRank = Array.from({ length: 12 }, (_, index) => coin(index));
// what the server answers when sorted by the 24 h change, largest first
const byChange = [coin(4, { price_change_percentage_24h: 9.5 }), ...byRank.slice(0, 4)];

/** The card on a page of its own, a stand-in coin page, and a server that sorts as asked. */
function renderCard(access: PlanAccess = profissional) {
  saveSession('token-abc', sampleUser);
  const calls = stubFetch((url, method) => {
    if (method === 'POST' && url === '/api/crypto/toggle-favorite')
      return {
        status: 200,
        body: { success: true, data: { coinId: 'bitcoin', isFavorite: true }, message: 'Bitcoin adicionada' },
      };
    if (url.startsWith('/api/crypto/prices')) {
      const query = new URL(url, 'http://web').searchParams;
      const coins = query.get('sort') === 'change24h' ? byChange : byRank;
      return { status: 200, body: pricesAnswer(coins, Number(query.get('page')), 20) };
    }
    if (url === '/api/crypto/favorites') return { status: 200, body: { success: true, data: [] } };
    return { status: 404, body: errorAnswer({ code: 'not_found', message: 'x' }) };
  });
  const view = renderRoutes(
    [
      { path: '/dashboard', element: <CoinListCard access={access} /> },
      { path: '/coins/:symbol', element: <p>coin page</p> },
    ],
    '/dashboard',
  );
  return { ...view, calls };
}

const pricesCalls = (calls: { url: string }[]) =>
  calls.filter((call) => call.url.startsWith('/api/crypto/prices')).map((call) => call.url);
const firstRow = () => within(screen.getByRole('table')).getAllByRole('row')[1]!;

describe('CoinListCard', () => {
  it('sorts on the server by the header clicked, saying so with aria-sort', async () => {
    const user = userEvent.setup();
    const { calls } = renderCard();
    await screen.findByRole('table', { name: 'Criptomoedas' });
    const rankHeader = screen.getByRole('columnheader', { name: 'Posição por capitalização' });
    const changeHeader = screen.getByRole('columnheader', { name: 'Variação em 24 horas' });
    expect(rankHeader.getAttribute('aria-sort')).toBe('ascending');
    expect(changeHeader.hasAttribute('aria-sort')).toBe(false);
    expect(pricesCalls(calls)).toEqual([
      '/api/crypto/prices?page=1&limit=25&sort=rank&order=asc&currency=BRL',
    ]);
    expect(firstRow().textContent).toContain('Bitcoin');

    await user.click(within(changeHeader).getByRole('button'));
    await waitFor(() => expect(changeHeader.getAttribute('aria-sort')).toBe('descending'));
    expect(rankHeader.hasAttribute('aria-sort')).toBe(false);
    expect(pricesCalls(calls).at(-1)).toBe(
      '/api/crypto/prices?page=1&limit=25&sort=change24h&order=desc&currency=BRL',
    );
    await waitFor(() => expect(firstRow().textContent).toContain('Solana'));

    await user.click(within(changeHeader).getByRole('button'));
    await waitFor(() => expect(changeHeader.getAttribute('aria-sort')).toBe('ascending'));
    expect(pricesCalls(calls).at(-1)).toBe(
      '/api/crypto/prices?page=1&limit=25&sort=change24h&order=asc&currency=BRL',
    );
  });

  it('opens the coin page from a row click and from the name link, but not from the star', async () => {
    const user = userEvent.setup();
    const { router, calls } = renderCard();
    await screen.findByRole('table');
    const link = screen.getByRole('link', { name: 'Bitcoin' });
    expect(link.getAttribute('href')).toBe('/coins/btc');

    await user.click(screen.getByRole('button', { name: 'Adicionar Bitcoin às favoritas' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(router.state.location.pathname).toBe('/dashboard');

    // a click on the price cell, away from the link and the star
    await user.click(within(firstRow()).getByText('R$ 1.000,00'));
    expect(await screen.findByText('coin page')).toBeVisible();
    expect(router.state.location.pathname).toBe('/coins/btc');
  });

  it('shows 1 h, 7 d, volume and a sparkline coloured by the week, and "—" without one', async () => {
    stubFetch(() => ({
      status: 200,
      body: pricesAnswer([
        coin(0),
        coin(1),
        coin(2, { sparkline_7d: null, price_change_percentage_7d: null }),
      ]),
    }));
    renderRoutes([{ path: '/', element: <CoinListCard access={profissional} /> }], '/');
    const table = await screen.findByRole('table');
    const [, bitcoin, ethereum, tether] = within(table).getAllByRole('row');
    expect(within(bitcoin!).getByText('+0,12%')).toBeInTheDocument();
    expect(within(bitcoin!).getByText('+5,50%')).toBeInTheDocument();
    expect(within(bitcoin!).getByText('50,00 bi')).toBeInTheDocument();
    expect(within(bitcoin!).getByTestId('sparkline').getAttribute('class')).toContain('text-success');
    expect(within(bitcoin!).getByTestId('sparkline').getAttribute('aria-hidden')).toBe('true');
    expect(within(ethereum!).getByTestId('sparkline').getAttribute('class')).toContain('text-danger');
    expect(within(tether!).queryByTestId('sparkline')).toBeNull();
  });

  it('falls back to the initials when a logo cannot load or there is none', async () => {
    stubFetch(() => ({
      status: 200,
      body: pricesAnswer([coin(0, { image: 'https://images.example/btc.png' }), coin(1)]),
    }));
    renderRoutes([{ path: '/', element: <CoinListCard access={profissional} /> }], '/');
    const table = await screen.findByRole('table');
    const [, bitcoin, ethereum] = within(table).getAllByRole('row');
    expect(within(ethereum!).getByTestId('coin-initials').textContent).toBe('ETH');
    const logo = bitcoin!.querySelector('img')!;
    expect(logo.getAttribute('src')).toBe('https://images.example/btc.png');
    fireEvent.error(logo);
    expect(within(bitcoin!).getByTestId('coin-initials').textContent).toBe('BTC');
    expect(bitcoin!.querySelector('img')).toBeNull();
  });

  it('asks for 25, 50 or 100 rows per page and starts again from page 1', async () => {
    const user = userEvent.setup();
    const { calls } = renderCard();
    await screen.findByText('Página 1 de 20');
    await user.click(screen.getByRole('button', { name: 'Próxima' }));
    await screen.findByText('Página 2 de 20');
    const select = screen.getByRole('combobox', { name: 'Linhas por página' });
    expect(select).toHaveProperty('value', '25');
    await user.selectOptions(select, '100');
    await waitFor(() =>
      expect(pricesCalls(calls).at(-1)).toBe(
        '/api/crypto/prices?page=1&limit=100&sort=rank&order=asc&currency=BRL',
      ),
    );
  });

  it('offers no page size to a plan that lists fewer coins than the smallest one', async () => {
    const { calls } = renderCard({ coinsVisible: 5, canSearch: false, canAnalyse: false, isFreePlan: true });
    await screen.findByRole('table');
    expect(screen.queryByRole('combobox', { name: 'Linhas por página' })).toBeNull();
    expect(pricesCalls(calls)[0]).toBe('/api/crypto/prices?page=1&limit=5&sort=rank&order=asc&currency=BRL');
  });
});

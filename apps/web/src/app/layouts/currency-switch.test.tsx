import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PlanAccess } from '../../features/market/hooks/plan-access.ts';
import { CoinListCard } from '../../features/market/components/coin-list-card.tsx';
import { coin, pricesAnswer } from '../../features/market/test/market-answers.ts';
import { i18n } from '../../lib/i18n.ts';
import { readSession, saveSession } from '../../lib/session.ts';
import { renderRoutes, sampleUser, stubFetch } from '../../test/render.tsx';
import { CurrencySwitch } from './currency-switch.tsx';

const free: PlanAccess = { coinsVisible: 5, canSearch: false, canAnalyse: false, isFreePlan: true };

/** The top-bar switch beside the coin table, on a server that answers in the currency asked for. */
function renderTableWithSwitch() {
  const calls = stubFetch((url, method) => {
    if (url.startsWith('/api/crypto/prices')) {
      const currency = new URL(url, 'http://web').searchParams.get('currency') === 'USD' ? 'USD' : 'BRL';
      return { status: 200, body: pricesAnswer([coin(0)], 1, 1, 'coingecko', currency) };
    }
    if (url === '/api/user/preferences' && method === 'PUT')
      return {
        status: 200,
        body: { preferences: { ...sampleUser.preferences, currency: 'USD' }, message: 'ok' },
      };
    return { status: 404 };
  });
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <>
            <CurrencySwitch />
            <CoinListCard access={free} />
          </>
        ),
      },
    ],
    '/',
  );
  return calls;
}

const currencyOfCall = (url: string) => new URL(url, 'http://web').searchParams.get('currency');

describe('CurrencySwitch', () => {
  it('shows a pt-BR visitor reais, and dollars after a press, asking the server again and keeping the pick', async () => {
    const calls = renderTableWithSwitch();
    const user = userEvent.setup();
    expect(await within(await screen.findByRole('table')).findByText('R$ 1.000,00')).toBeVisible();
    expect(
      calls.filter((call) => call.url.startsWith('/api/crypto/prices')).map((c) => currencyOfCall(c.url)),
    ).toEqual(['BRL']);

    await user.click(screen.getByRole('button', { name: 'R$: moeda dos preços, Real brasileiro (R$)' }));
    // saving loads on the first press (it needs the contract's schema): a generous wait
    await waitFor(() => expect(localStorage.getItem('farol:currency')).toBe('USD'), { timeout: 5000 });
    expect(await screen.findByText('US$ 1.000,00')).toBeVisible();
    expect(
      screen.getByRole('button', { name: 'US$: moeda dos preços, Dólar americano (US$)' }),
    ).toBeVisible();
    expect(calls.some((call) => currencyOfCall(call.url) === 'USD')).toBe(true);
    // a visitor's pick stays in this browser; nothing is saved on the server
    expect(localStorage.getItem('farol:currency')).toBe('USD');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('shows an English visitor dollars by default', async () => {
    await act(() => i18n.changeLanguage('en'));
    const calls = renderTableWithSwitch();
    expect(await within(await screen.findByRole('table')).findByText('$1,000.00')).toBeVisible();
    expect(screen.getByRole('button', { name: 'US$: price currency, US dollar (US$)' })).toBeVisible();
    expect(currencyOfCall(calls.find((call) => call.url.startsWith('/api/crypto/prices'))!.url)).toBe('USD');
  });

  it('saves a signed-in user’s pick in the account preferences', async () => {
    saveSession('token-abc', sampleUser);
    const calls = renderTableWithSwitch();
    const user = userEvent.setup();
    await within(await screen.findByRole('table')).findByText('R$ 1.000,00');
    await user.click(screen.getByRole('button', { name: /^R\$: moeda dos preços/ }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ currency: 'USD' }),
    );
    expect(readSession()!.user.preferences.currency).toBe('USD');
    expect(await screen.findByText('US$ 1.000,00')).toBeVisible();
    expect(localStorage.getItem('farol:currency')).toBeNull();
  });

  it('credits CoinGecko under the table with a link that says where it goes', async () => {
    renderTableWithSwitch();
    await screen.findByRole('table');
    const link = screen.getByRole('link', { name: 'Dados: CoinGecko, abre o site da CoinGecko em nova aba' });
    expect(link).toHaveAttribute('href', 'https://www.coingecko.com');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});

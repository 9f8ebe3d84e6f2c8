import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n.ts';
import { DataCredit } from './data-credit.tsx';

// The credit names where figures really came from: the answer's own source, never a provider assumed by the card.

const renderCredit = (element: React.ReactElement) =>
  render(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>);

describe('DataCredit', () => {
  it('credits CoinGecko and Binance when the answer came from them', () => {
    renderCredit(
      <>
        <DataCredit source="coingecko" />
        <DataCredit source="binance" lead="BTC/USDT" />
      </>,
    );
    expect(screen.getByRole('link', { name: /CoinGecko/ })).toHaveAttribute(
      'href',
      'https://www.coingecko.com',
    );
    expect(screen.getByRole('link', { name: /Binance/ })).toHaveAttribute('href', 'https://www.binance.com');
  });

  it('credits no one for simulated figures, keeping only what the lead says', () => {
    renderCredit(
      <>
        <DataCredit source="simulated" />
        <DataCredit source="simulated" lead="BTC/USDT × USDT/BRL" />
        <DataCredit source={undefined} />
      </>,
    );
    expect(screen.queryAllByRole('link')).toEqual([]);
    expect(screen.getByText('BTC/USDT × USDT/BRL')).toBeVisible();
  });
});

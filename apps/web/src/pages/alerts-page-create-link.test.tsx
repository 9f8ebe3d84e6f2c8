import {
  alertEventsResponseSchema,
  alertLimitsResponseSchema,
  alertListResponseSchema,
  coinFactsResponseSchema,
} from '@farol/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../lib/session.ts';
import { renderRoutes, sampleUser, stubFetch } from '../test/render.tsx';
import { AlertsPage } from './alerts-page.tsx';

// A coin page's "create alert" opens /alerts?create=btc: the create dialog opens with that coin chosen.

const bitcoin = coinFactsResponseSchema.parse({
  success: true,
  currency: 'BRL',
  data: {
    id: 'bitcoin',
    name: 'Bitcoin',
    symbol: 'BTC',
    image: null,
    price: 79847,
    priceChangePercentage24h: null,
    rank: 1,
    marketCap: null,
    volume24h: null,
    circulatingSupply: null,
    totalSupply: null,
    maxSupply: null,
    high24h: null,
    low24h: null,
    allTimeHigh: null,
    allTimeHighDate: null,
    priceChangePercentage30d: null,
    priceChangePercentage1y: null,
    isFavorite: false,
    isAnalysed: true,
    analysisSymbol: 'BTC',
  },
  source: 'coingecko',
  cache: { isFromCache: true, ageSeconds: 5 },
});

describe('AlertsPage ?create=', () => {
  it('opens the create dialog with the linked coin chosen and drops the parameter', async () => {
    saveSession('token-abc', sampleUser);
    stubFetch((url) => {
      if (url === '/api/user/profile') return { status: 200, body: sampleUser };
      if (url === '/api/market-data/coins/btc?currency=BRL') return { status: 200, body: bitcoin };
      if (url === '/api/alerts')
        return {
          status: 200,
          body: alertListResponseSchema.parse({
            success: true,
            data: [],
            checksPaused: false,
            currency: 'BRL',
          }),
        };
      if (url === '/api/alerts/limits')
        return {
          status: 200,
          body: alertLimitsResponseSchema.parse({
            success: true,
            data: { plan: 'free', maxAlerts: 3, currentAlerts: 0, remaining: 3, advancedAlerts: false },
          }),
        };
      if (url.startsWith('/api/alerts/events'))
        return { status: 200, body: alertEventsResponseSchema.parse({ success: true, data: [] }) };
      return { status: 404 };
    });
    const { router } = renderRoutes([{ path: '/alerts', element: <AlertsPage /> }], '/alerts?create=btc');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('combobox', { name: 'Moeda' })).toHaveValue('Bitcoin (BTC)');
    expect(router.state.location.search).toBe('');
  });
});

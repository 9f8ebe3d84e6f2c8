import {
  alertEventsResponseSchema,
  alertLimitsResponseSchema,
  alertListResponseSchema,
  alertResponseSchema,
  coinFactsResponseSchema,
  type Alert,
} from '@farol/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../lib/session.ts';
import { renderRoutes, sampleUser, stubFetch } from '../test/render.tsx';
import { AlertsPage } from './alerts-page.tsx';

// Alerts as traders make them: thresholds from a chart tap, examples near the price, the channels chosen per
// alert, and each card's distance to its trigger. Bitcoin at R$ 79.847 (a made-up price for these tests).

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

const savedAlert: Alert = alertResponseSchema.shape.data.parse({
  id: 'a-1',
  name: 'BTC faixa',
  type: 'preco',
  coinSymbol: 'BTC',
  coinName: 'Bitcoin',
  conditions: { priceAbove: 110000, priceBelow: 80000 },
  currency: 'BRL',
  cooldownMinutes: 15,
  isActive: true,
  triggeredCount: 0,
  createdAt: '2026-05-02T15:04:00.000Z',
});

/** E-mail and push on in the account; Telegram linked; no webhook (the plan has none: 403). */
function stubServer(alerts: Alert[] = []) {
  saveSession('token-abc', sampleUser);
  const calls = stubFetch((url, method) => {
    if (url === '/api/user/profile') return { status: 200, body: sampleUser };
    if (url === '/api/market-data/coins/btc?currency=BRL') return { status: 200, body: bitcoin };
    if (url === '/api/telegram')
      return {
        status: 200,
        body: { success: true, data: { configured: true, linked: true, botUsername: 'farol_bot' } },
      };
    if (url === '/api/alerts' && method === 'POST') {
      const created = { ...savedAlert, ...(calls.at(-1)!.body as Partial<Alert>) };
      return { status: 201, body: { success: true, data: created, message: 'Alerta criado com sucesso' } };
    }
    if (url === '/api/alerts')
      return {
        status: 200,
        body: alertListResponseSchema.parse({
          success: true,
          data: alerts,
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
    return { status: 403 };
  });
  return calls;
}

describe('AlertsPage: alerts as traders make them', () => {
  it('opens at the price tapped on the chart, with an example near the price for the other side', async () => {
    stubServer();
    renderRoutes([{ path: '/alerts', element: <AlertsPage /> }], '/alerts?create=btc&price=84000.5');
    const dialog = await screen.findByRole('dialog');
    // above the current price: a "price above" alert at the tapped price
    expect(within(dialog).getByLabelText('Preço acima de (R$)')).toHaveValue(84000.5);
    // 5% under R$ 79.847, rounded as a trader would type it
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Preço abaixo de (R$)')).toHaveAttribute('placeholder', '75900'),
    );
  });

  it('sends the channels chosen, starting from the ones set up', async () => {
    const calls = stubServer();
    const user = userEvent.setup();
    renderRoutes([{ path: '/alerts', element: <AlertsPage /> }], '/alerts?create=btc&price=70000');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Preço abaixo de (R$)')).toHaveValue(70000);
    const channels = within(dialog).getByRole('group', { name: 'Avisar por' });
    await waitFor(() => expect(within(channels).getByRole('checkbox', { name: /Telegram/ })).toBeChecked());
    expect(within(channels).getByRole('checkbox', { name: /E-mail/ })).toBeChecked();
    // no webhook listens to alert.fired: not checked, and said so
    expect(within(channels).getByRole('checkbox', { name: /Webhook/ })).not.toBeChecked();
    expect(
      within(channels)
        .getByRole('checkbox', { name: /Webhook/ })
        .closest('label'),
    ).toHaveTextContent('não configurado');
    await user.click(within(channels).getByRole('checkbox', { name: /E-mail/ }));
    await user.click(within(channels).getByRole('checkbox', { name: /Push/ }));
    await user.click(within(channels).getByRole('checkbox', { name: /Telegram/ }));
    // none left: said inline, and nothing can be sent
    expect(within(dialog).getByText('Escolha ao menos um canal.')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Criar alerta' })).toBeDisabled();
    await user.click(within(channels).getByRole('checkbox', { name: /Telegram/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Criar alerta' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')!.body).toMatchObject({
      coinSymbol: 'BTC',
      currency: 'BRL',
      conditions: { priceBelow: 70000 },
      channels: ['telegram'],
    });
  });

  it('sends no channels when the user keeps the ones set up', async () => {
    const calls = stubServer();
    const user = userEvent.setup();
    renderRoutes([{ path: '/alerts', element: <AlertsPage /> }], '/alerts?create=btc&price=90000');
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Criar alerta' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')!.body).not.toHaveProperty('channels');
  });

  it("shows each price trigger's signed distance from the current price", async () => {
    stubServer([savedAlert]);
    renderRoutes([{ path: '/alerts', element: <AlertsPage /> }], '/alerts');
    const card = (await screen.findByRole('heading', { name: 'BTC faixa' })).closest('div.flex-col')!;
    const conditions = await within(card as HTMLElement).findByRole('list', { name: 'Condições' });
    // (110.000 − 79.847) / 79.847 = +37,76%; the R$ 80.000 floor is already above the price
    await waitFor(() => expect(conditions).toHaveTextContent('+37,76% acima do preço atual'));
    expect(conditions).toHaveTextContent('+0,19% já além do gatilho');
    expect(card).toHaveTextContent('Preço atual R$ 79.847,00');
  });
});

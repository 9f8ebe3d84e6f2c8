import {
  alertEventsResponseSchema,
  alertLimitsResponseSchema,
  alertListResponseSchema,
  alertResponseSchema,
  profileSchema,
  type Alert,
  type AlertEvent,
} from '@farol/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AlertsPage } from './alerts-page.tsx';
import { CreateAlertDialog } from '../features/alerts/components/create-alert-dialog.tsx';
import { coin, pricesAnswer } from '../features/market/test/market-answers.ts';
import { i18n } from '../lib/i18n.ts';
import { readSession, saveSession, saveUser } from '../lib/session.ts';
import { network } from '../test/network.ts';
import { errorAnswer, renderRoutes, sampleUser, stubFetch, type RecordedCall } from '../test/render.tsx';

const btcAlert: Alert = alertResponseSchema.shape.data.parse({
  id: 'a-1',
  name: 'BTC acima de 110 mil',
  type: 'preco',
  coinSymbol: 'BTC',
  coinName: 'Bitcoin',
  conditions: { priceAbove: 110000 },
  currency: 'BRL',
  cooldownMinutes: 15,
  isActive: true,
  triggeredCount: 0,
  createdAt: '2026-05-02T15:04:00.000Z',
});

const listedCoins = Array.from({ length: 12 }, (_, index) =>
  coin(index, { symbol: coin(index).symbol.toUpperCase() }),
);

/**
 * The coin list as the server answers it: the plan's whole list (free: 5 coins) or, for a plan with 500,
 * its first coins and the matches of a search.
 */
function coinListAnswer(url: string, hasSearch: boolean) {
  const query = new URL(url, 'http://web').searchParams;
  if (!hasSearch) return pricesAnswer(listedCoins.slice(0, 5));
  const term = query.get('search')?.toLowerCase();
  if (!term) return pricesAnswer(listedCoins, 1, 40);
  return pricesAnswer(
    listedCoins.filter((item) => `${item.name} ${item.symbol}`.toLowerCase().includes(term)),
  );
}

/** A tiny in-memory alerts server built on the contract's answer shapes. */
function stubAlertsServer(
  options: {
    refuseCreate?: boolean;
    checksPaused?: boolean;
    advancedAlerts?: boolean;
    events?: AlertEvent[];
  } = {},
) {
  const alerts: Alert[] = [];
  const plan = options.advancedAlerts
    ? { plan: 'profissional', maxAlerts: 100 }
    : { plan: 'free', maxAlerts: 3 };
  const limits = () =>
    alertLimitsResponseSchema.parse({
      success: true,
      data: {
        ...plan,
        currentAlerts: alerts.length,
        remaining: plan.maxAlerts - alerts.length,
        advancedAlerts: options.advancedAlerts ?? false,
      },
    });
  const calls: RecordedCall[] = stubFetch((url, method) => {
    if (url.startsWith('/api/crypto/prices'))
      return { status: 200, body: coinListAnswer(url, options.advancedAlerts ?? false) };
    if (url === '/api/user/profile') return { status: 200, body: profileSchema.parse(sampleUser) };
    if (url === '/api/alerts' && method === 'GET')
      return {
        status: 200,
        body: alertListResponseSchema.parse({
          success: true,
          data: alerts,
          checksPaused: options.checksPaused ?? false,
          currency: 'BRL',
        }),
      };
    if (url === '/api/alerts/limits') return { status: 200, body: limits() };
    if (url.startsWith('/api/alerts/events'))
      return {
        status: 200,
        body: alertEventsResponseSchema.parse({ success: true, data: options.events ?? [] }),
      };
    if (url === '/api/alerts' && method === 'POST') {
      if (options.refuseCreate) {
        return {
          status: 403,
          body: {
            ...errorAnswer({
              code: 'alert_limit_reached',
              message: 'Limite de alertas do seu plano atingido (3).',
            }),
            requiresUpgrade: true,
          },
        };
      }
      // the alert as asked for: its name, coin, type and conditions come back on the card
      const asked = calls.at(-1)!.body as Pick<
        Alert,
        'name' | 'type' | 'conditions' | 'coinSymbol' | 'coinName' | 'currency'
      >;
      const created = { ...btcAlert, ...asked };
      alerts.push(created);
      return { status: 201, body: { success: true, data: created, message: 'Alerta criado com sucesso' } };
    }
    if (url === '/api/alerts/a-1/toggle') {
      alerts[0] = { ...alerts[0]!, isActive: !alerts[0]!.isActive };
      return { status: 200, body: { success: true, data: alerts[0], message: 'Alerta desativado' } };
    }
    if (url === '/api/alerts/a-1' && method === 'DELETE') {
      alerts.splice(0, 1);
      return { status: 200, body: { success: true, message: 'Alerta excluído' } };
    }
    return { status: 404 };
  });
  return { calls, alerts };
}

type User = ReturnType<typeof userEvent.setup>;

/** Types in the coin picker and chooses the first option with Enter. */
async function chooseCoin(user: User, dialog: HTMLElement, text: string) {
  const picker = within(dialog).getByRole('combobox', { name: 'Moeda' });
  await user.clear(picker);
  await user.type(picker, text);
  await within(dialog).findByRole('option', { name: /^BTC Bitcoin/ });
  await user.keyboard('{Enter}');
  expect(picker).toHaveProperty('value', 'Bitcoin (BTC)');
  // the choice closes the list and leaves the focus on the combobox
  expect(picker).toHaveFocus();
  expect(picker).toHaveAttribute('aria-expanded', 'false');
}

/** Opens the create dialog on a BTC alert of the advanced type, named `name`. */
async function openAdvancedDialog(user: User, name: string) {
  await user.click(await screen.findByRole('button', { name: 'Criar primeiro alerta' }));
  const dialog = await screen.findByRole('dialog');
  await chooseCoin(user, dialog, 'bitc');
  await user.selectOptions(within(dialog).getByLabelText('Tipo'), 'avancado');
  await user.clear(within(dialog).getByLabelText('Nome do alerta'));
  await user.type(within(dialog).getByLabelText('Nome do alerta'), name);
  return dialog;
}

async function fillCreateDialog(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Criar primeiro alerta' }));
  const dialog = await screen.findByRole('dialog');
  const submit = within(dialog).getByRole('button', { name: 'Criar alerta' });
  expect(submit).toHaveProperty('disabled', true);
  await chooseCoin(user, dialog, 'btc');
  // the name is suggested from the coin and the type until the user writes one
  const name = within(dialog).getByLabelText('Nome do alerta');
  expect(name).toHaveProperty('value', 'BTC · Preço');
  await user.clear(name);
  expect(submit).toHaveProperty('disabled', true);
  await user.type(name, 'BTC acima de 110 mil');
  await user.type(within(dialog).getByLabelText('Preço acima de (R$)'), '110000');
  expect(submit).toHaveProperty('disabled', false);
  return { dialog, submit };
}

function renderAlerts() {
  saveSession('token-abc', sampleUser);
  return renderRoutes([{ path: '/alerts', element: <AlertsPage /> }], '/alerts');
}

// Whole journeys through dialogs: slower than a unit test on a shared 2-core machine.
describe('AlertsPage', { timeout: 20_000 }, () => {
  it('says the alerts are paused while the market is simulated, and nothing when checks run', async () => {
    stubAlertsServer({ checksPaused: true });
    const view = renderAlerts();
    const title = await screen.findByText(
      'Alertas pausados: o mercado exibido é simulado',
      {},
      { timeout: 5000 },
    );
    expect(title.closest('[role="status"]')?.textContent).toContain('nada dispara e nada se rearma');
    view.unmount();
    stubAlertsServer({ checksPaused: false });
    renderAlerts();
    await screen.findByRole('button', { name: 'Criar primeiro alerta' }, { timeout: 5000 });
    expect(screen.queryByText('Alertas pausados: o mercado exibido é simulado')).toBeNull();
  });

  it('keeps an alert in the currency it was set in after the display switches, and sets new ones in the new one', async () => {
    const { alerts } = stubAlertsServer();
    alerts.push(btcAlert);
    const user = userEvent.setup();
    renderAlerts();
    expect(await screen.findByText('Preço acima de R$ 110.000,00')).toBeVisible();
    // the user switches the display to dollars (top bar or settings: the stored preferences follow)
    const session = readSession()!;
    act(() => saveUser({ ...session.user, preferences: { ...session.user.preferences, currency: 'USD' } }));
    await user.click(await screen.findByRole('button', { name: 'Criar alerta' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Preço acima de (US$)')).toBeVisible();
    // the card still compares against, and shows, the price in reais
    expect(screen.getByText('Preço acima de R$ 110.000,00')).toBeInTheDocument();
  });

  it('creates an alert from the empty state, then toggles and deletes it after confirmation', async () => {
    const { calls } = stubAlertsServer();
    const user = userEvent.setup();
    renderAlerts();
    expect(await screen.findByText('Nenhum alerta ainda')).toBeVisible();
    expect(await screen.findByText('0 de 3 alertas em uso · 3 restantes')).toBeVisible();

    const { submit } = await fillCreateDialog(user);
    // quiet for an hour after each firing instead of the default 15 minutes
    await user.selectOptions(screen.getByLabelText('Avisar de novo só depois de'), '60');
    await user.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      name: 'BTC acima de 110 mil',
      type: 'preco',
      coinSymbol: 'BTC',
      coinName: 'Bitcoin',
      conditions: { priceAbove: 110000 },
      cooldownMinutes: 60,
      // set in the display currency (R$ for pt-BR)
      currency: 'BRL',
    });
    expect(await screen.findByText('Preço acima de R$ 110.000,00')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Bitcoin (BTC)' }).getAttribute('href')).toBe('/coins/btc');
    expect(screen.getByText('Ainda não disparado')).toBeVisible();
    expect(await screen.findByText('1 de 3 alertas em uso · 2 restantes')).toBeVisible();

    await user.click(screen.getByRole('switch', { name: 'Alerta BTC acima de 110 mil ativo' }));
    expect(await screen.findByText('Alerta desativado')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('switch').getAttribute('aria-checked')).toBe('false'));

    await user.click(screen.getByRole('button', { name: 'Excluir alerta BTC acima de 110 mil' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Nenhum alerta ainda')).toBeVisible();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('keeps the dialog open with a limit-reached toast when the plan refuses', async () => {
    stubAlertsServer({ refuseCreate: true });
    const user = userEvent.setup();
    renderAlerts();
    const { submit, dialog } = await fillCreateDialog(user);
    await user.click(submit);
    expect(await screen.findByText('Limite atingido')).toBeVisible();
    expect(screen.getByText('Limite de alertas do seu plano atingido (3).')).toBeVisible();
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(within(dialog).getByLabelText('Nome do alerta')).toHaveProperty('value', 'BTC acima de 110 mil');
  });

  it('asks for a condition before calling the server', async () => {
    const { calls } = stubAlertsServer();
    const user = userEvent.setup();
    renderAlerts();
    const { dialog, submit } = await fillCreateDialog(user);
    await user.clear(within(dialog).getByLabelText('Preço acima de (R$)'));
    await user.click(submit);
    expect(await within(dialog).findByText('Preencha ao menos uma condição.')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('offers the advanced conditions to profissional and sends them', async () => {
    const { calls } = stubAlertsServer({ advancedAlerts: true });
    const user = userEvent.setup();
    renderAlerts();
    const dialog = await openAdvancedDialog(user, 'BTC avançado');
    expect(within(dialog).getByRole('group', { name: 'Alertas avançados' })).toBeVisible();
    await user.type(within(dialog).getByLabelText('Variação acima de (%)'), '5');
    await user.selectOptions(within(dialog).getByLabelText('Em'), '24h');
    await user.selectOptions(within(dialog).getByLabelText('Sinal vira para'), 'buy');
    await user.selectOptions(within(dialog).getByLabelText('Preço cruza'), 'support');
    await user.click(within(dialog).getByRole('button', { name: 'Criar alerta' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      name: 'BTC avançado',
      type: 'avancado',
      coinSymbol: 'BTC',
      coinName: 'Bitcoin',
      conditions: { changeAbovePercent: 5, changeWindow: '24h', signalTurns: 'buy', levelCross: 'support' },
      cooldownMinutes: 15,
      currency: 'BRL',
    });
    expect(await screen.findByText('Variação de mais de 5,00% em 24 h')).toBeVisible();
    expect(screen.getByText('Sinal vira para compra')).toBeVisible();
    expect(screen.getByText('Preço cruza abaixo do suporte mais próximo')).toBeVisible();
  });

  it('asks for a valid change before calling the server', async () => {
    const { calls } = stubAlertsServer({ advancedAlerts: true });
    const user = userEvent.setup();
    renderAlerts();
    const dialog = await openAdvancedDialog(user, 'BTC');
    await user.type(within(dialog).getByLabelText('Variação acima de (%)'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Criar alerta' }));
    expect(await within(dialog).findByText('A variação deve ser maior que zero.')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('shows the advanced conditions locked, with the way to Profissional, to other plans', async () => {
    const { calls } = stubAlertsServer({ advancedAlerts: false });
    const user = userEvent.setup();
    renderAlerts();
    const dialog = await openAdvancedDialog(user, 'BTC avançado');
    expect(within(dialog).getByText(/fazem parte do plano Profissional/)).toBeVisible();
    expect(within(dialog).getByRole('link', { name: 'Conhecer o Profissional' }).getAttribute('href')).toBe(
      '/pricing',
    );
    expect(within(dialog).queryByLabelText('Variação acima de (%)')).toBeNull();
    const submit = within(dialog).getByRole('button', { name: 'Criar alerta' });
    expect(submit).toHaveProperty('disabled', true);
    await user.selectOptions(within(dialog).getByLabelText('Tipo'), 'preco');
    expect(within(dialog).getByLabelText('Preço acima de (R$)')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('says what happened in each advanced firing', async () => {
    const event = (condition: AlertEvent['condition'], values: Partial<AlertEvent>): AlertEvent => ({
      id: `e-${condition}`,
      alertId: 'a-1',
      alertName: 'BTC avançado',
      type: 'avancado',
      coinSymbol: 'BTC',
      condition,
      observedValue: 0,
      threshold: 0,
      currency: 'USD',
      triggeredAt: '2026-05-02T15:04:00.000Z',
      ...values,
    });
    stubAlertsServer({
      events: [
        event('changeAbovePercent', { observedValue: -6.5, threshold: 5, detail: { window: '1h' } }),
        event('signalTurns', { observedValue: 52, threshold: 15, detail: { signal: 'strong_buy' } }),
        event('levelCross', { observedValue: 94_500, threshold: 95_000, detail: { side: 'support' } }),
      ],
    });
    renderAlerts();
    expect(await screen.findByText('Caiu 6,50% em 1 h (limite 5,00%)')).toBeVisible();
    expect(screen.getByText('Sinal virou para compra forte (força 52,00%)')).toBeVisible();
    expect(screen.getByText('Cruzou abaixo do suporte em US$ 95.000,00 (preço US$ 94.500,00)')).toBeVisible();
    for (const link of screen.getAllByRole('link', { name: 'BTC' }))
      expect(link.getAttribute('href')).toBe('/coins/btc');
  });

  it('finds coins with the server search as the user types and chooses one with the keyboard', async () => {
    const { calls } = stubAlertsServer({ advancedAlerts: true });
    const user = userEvent.setup();
    renderAlerts();
    await user.click(await screen.findByRole('button', { name: 'Criar primeiro alerta' }));
    const dialog = await screen.findByRole('dialog');
    const picker = within(dialog).getByRole('combobox', { name: 'Moeda' });
    await user.type(picker, 'eth');
    const optionTexts = () =>
      within(within(dialog).getByRole('listbox', { name: 'Moedas' }))
        .getAllByRole('option')
        .map((option) => option.textContent?.replace(/\u00a0/g, ' '));
    // the initials stand in for the logo (aria-hidden), then symbol, name and price
    await waitFor(() =>
      expect(optionTexts()).toEqual(['ETHETH Ethereum R$ 500,00', 'TETTETH Tether R$ 333,33']),
    );
    expect(calls.some((call) => call.url.endsWith('&search=eth&currency=BRL'))).toBe(true);

    await user.clear(picker);
    await user.type(picker, 'o');
    await waitFor(() => expect(optionTexts()).toHaveLength(5));
    const [first, second] = within(within(dialog).getByRole('listbox')).getAllByRole('option');
    expect(picker.getAttribute('aria-activedescendant')).toBe(first!.id);
    await user.keyboard('{ArrowDown}');
    expect(picker.getAttribute('aria-activedescendant')).toBe(second!.id);
    expect(second!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Escape}');
    // Escape closes the list, not the dialog
    expect(picker.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('dialog')).toBe(dialog);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(picker).toHaveProperty('value', 'Solana (SOLA)');
    expect(within(dialog).getByText('Preço atual: R$ 200,00')).toBeVisible();
  });

  it('says the alert as a sentence that follows the fields, in each language', async () => {
    stubAlertsServer();
    const user = userEvent.setup();
    renderAlerts();
    await user.click(await screen.findByRole('button', { name: 'Criar primeiro alerta' }));
    const dialog = await screen.findByRole('dialog');
    const region = within(dialog).getByRole('region', { name: 'Resumo do alerta' });
    // Intl writes a no-break space between the currency and the amount
    const summary = {
      get textContent() {
        return region.textContent?.replace(/\u00a0/g, ' ');
      },
    };
    expect(summary.textContent).toBe(
      'Escolha a moeda e preencha uma condição para ver o alerta em uma frase.',
    );
    await chooseCoin(user, dialog, 'btc');
    await user.type(within(dialog).getByLabelText('Preço acima de (R$)'), '100000');
    expect(summary.textContent).toBe('Avisar quando BTC ficar acima de R$ 100.000,00');
    await user.type(within(dialog).getByLabelText('Preço abaixo de (R$)'), '90000');
    expect(summary.textContent).toBe(
      'Avisar quando BTC ficar acima de R$ 100.000,00 ou BTC ficar abaixo de R$ 90.000,00',
    );
    await act(() => i18n.changeLanguage('en'));
    expect(summary.textContent).toBe(
      'Notify me when BTC goes above $100,000.00 or BTC goes below $90,000.00',
    );
    await act(() => i18n.changeLanguage('es'));
    expect(summary.textContent).toBe('Avisarme cuando BTC supere 100.000,00 US$ o BTC baje de 90.000,00 US$');
    await act(() => i18n.changeLanguage('pt-BR'));
    await user.selectOptions(within(dialog).getByLabelText('Tipo'), 'tecnico');
    await user.type(within(dialog).getByLabelText('RSI acima de'), '70');
    expect(summary.textContent).toBe('Avisar quando o RSI(14) de BTC ficar acima de 70,0');
  });

  it('refuses, before saving, a type that reads candles for a coin without a Binance pair', async () => {
    const { calls } = stubAlertsServer();
    const user = userEvent.setup();
    renderAlerts();
    await user.click(await screen.findByRole('button', { name: 'Criar primeiro alerta' }));
    const dialog = await screen.findByRole('dialog');
    const picker = within(dialog).getByRole('combobox', { name: 'Moeda' });
    await user.type(picker, 'teth');
    await user.click(await within(dialog).findByRole('option', { name: /^TETH Tether/ }));
    await user.type(within(dialog).getByLabelText('Preço acima de (R$)'), '2');
    const submit = within(dialog).getByRole('button', { name: 'Criar alerta' });
    expect(submit).toHaveProperty('disabled', false);
    await user.selectOptions(within(dialog).getByLabelText('Tipo'), 'tecnico');
    expect(within(dialog).getByText(/vale para as moedas com par USDT na Binance/)).toBeVisible();
    expect(picker.getAttribute('aria-invalid')).toBe('true');
    expect(submit).toHaveProperty('disabled', true);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('says when the coins cannot be loaded and lists them after a retry', async () => {
    stubAlertsServer();
    let failing = true;
    network.use(
      http.get('*/api/crypto/prices', () =>
        failing
          ? HttpResponse.json(errorAnswer({ code: 'upstream_unavailable', message: 'x' }), { status: 503 })
          : undefined,
      ),
    );
    const user = userEvent.setup();
    renderAlerts();
    await user.click(await screen.findByRole('button', { name: 'Criar primeiro alerta' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: 'Moeda' }));
    expect(
      await within(dialog).findByText('Não foi possível carregar as moedas.', {}, { timeout: 8000 }),
    ).toBeVisible();
    failing = false;
    await user.click(within(dialog).getByRole('button', { name: 'Tentar Novamente' }));
    expect(await within(dialog).findByRole('option', { name: /^BTC Bitcoin/ })).toBeVisible();
  });

  it('opens at once with the coin a page asked for', async () => {
    stubAlertsServer();
    saveSession('token-abc', sampleUser);
    renderRoutes(
      [
        {
          path: '/alerts',
          element: (
            <CreateAlertDialog triggerLabel="Criar alerta" initialCoin={{ symbol: 'BTC', name: 'Bitcoin' }} />
          ),
        },
      ],
      '/alerts',
    );
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Moeda' })).toHaveProperty(
        'value',
        'Bitcoin (BTC)',
      ),
    );
    // the price arrives with the coin list, which may answer after the coin was chosen
    expect(await within(dialog).findByText('Preço atual: R$ 1.000,00')).toBeVisible();
    expect(within(dialog).getByLabelText('Nome do alerta')).toHaveProperty('value', 'BTC · Preço');
  });
});

import {
  alertEventsResponseSchema,
  alertLimitsResponseSchema,
  alertListResponseSchema,
  alertResponseSchema,
  profileSchema,
  type Alert,
  type AlertEvent,
} from '@farol/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AlertsPage } from './alerts-page.tsx';
import { saveSession } from '../lib/session.ts';
import { errorAnswer, renderRoutes, sampleUser, stubFetch, type RecordedCall } from '../test/render.tsx';

const btcAlert: Alert = alertResponseSchema.shape.data.parse({
  id: 'a-1',
  name: 'BTC acima de 110 mil',
  type: 'preco',
  coinSymbol: 'BTC',
  coinName: 'Bitcoin',
  conditions: { priceAbove: 110000 },
  isActive: true,
  triggeredCount: 0,
  createdAt: '2026-05-02T15:04:00.000Z',
});

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
    if (url === '/api/user/profile') return { status: 200, body: profileSchema.parse(sampleUser) };
    if (url === '/api/alerts' && method === 'GET')
      return {
        status: 200,
        body: alertListResponseSchema.parse({
          success: true,
          data: alerts,
          checksPaused: options.checksPaused ?? false,
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
      // the alert as asked for: its type and conditions come back on the card
      const asked = calls.at(-1)!.body as Pick<Alert, 'name' | 'type' | 'conditions'>;
      const created = { ...btcAlert, name: asked.name, type: asked.type, conditions: asked.conditions };
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

/** Opens the create dialog on a BTC alert of the advanced type, named `name`. */
async function openAdvancedDialog(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('button', { name: 'Criar primeiro alerta' }));
  const dialog = await screen.findByRole('dialog');
  await user.type(within(dialog).getByLabelText('Nome do alerta'), name);
  await user.type(within(dialog).getByLabelText('Símbolo da moeda'), 'btc');
  await user.type(within(dialog).getByLabelText('Nome da moeda'), 'Bitcoin');
  await user.selectOptions(within(dialog).getByLabelText('Tipo'), 'avancado');
  return dialog;
}

async function fillCreateDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Criar primeiro alerta' }));
  const dialog = await screen.findByRole('dialog');
  const submit = within(dialog).getByRole('button', { name: 'Criar alerta' });
  expect(submit).toHaveProperty('disabled', true);
  await user.type(within(dialog).getByLabelText('Nome do alerta'), 'BTC acima de 110 mil');
  await user.type(within(dialog).getByLabelText('Símbolo da moeda'), 'btc');
  expect(within(dialog).getByLabelText('Símbolo da moeda')).toHaveProperty('value', 'BTC');
  expect(submit).toHaveProperty('disabled', true);
  await user.type(within(dialog).getByLabelText('Nome da moeda'), 'Bitcoin');
  await user.type(within(dialog).getByLabelText('Preço acima de (US$)'), '110000');
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

  it('creates an alert from the empty state, then toggles and deletes it after confirmation', async () => {
    const { calls } = stubAlertsServer();
    const user = userEvent.setup();
    renderAlerts();
    expect(await screen.findByText('Nenhum alerta ainda')).toBeVisible();
    expect(await screen.findByText('0 de 3 alertas em uso · 3 restantes')).toBeVisible();

    const { submit } = await fillCreateDialog(user);
    await user.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      name: 'BTC acima de 110 mil',
      type: 'preco',
      coinSymbol: 'BTC',
      coinName: 'Bitcoin',
      conditions: { priceAbove: 110000 },
    });
    expect(await screen.findByText('Preço acima de US$ 110.000,00')).toBeVisible();
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
    await user.clear(within(dialog).getByLabelText('Preço acima de (US$)'));
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
    expect(within(dialog).getByLabelText('Preço acima de (US$)')).toBeVisible();
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
  });
});

import {
  changePreviewResponseSchema,
  currentSubscriptionResponseSchema,
  plansResponseSchema,
  type PlanId,
  type PlanLimitsView,
} from '@farol/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { saveSession } from '../../../lib/session.ts';
import {
  errorAnswer,
  landingRoute,
  renderRoutes,
  sampleUser,
  stubFetch,
  type StubAnswer,
} from '../../../test/render.tsx';
import { PlanGrid } from './plan-grid.tsx';

const leaveSite = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/leave-site.ts', () => ({ leaveSite }));

const limits: PlanLimitsView = {
  dailyConversations: 5,
  coinsVisible: 10,
  coinList: 'main',
  marketSignals: 5,
  advancedAnalysis: false,
  coinSearch: false,
  alerts: 10,
  advancedAlerts: false,
};
const plan = (
  id: 'free' | 'iniciante' | 'profissional' | 'enterprise',
  name: string,
  price: number | 'Personalizado',
) => ({
  id,
  name,
  description: `Plano ${name}`,
  price,
  currency: 'BRL',
  interval: 'month',
  features: [`Recurso de ${name}`],
  limitations: [],
  limits,
  ...(id === 'profissional' ? { popular: true } : {}),
  ...(id === 'enterprise' ? { contactSales: true } : {}),
});

function plansAnswer(checkout: boolean, options: { yearly?: boolean } = {}) {
  const yearly = (price: number) => (options.yearly ? { yearlyPrice: price * 10 } : {});
  return plansResponseSchema.parse({
    success: true,
    data: [
      plan('free', 'Gratuito', 0),
      { ...plan('iniciante', 'Iniciante', 49), ...yearly(49) },
      { ...plan('profissional', 'Profissional', 149), ...yearly(149) },
      plan('enterprise', 'Enterprise', 'Personalizado'),
    ],
    billing: { checkout, ...(options.yearly !== undefined ? { yearly: options.yearly } : {}) },
  });
}

function currentAnswer(id: PlanId, options: { grantedByAdmin?: boolean } = {}) {
  return currentSubscriptionResponseSchema.parse({
    success: true,
    data: {
      plan: { id, name: id, price: 0, interval: 'month', features: [], limits },
      isActive: id !== 'free',
      subscription: {
        cancelAtPeriodEnd: false,
        currentPeriodEnd: id === 'free' ? null : '2026-12-20T12:00:00.000Z',
        isAdmin: false,
        status: 'active',
        grantedByAdmin: Boolean(options.grantedByAdmin),
      },
    },
  });
}

function previewAnswer(
  change: 'upgrade' | 'downgrade',
  amountDue: number,
  effectiveAt: string,
  prorationDate: number | null,
) {
  return changePreviewResponseSchema.parse({
    success: true,
    data: {
      plan: change === 'upgrade' ? 'profissional' : 'iniciante',
      change,
      amountDue,
      currency: 'BRL',
      effectiveAt,
      prorationDate,
    },
  });
}

function renderGrid(routes: Record<string, StubAnswer>, options: { signedIn?: boolean } = {}) {
  if (options.signedIn !== false) saveSession('token-abc', sampleUser);
  const calls = stubFetch(
    (url, method) =>
      routes[`${method} ${url}`] ?? { status: 404, body: errorAnswer({ code: 'not_found', message: 'Não' }) },
  );
  renderRoutes(
    [{ path: '/pricing', element: <PlanGrid /> }, landingRoute('/settings'), landingRoute('/contact')],
    '/pricing',
  );
  return calls;
}

const card = async (name: string) => screen.findByRole('region', { name });

describe('PlanGrid', () => {
  it('shows every paid plan with a disabled "Em breve" and says so while plans cannot be bought', async () => {
    renderGrid({
      'GET /api/subscription/plans': { status: 200, body: plansAnswer(false) },
      'GET /api/subscription/current': { status: 200, body: currentAnswer('free') },
    });
    for (const name of ['Iniciante', 'Profissional', 'Enterprise']) {
      const button = within(await card(name)).getByRole('button', { name: 'Em breve' });
      expect(button).toBeDisabled();
    }
    expect(
      screen.getByText('As assinaturas pagas abrem em breve. Enquanto isso, use o plano Gratuito.'),
    ).toBeVisible();
  });

  it('sends a visitor to create an account first, and Enterprise to sales', async () => {
    renderGrid(
      { 'GET /api/subscription/plans': { status: 200, body: plansAnswer(true) } },
      { signedIn: false },
    );
    const signUp = within(await card('Iniciante')).getByRole('link', { name: 'Criar conta e assinar' });
    expect(signUp.getAttribute('href')).toBe('/register?next=%2Fpricing');
    expect(
      within(await card('Enterprise'))
        .getByRole('link', { name: 'Falar com vendas' })
        .getAttribute('href'),
    ).toBe('/contact');
  });

  it('starts Stripe Checkout for the chosen plan and leaves for it', async () => {
    const calls = renderGrid({
      'GET /api/subscription/plans': { status: 200, body: plansAnswer(true) },
      'GET /api/subscription/current': { status: 200, body: currentAnswer('free') },
      'POST /api/subscription/checkout': {
        status: 200,
        body: { success: true, data: { url: 'https://checkout.stripe.com/c/pay/cs_9', sessionId: 'cs_9' } },
      },
    });
    await userEvent.click(within(await card('Iniciante')).getByRole('button', { name: 'Assinar Iniciante' }));
    await waitFor(() => expect(leaveSite).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_9'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ planId: 'iniciante' });
  });

  it('lets a paying user manage the current plan in the portal, and schedules a downgrade for the date it shows (en)', async () => {
    await i18n.changeLanguage('en');
    const calls = renderGrid({
      'GET /api/subscription/plans': { status: 200, body: plansAnswer(true) },
      'GET /api/subscription/current': { status: 200, body: currentAnswer('profissional') },
      'POST /api/subscription/portal': {
        status: 200,
        body: { success: true, data: { url: 'https://billing.stripe.com/p/session/bps_1' } },
      },
      'GET /api/subscription/change-preview?plan=iniciante': {
        status: 200,
        body: previewAnswer('downgrade', 0, '2026-12-20T12:00:00.000Z', null),
      },
      'POST /api/subscription/checkout': {
        status: 200,
        body: {
          success: true,
          data: {
            url: '/settings',
            sessionId: null,
            pendingPlan: 'iniciante',
            message: 'Change to the Iniciante plan scheduled for December 20, 2026.',
          },
        },
      },
    });
    const current = await card('Profissional');
    await userEvent.click(within(current).getByRole('button', { name: 'Manage subscription' }));
    await waitFor(() => expect(leaveSite).toHaveBeenCalledWith('https://billing.stripe.com/p/session/bps_1'));

    await userEvent.click(
      within(await card('Iniciante')).getByRole('button', { name: 'Switch to Iniciante' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Switch to Iniciante at the end of the period',
    });
    expect(
      within(dialog).getByText(
        'You keep your current plan until December 20, 2026; from then on the Iniciante plan applies and renews at its price. Nothing is charged now.',
      ),
    ).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule for December 20, 2026' }));
    expect(await screen.findByText('landed on /settings')).toBeVisible();
    expect(
      await screen.findByText('Change to the Iniciante plan scheduled for December 20, 2026.'),
    ).toBeVisible();
    expect(
      calls.filter((call) => call.url === '/api/subscription/checkout').map((call) => call.body),
    ).toEqual([{ planId: 'iniciante' }]);
  });

  it('asks a paying user to confirm an upgrade with the amount Stripe charges now, then applies it', async () => {
    const calls = renderGrid({
      'GET /api/subscription/plans': { status: 200, body: plansAnswer(true) },
      'GET /api/subscription/current': { status: 200, body: currentAnswer('iniciante') },
      'GET /api/subscription/change-preview?plan=profissional': {
        status: 200,
        body: previewAnswer('upgrade', 66.66, '2026-11-28T12:00:00.000Z', 1764331200),
      },
      'POST /api/subscription/checkout': {
        status: 200,
        body: {
          success: true,
          data: {
            url: '/settings?subscription=upgraded',
            sessionId: null,
            upgradedTo: 'profissional',
            message: 'Pronto: o plano Profissional já está ativo.',
          },
        },
      },
    });
    await userEvent.click(
      within(await card('Profissional')).getByRole('button', { name: 'Mudar para Profissional' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Mudar para Profissional agora' });
    // nothing is bought before the amount is known and confirmed
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    const pay = await within(dialog).findByRole('button', { name: /^Pagar R\$\s66,66 e mudar agora$/ });
    expect(within(dialog).getByText(/Serão cobrados R\$\s66,66 agora no cartão da assinatura/)).toBeVisible();
    await userEvent.click(pay);
    expect(await screen.findByText('landed on /settings')).toBeVisible();
    expect(await screen.findByText('Pronto: o plano Profissional já está ativo.')).toBeVisible();
    expect(
      calls.filter((call) => call.url === '/api/subscription/checkout').map((call) => call.body),
    ).toEqual([{ planId: 'profissional', prorationDate: 1764331200 }]);
  });

  it('shows a failed preview with a retry, keeps the payment closed until it answers, and goes back without buying (es)', async () => {
    await i18n.changeLanguage('es');
    const routes: Record<string, StubAnswer> = {
      'GET /api/subscription/plans': { status: 200, body: plansAnswer(true) },
      'GET /api/subscription/current': { status: 200, body: currentAnswer('iniciante') },
      'GET /api/subscription/change-preview?plan=profissional': {
        status: 502,
        body: errorAnswer({ code: 'billing_provider_error', message: 'El proveedor de pagos no respondió.' }),
      },
    };
    const calls = renderGrid(routes);
    await userEvent.click(
      within(await card('Profissional')).getByRole('button', { name: 'Cambiar a Profissional' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar a Profissional ahora' });
    expect(await within(dialog).findByText('No se pudo calcular el importe del cambio.')).toBeVisible();
    expect(within(dialog).getByText('El proveedor de pagos no respondió.')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Confirmar' })).toBeDisabled();
    routes['GET /api/subscription/change-preview?plan=profissional'] = {
      status: 200,
      body: previewAnswer('upgrade', 66.66, '2026-11-28T12:00:00.000Z', 1764331200),
    };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Intentar de nuevo' }));
    const pay = await within(dialog).findByRole('button', { name: /^Pagar 66,66\sR\$ y cambiar ahora$/ });
    expect(pay).toBeEnabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Volver' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it.each([
    ['pt-BR', 'Cobrança', 'Mensal', 'Anual 2 meses grátis', '/mês', '/ano', 'Assinar Iniciante'],
    ['en', 'Billing', 'Monthly', 'Annual 2 months free', '/month', '/year', 'Subscribe to Iniciante'],
    ['es', 'Facturación', 'Mensual', 'Anual 2 meses gratis', '/mes', '/año', 'Suscribirse a Iniciante'],
  ])(
    'switches the cards between monthly and annual prices and checks out the year chosen (%s)',
    async (language, group, month, year, perMonth, perYear, subscribe) => {
      await i18n.changeLanguage(language);
      const calls = renderGrid({
        'GET /api/subscription/plans': { status: 200, body: plansAnswer(true, { yearly: true }) },
        'GET /api/subscription/current': { status: 200, body: currentAnswer('free') },
        'POST /api/subscription/checkout': {
          status: 200,
          body: { success: true, data: { url: 'https://checkout.stripe.com/c/pay/cs_7', sessionId: 'cs_7' } },
        },
      });
      const switcher = await screen.findByRole('radiogroup', { name: group });
      const monthly = within(switcher).getByRole('radio', { name: month });
      expect(monthly).toHaveAttribute('aria-checked', 'true');
      const iniciante = await card('Iniciante');
      expect(within(iniciante).getByText(perMonth)).toBeVisible();
      expect(within(iniciante).getByText(/49/)).toBeVisible();
      await userEvent.click(within(switcher).getByRole('radio', { name: year }));
      expect(within(switcher).getByRole('radio', { name: year })).toHaveAttribute('aria-checked', 'true');
      expect(within(iniciante).getByText(perYear)).toBeVisible();
      expect(within(iniciante).getByText(/490/)).toBeVisible();
      expect(within(await card('Profissional')).getByText(/1[.,]?490/)).toBeVisible();
      await userEvent.click(within(iniciante).getByRole('button', { name: subscribe }));
      await waitFor(() => expect(leaveSite).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_7'));
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        planId: 'iniciante',
        interval: 'year',
      });
    },
  );

  it('shows no annual switch while the plans cannot be bought yearly', async () => {
    renderGrid({
      'GET /api/subscription/plans': { status: 200, body: plansAnswer(true, { yearly: false }) },
      'GET /api/subscription/current': { status: 200, body: currentAnswer('free') },
    });
    expect(within(await card('Iniciante')).getByText('/mês')).toBeVisible();
    expect(screen.queryByRole('radiogroup', { name: 'Cobrança' })).toBeNull();
  });

  it('shows a plan granted by an administrator as current, without a portal', async () => {
    renderGrid({
      'GET /api/subscription/plans': { status: 200, body: plansAnswer(true) },
      'GET /api/subscription/current': {
        status: 200,
        body: currentAnswer('profissional', { grantedByAdmin: true }),
      },
    });
    expect(within(await card('Profissional')).getByRole('button', { name: 'Plano atual' })).toBeDisabled();
  });
});

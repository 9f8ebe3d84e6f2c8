import {
  cancelResponseSchema,
  currentSubscriptionResponseSchema,
  usageResponseSchema,
} from '@farol/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { errorAnswer, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { SubscriptionStatusCard } from './subscription-status-card.tsx';

const limits = {
  dailyConversations: -1,
  coinsVisible: 500,
  coinList: 'top',
  marketSignals: 10,
  advancedAnalysis: true,
  coinSearch: true,
  alerts: 50,
  advancedAlerts: true,
};

function currentAnswer(
  overrides: {
    plan?: 'free' | 'profissional';
    isActive?: boolean;
    cancelAtPeriodEnd?: boolean;
    periodEnd?: string | null;
  } = {},
) {
  const planId = overrides.plan ?? 'profissional';
  return currentSubscriptionResponseSchema.parse({
    success: true,
    data: {
      plan: {
        id: planId,
        name: planId === 'free' ? 'Gratuito' : 'Profissional',
        price: planId === 'free' ? 0 : 149,
        interval: 'month',
        features: ['Conversas ilimitadas com a IA'],
        limits:
          planId === 'free'
            ? {
                ...limits,
                dailyConversations: 3,
                coinsVisible: 5,
                coinList: 'top',
                advancedAnalysis: false,
                coinSearch: false,
              }
            : limits,
      },
      isActive: overrides.isActive ?? planId !== 'free',
      subscription: {
        cancelAtPeriodEnd: overrides.cancelAtPeriodEnd ?? false,
        currentPeriodEnd:
          overrides.periodEnd === undefined ? '2026-08-15T12:00:00.000Z' : overrides.periodEnd,
        isAdmin: false,
        status: 'active',
        grantedByAdmin: false,
      },
    },
  });
}

const usageAnswer = usageResponseSchema.parse({
  success: true,
  data: {
    conversationsToday: 2,
    limit: -1,
    canChat: true,
    ai: { answeredBy: 'built_in', provider: null, included: null },
  },
});

function renderCard(variant: 'compact' | 'full') {
  return renderRoutes(
    [{ path: '/settings', element: <SubscriptionStatusCard variant={variant} /> }],
    '/settings',
  );
}

describe('SubscriptionStatusCard', () => {
  it('shows the free plan by its name alone, without an inactive badge, in the compact variant', async () => {
    stubFetch(() => ({ status: 200, body: currentAnswer({ plan: 'free', periodEnd: null }) }));
    renderCard('compact');
    expect(await screen.findByText('Gratuito')).toBeVisible();
    expect(screen.getByText('Plano gratuito, sem cobrança')).toBeVisible();
    expect(screen.queryByText('Inativo')).not.toBeInTheDocument();
    expect(screen.queryByText('Ativo')).not.toBeInTheDocument();
  });

  it('still marks a paid plan that lapsed as inactive', async () => {
    stubFetch(() => ({ status: 200, body: currentAnswer({ isActive: false }) }));
    renderCard('compact');
    expect(await screen.findByText('Profissional')).toBeVisible();
    expect(screen.getByText('Inativo')).toBeVisible();
  });

  it('shows the renewal date, price and usage of a paid plan', async () => {
    stubFetch((url) => ({ status: 200, body: url.endsWith('/usage') ? usageAnswer : currentAnswer() }));
    renderCard('full');
    expect(await screen.findByText('Renova em 15 de agosto de 2026')).toBeVisible();
    expect(screen.getByText('Ativo')).toBeVisible();
    expect(screen.getByText('R$ 149,00')).toBeVisible();
    expect(await screen.findByText('2 (ilimitadas)')).toBeVisible();
  });

  it('cancels after confirmation, toasts the server message and shows the scheduled date', async () => {
    let isCancelled = false;
    const calls = stubFetch((url, method) => {
      if (url.endsWith('/cancel') && method === 'POST') {
        isCancelled = true;
        return {
          status: 200,
          body: cancelResponseSchema.parse({
            success: true,
            data: {
              message: 'Assinatura cancelada. Você mantém o acesso até 15 de agosto de 2026.',
              currentPeriodEnd: '2026-08-15T12:00:00.000Z',
            },
          }),
        };
      }
      if (url.endsWith('/usage')) return { status: 200, body: usageAnswer };
      return { status: 200, body: currentAnswer({ cancelAtPeriodEnd: isCancelled }) };
    });
    const user = userEvent.setup();
    renderCard('full');
    await user.click(await screen.findByRole('button', { name: 'Cancelar assinatura' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(/mantém o acesso ao plano Profissional até 15 de agosto de 2026/),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar cancelamento' }));

    expect(
      await screen.findByText('Assinatura cancelada. Você mantém o acesso até 15 de agosto de 2026.'),
    ).toBeVisible();
    expect(await screen.findByText('Cancelamento agendado para 15 de agosto de 2026')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancelar assinatura' })).toBeNull();
    expect(calls.filter((call) => call.url.endsWith('/cancel'))).toHaveLength(1);
  });

  it('keeps the dialog open and toasts the error when cancelling fails', async () => {
    stubFetch((url, method) => {
      if (method === 'POST')
        return {
          status: 502,
          body: errorAnswer({ code: 'billing_provider_error', message: 'Erro no provedor de pagamentos.' }),
        };
      return { status: 200, body: url.endsWith('/usage') ? usageAnswer : currentAnswer() };
    });
    const user = userEvent.setup();
    renderCard('full');
    await user.click(await screen.findByRole('button', { name: 'Cancelar assinatura' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmar cancelamento' }),
    );
    expect(await screen.findByText('Erro ao cancelar assinatura')).toBeVisible();
    expect(screen.getByText('Erro no provedor de pagamentos.')).toBeVisible();
    expect(screen.getByRole('dialog')).toBeVisible();
  });

  it('shows an error with retry in the visitor language when the plan cannot be loaded', async () => {
    await i18n.changeLanguage('es');
    let attempts = 0;
    stubFetch(() => {
      attempts += 1;
      return attempts <= 4
        ? { status: 500, body: errorAnswer({ code: 'internal_error', message: 'Error interno.' }) }
        : { status: 200, body: currentAnswer({ plan: 'free', periodEnd: null }) };
    });
    const user = userEvent.setup();
    renderCard('compact');
    expect(await screen.findByText('Error al cargar la suscripción')).toBeVisible();
    await user.click(screen.getByRole('button', { name: i18n.t('common:actions.retry') }));
    expect(await screen.findByText('Gratuito')).toBeVisible();
  });
});

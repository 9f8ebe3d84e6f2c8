import { currentSubscriptionResponseSchema } from '@farol/contract';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Outlet } from 'react-router';
import { landingRoute, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { CURRENT_SUBSCRIPTION_URL, useCurrentSubscriptionQuery } from '../api/subscription-api.ts';
import { useCheckoutReturn } from './use-checkout-return.ts';

const currentAnswer = currentSubscriptionResponseSchema.parse({
  success: true,
  data: {
    plan: {
      id: 'profissional',
      name: 'Profissional',
      price: 149,
      interval: 'month',
      features: ['Conversas ilimitadas com a IA'],
      limits: {
        dailyConversations: -1,
        coinsVisible: 500,
        coinList: 'top',
        marketSignals: 10,
        advancedAnalysis: true,
        coinSearch: true,
        alerts: 50,
        advancedAlerts: true,
      },
    },
    isActive: true,
    subscription: {
      cancelAtPeriodEnd: false,
      currentPeriodEnd: '2026-08-15T12:00:00.000Z',
      isAdmin: false,
      status: 'active',
      grantedByAdmin: false,
    },
  },
});

/** The subscription shown around every page (like the dashboard's card), so its query stays active on any route. */
function SubscriptionLayout() {
  const subscription = useCurrentSubscriptionQuery();
  return (
    <>
      <p>{subscription.data?.plan.name ?? '…'}</p>
      <Outlet />
    </>
  );
}

function SettingsProbe() {
  useCheckoutReturn();
  return <h1>Configurações</h1>;
}

function renderAt(path: string) {
  const calls = stubFetch(() => ({ status: 200, body: currentAnswer }));
  const view = renderRoutes(
    [
      {
        element: <SubscriptionLayout />,
        children: [{ path: '/settings', element: <SettingsProbe /> }, landingRoute('/elsewhere')],
      },
    ],
    path,
  );
  const subscriptionReads = () => calls.filter((call) => call.url === CURRENT_SUBSCRIPTION_URL).length;
  return { ...view, subscriptionReads };
}

/** Lets fetch promises, React and the query cache settle while moving the fake clock by `ms`. */
const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('useCheckoutReturn', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('toasts the success, removes ?subscription=success and reads the subscription again after 2 s', async () => {
    const { router, subscriptionReads } = renderAt('/settings?subscription=success');
    await elapse(50);
    expect(screen.getByText('Assinatura confirmada!')).toBeVisible();
    expect(screen.getByText('Pagamento recebido. Seu plano é atualizado em instantes.')).toBeVisible();
    expect(router.state.location.pathname).toBe('/settings');
    expect(router.state.location.search).toBe('');
    expect(screen.getByText('Profissional')).toBeVisible();

    const readsBeforeResync = subscriptionReads();
    await elapse(1900);
    expect(subscriptionReads()).toBe(readsBeforeResync);
    await elapse(200);
    expect(subscriptionReads()).toBe(readsBeforeResync + 1);
    // Once: removing the query string re-renders the page without starting the flow again.
    await elapse(5000);
    expect(subscriptionReads()).toBe(readsBeforeResync + 1);
  });

  it('does nothing on a plain visit: no toast, no second read', async () => {
    const { router, subscriptionReads } = renderAt('/settings?tab=x');
    await elapse(50);
    expect(screen.getByText('Profissional')).toBeVisible();
    expect(subscriptionReads()).toBe(1);
    await elapse(3000);
    expect(subscriptionReads()).toBe(1);
    expect(screen.queryByText('Assinatura confirmada!')).toBeNull();
    expect(router.state.location.search).toBe('?tab=x');
  });

  it('cancels the pending second read when the page is left before 2 s', async () => {
    const { router, subscriptionReads } = renderAt('/settings?subscription=success');
    await elapse(50);
    const readsBeforeLeaving = subscriptionReads();
    await act(() => router.navigate('/elsewhere'));
    await elapse(3000);
    expect(screen.getByText('landed on /elsewhere')).toBeVisible();
    expect(subscriptionReads()).toBe(readsBeforeLeaving);
  });
});

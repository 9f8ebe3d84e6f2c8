import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorState } from '../components/ui/error-state.tsx';
import { PageContainer } from '../components/ui/page-container.tsx';
import { LoadingState } from '../components/ui/spinner.tsx';
import { useRequireAuth } from '../features/auth/hooks/use-require-auth.ts';
import { DashboardHeader } from '../features/dashboard/components/dashboard-header.tsx';
import { isPlanRefusal, useCoinPricesQuery } from '../features/market/api/market-api.ts';
import { CoinListCard } from '../features/market/components/coin-list-card.tsx';
import { DominanceCard } from '../features/market/components/dominance-card.tsx';
import { FearGreedCard } from '../features/market/components/fear-greed-card.tsx';
import {
  AnalysisShortcut,
  FreePlanBanner,
  LockedCoinsPanel,
} from '../features/market/components/plan-panels.tsx';
import { LiveMarketProvider } from '../features/market/components/live-market-provider.tsx';
import { PriceChartCard } from '../features/market/components/price-chart-card.tsx';
import { StatCards } from '../features/market/components/stat-cards.tsx';
import { planAccessFrom, type PlanAccess } from '../features/market/hooks/plan-access.ts';
import { SignalsPanel } from '../features/signals/components/signals-panel.tsx';
import { useCurrentSubscriptionQuery } from '../features/subscription/api/subscription-api.ts';
import { SubscriptionStatusCard } from '../features/subscription/components/subscription-status-card.tsx';
import { logoutToLogin } from '../lib/session.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export function DashboardPage() {
  const { t } = useTranslation('common');
  const session = useRequireAuth();
  const navigate = useNavigate();
  useDocumentTitle(t('nav.dashboard'));
  if (!session) return null;
  return (
    <PageContainer className="flex flex-col gap-4 pt-4 sm:gap-6 sm:pt-6">
      <DashboardHeader user={session.user} onLogout={() => logoutToLogin(navigate)} />
      {/* one stream for the coins the table and the chart show */}
      <LiveMarketProvider>
        <DashboardBody />
      </LiveMarketProvider>
    </PageContainer>
  );
}

/** Everything under the header waits for the plan: the server's limits decide what is shown, never a guess. */
function DashboardBody() {
  const { t } = useTranslation('dashboard');
  const subscription = useCurrentSubscriptionQuery();
  if (subscription.isPending) return <LoadingState className="min-h-96" label={t('dashboard:loadingPlan')} />;
  if (!subscription.data) {
    return (
      <ErrorState
        title={t('dashboard:planError')}
        description={subscription.error?.message}
        onRetry={() => void subscription.refetch()}
        isRetrying={subscription.isFetching}
      />
    );
  }
  const access = planAccessFrom(subscription.data);
  // The first screen is the trader's coins with their live prices, then the signals: one under the other up to
  // 2xl, side by side from there (narrower, the table's columns would overflow its card and a changing price
  // would move the table). The chart follows, then the market's mood, then the bookkeeping (plan,
  // favourites, data source). The DOM is in that visual order at every width, so keyboard and screen
  // reader go the way the eye does.
  return (
    <>
      {access.isFreePlan ? <FreePlanBanner /> : null}
      <div className="grid gap-4 lg:gap-6 2xl:grid-cols-3">
        <div className="min-w-0 2xl:col-span-2">
          <CoinsSection access={access} />
        </div>
        <div className="min-w-0">
          <SignalsPanel />
        </div>
      </div>
      <PriceChartCard />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 lg:gap-6">
        <FearGreedCard />
        <DominanceCard />
        <div className="sm:col-span-2 lg:col-span-1">
          <AnalysisShortcut isFreePlan={access.isFreePlan} />
        </div>
      </div>
      <StatCards access={access} subscriptionCard={<SubscriptionStatusCard variant="compact" />} />
    </>
  );
}

/** The table, or the locked panel when the plan has none (limits say 0, or the server answers 403). */
function CoinsSection({ access }: { access: PlanAccess }) {
  const firstPage = useCoinPricesQuery(1, access.coinsVisible > 0);
  if (access.coinsVisible === 0 || isPlanRefusal(firstPage.error)) return <LockedCoinsPanel />;
  return <CoinListCard access={access} />;
}

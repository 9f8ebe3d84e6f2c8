import { BellPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../components/ui/alert.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { QueryState } from '../components/ui/query-state.tsx';
import { LoadingState } from '../components/ui/spinner.tsx';
import {
  useAlertEventsQuery,
  useAlertLimitsQuery,
  useAlertsQuery,
} from '../features/alerts/api/alerts-api.ts';
import { AlertCard } from '../features/alerts/components/alert-card.tsx';
import { AlertEventsList } from '../features/alerts/components/alert-events-list.tsx';
import { AlertLimitsCard } from '../features/alerts/components/alert-limits-card.tsx';
import { CreateAlertDialog } from '../features/alerts/components/create-alert-dialog.tsx';
import { thresholdFromTap } from '../features/alerts/components/alert-price-distance.ts';
import type { InitialAlertCoin } from '../features/alerts/hooks/use-create-alert-form.ts';
import { ProtectedPage } from '../features/auth/components/protected-page.tsx';
import { useCoinQuery } from '../features/coin/api/coin-api.ts';

export function AlertsPage() {
  const { t } = useTranslation('alertsPage');
  const initialCoin = useCoinFromLink();
  return (
    <ProtectedPage
      title={t('title')}
      subtitle={t('subtitle')}
      actions={
        // a new key opens a fresh dialog with the linked coin chosen
        <CreateAlertDialog
          key={initialCoin?.symbol ?? 'new'}
          triggerLabel={t('create.open')}
          initialCoin={initialCoin}
        />
      }
    >
      {() => <AlertsSections />}
    </ProtectedPage>
  );
}

function AlertsSections() {
  const { t } = useTranslation('alertsPage');
  const alerts = useAlertsQuery();
  const limits = useAlertLimitsQuery();
  const events = useAlertEventsQuery();
  return (
    <>
      {limits.data ? <AlertLimitsCard limits={limits.data} /> : null}
      <QueryState
        query={alerts}
        loading={<LoadingState label={t('loading')} />}
        errorTitle={t('errors.load')}
        errorDescription={t('errors.loadDescription')}
      >
        {({ alerts: list, checksPaused }) => (
          <>
            {checksPaused ? (
              <Alert variant="warning" title={t('paused.title')} className="mb-4">
                {t('paused.description')}
              </Alert>
            ) : null}
            {list.length === 0 ? (
              <EmptyState
                icon={BellPlus}
                title={t('empty.title')}
                description={t('empty.description')}
                action={<CreateAlertDialog triggerLabel={t('empty.create')} />}
              />
            ) : (
              <section aria-label={t('listLabel')} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                {list.map((alert) => (
                  <AlertCard key={alert.id} alert={alert} />
                ))}
              </section>
            )}
          </>
        )}
      </QueryState>
      {events.data ? <AlertEventsList events={events.data} /> : null}
    </>
  );
}

/**
 * `?create=btc` (a coin page's "create alert"): the coin as the market lists it; the parameter is read once
 * and dropped from the address, so a reload does not open the dialog again.
 */
function useCoinFromLink(): InitialAlertCoin | undefined {
  const [params, setParams] = useSearchParams();
  const [requested] = useState(() => params.get('create'));
  // `&price=`: a price tapped on the chart, in the display currency (the coin's facts are asked in it too)
  const [tappedPrice] = useState(() => Number(params.get('price')));
  const coin = useCoinQuery(requested ?? '', Boolean(requested));
  useEffect(() => {
    if (!params.has('create')) return;
    setParams(
      (current) => {
        current.delete('create');
        current.delete('price');
        return current;
      },
      { replace: true },
    );
  }, [params, setParams]);
  const facts = coin.data?.data;
  if (!facts) return undefined;
  const conditions = tappedPrice > 0 && facts.price ? thresholdFromTap(tappedPrice, facts.price) : undefined;
  return { symbol: facts.symbol, name: facts.name, ...(conditions ? { conditions } : {}) };
}

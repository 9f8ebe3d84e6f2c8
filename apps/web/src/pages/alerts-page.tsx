import { BellPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
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
import { ProtectedPage } from '../features/auth/components/protected-page.tsx';

export function AlertsPage() {
  const { t } = useTranslation('alertsPage');
  return (
    <ProtectedPage
      title={t('title')}
      subtitle={t('subtitle')}
      actions={<CreateAlertDialog triggerLabel={t('create.open')} />}
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

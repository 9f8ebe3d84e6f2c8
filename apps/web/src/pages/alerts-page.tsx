import { BellPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { PageContainer } from '../components/ui/page-container.tsx';
import { LoadingState } from '../components/ui/spinner.tsx';
import { useAlertEventsQuery, useAlertLimitsQuery, useAlertsQuery } from '../features/alerts/api/alerts-api.ts';
import { AlertCard } from '../features/alerts/components/alert-card.tsx';
import { AlertEventsList } from '../features/alerts/components/alert-events-list.tsx';
import { AlertLimitsCard } from '../features/alerts/components/alert-limits-card.tsx';
import { CreateAlertDialog } from '../features/alerts/components/create-alert-dialog.tsx';
import { useRequireAuth } from '../features/auth/hooks/use-require-auth.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export function AlertsPage() {
  const { t } = useTranslation('alertsPage');
  const session = useRequireAuth();
  useDocumentTitle(t('title'));
  if (!session) return null;
  return (
    <PageContainer className="flex flex-col gap-6">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{t('subtitle')}</p>
        </div>
        <CreateAlertDialog triggerLabel={t('create.open')} />
      </header>
      <AlertsSections />
    </PageContainer>
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
      {alerts.isPending ? (
        <LoadingState label={t('loading')} />
      ) : alerts.isError ? (
        <ErrorState
          title={t('errors.load')}
          description={t('errors.loadDescription')}
          onRetry={() => void alerts.refetch()}
          isRetrying={alerts.isFetching}
        />
      ) : alerts.data.length === 0 ? (
        <EmptyState
          icon={BellPlus}
          title={t('empty.title')}
          description={t('empty.description')}
          action={<CreateAlertDialog triggerLabel={t('empty.create')} />}
        />
      ) : (
        <section aria-label={t('listLabel')} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {alerts.data.map((alert) => (
            <AlertCard key={alert.id} alert={alert} />
          ))}
        </section>
      )}
      {events.data ? <AlertEventsList events={events.data} /> : null}
    </>
  );
}

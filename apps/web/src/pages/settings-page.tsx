import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '../components/ui/card.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { PageContainer } from '../components/ui/page-container.tsx';
import { LoadingState } from '../components/ui/spinner.tsx';
import { useRequireAuth } from '../features/auth/hooks/use-require-auth.ts';
import { useProfileQuery } from '../features/profile/api/profile-api.ts';
import { ApiKeysCard } from '../features/settings/components/api-keys-card.tsx';
import { PreferencesForm } from '../features/settings/components/preferences-form.tsx';
import { SubscriptionStatusCard } from '../features/subscription/components/subscription-status-card.tsx';
import { useCheckoutReturn } from '../features/subscription/hooks/use-checkout-return.ts';
import { useSubscriptionSyncOnOpen } from '../features/subscription/hooks/use-subscription-sync.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export function SettingsPage() {
  const { t } = useTranslation('settings');
  const session = useRequireAuth();
  useDocumentTitle(t('title'));
  if (!session) return null;
  return (
    <PageContainer className="flex max-w-5xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{t('subtitle')}</p>
      </header>
      <SettingsSections />
    </PageContainer>
  );
}

function SettingsSections() {
  const { t } = useTranslation('settings');
  useSubscriptionSyncOnOpen();
  useCheckoutReturn();
  const profile = useProfileQuery();
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <div className="flex flex-col gap-6">
        <SubscriptionStatusCard variant="full" />
        <ApiKeysCard />
      </div>
      {profile.isPending ? (
        <Card>
          <CardContent className="pt-5">
            <LoadingState className="min-h-72" />
          </CardContent>
        </Card>
      ) : profile.isError ? (
        <ErrorState
          title={t('loadError')}
          description={profile.error.message}
          onRetry={() => void profile.refetch()}
          isRetrying={profile.isFetching}
        />
      ) : (
        // Keyed by the saved values so the form shows the server's state after a save.
        <PreferencesForm key={JSON.stringify(profile.data.preferences)} preferences={profile.data.preferences} />
      )}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '../components/ui/card.tsx';
import { QueryState } from '../components/ui/query-state.tsx';
import { LoadingState } from '../components/ui/spinner.tsx';
import { ProtectedPage } from '../features/auth/components/protected-page.tsx';
import { useProfileQuery } from '../features/profile/api/profile-api.ts';
import { ApiKeysCard } from '../features/settings/components/api-keys-card.tsx';
import { ApiTokensCard } from '../features/settings/components/api-tokens-card.tsx';
import { PreferencesForm } from '../features/settings/components/preferences-form.tsx';
import { PushBrowsersCard } from '../features/settings/components/push-browsers-card.tsx';
import { TelegramCard } from '../features/settings/components/telegram-card.tsx';
import { WebhooksCard } from '../features/settings/components/webhooks-card.tsx';
import { SubscriptionStatusCard } from '../features/subscription/components/subscription-status-card.tsx';
import { useCheckoutReturn } from '../features/subscription/hooks/use-checkout-return.ts';
import { useSubscriptionSyncOnOpen } from '../features/subscription/hooks/use-subscription-sync.ts';

export function SettingsPage() {
  const { t } = useTranslation('settings');
  return (
    <ProtectedPage title={t('title')} subtitle={t('subtitle')} className="max-w-3xl">
      {() => <SettingsSections />}
    </ProtectedPage>
  );
}

function SettingsSections() {
  const { t } = useTranslation('settings');
  useSubscriptionSyncOnOpen();
  useCheckoutReturn();
  const profile = useProfileQuery();
  // one column at every width, in groups: Conta · Plano · Notificações · Integrações
  return (
    <div className="mx-auto w-full max-w-3xl">
      <QueryState
        query={profile}
        errorTitle={t('loadError')}
        loading={
          <Card>
            <CardContent className="pt-5">
              <LoadingState className="min-h-72" />
            </CardContent>
          </Card>
        }
      >
        {/* Keyed by the saved values so the form shows the server's state after a save. */}
        {(data) => (
          <PreferencesForm
            key={JSON.stringify(data.preferences)}
            preferences={data.preferences}
            groups={{
              plan: <SubscriptionStatusCard variant="full" />,
              // browser subscriptions (another card) join the notification channels here
              notifications: (
                <>
                  <TelegramCard />
                  <PushBrowsersCard />
                </>
              ),
              integrations: (
                <>
                  <ApiKeysCard />
                  <ApiTokensCard />
                  <WebhooksCard />
                </>
              ),
            }}
          />
        )}
      </QueryState>
    </div>
  );
}

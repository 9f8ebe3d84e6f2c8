import { KeyRound, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '../components/ui/card.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { PageContainer } from '../components/ui/page-container.tsx';
import { LoadingState } from '../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs.tsx';
import { useRequireAuth } from '../features/auth/hooks/use-require-auth.ts';
import { useProfileQuery } from '../features/profile/api/profile-api.ts';
import { PersonalInfoForm } from '../features/profile/components/personal-info-form.tsx';
import { SecurityForm } from '../features/profile/components/security-form.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export function ProfilePage() {
  const { t } = useTranslation('profile');
  const session = useRequireAuth();
  useDocumentTitle(t('title'));
  if (!session) return null;
  return (
    <PageContainer className="flex max-w-3xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{t('subtitle')}</p>
      </header>
      <ProfileTabs />
    </PageContainer>
  );
}

function ProfileTabs() {
  const { t } = useTranslation('profile');
  const profile = useProfileQuery();
  return (
    <Tabs defaultValue="personal">
      <TabsList className="w-full sm:w-auto">
        <TabsTrigger value="personal" className="flex-1 sm:flex-none">
          <UserRound aria-hidden="true" />
          {t('tabs.personal')}
        </TabsTrigger>
        <TabsTrigger value="security" className="flex-1 sm:flex-none">
          <KeyRound aria-hidden="true" />
          {t('tabs.security')}
        </TabsTrigger>
      </TabsList>
      <Card className="mt-4">
        <CardContent className="p-5 sm:p-6">
          <TabsContent value="personal" className="mt-0">
            {profile.isPending ? (
              <LoadingState />
            ) : profile.isError ? (
              <ErrorState
                title={t('loadError')}
                description={profile.error.message}
                onRetry={() => void profile.refetch()}
                isRetrying={profile.isFetching}
              />
            ) : (
              // Keyed by the saved name so the field shows the server's value after a save elsewhere.
              <PersonalInfoForm key={profile.data.name} profile={profile.data} />
            )}
          </TabsContent>
          <TabsContent value="security" className="mt-0">
            <SecurityForm />
          </TabsContent>
        </CardContent>
      </Card>
    </Tabs>
  );
}

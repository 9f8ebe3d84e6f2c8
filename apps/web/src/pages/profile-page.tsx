import { KeyRound, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '../components/ui/card.tsx';
import { QueryState } from '../components/ui/query-state.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs.tsx';
import { ProtectedPage } from '../features/auth/components/protected-page.tsx';
import { useProfileQuery } from '../features/profile/api/profile-api.ts';
import { PersonalInfoForm } from '../features/profile/components/personal-info-form.tsx';
import { SecurityForm } from '../features/profile/components/security-form.tsx';
import { PrivacySection } from '../features/profile/components/privacy-section.tsx';
import { SignOutEverywhere } from '../features/profile/components/sign-out-everywhere.tsx';

export function ProfilePage() {
  const { t } = useTranslation('profile');
  return (
    <ProtectedPage title={t('title')} subtitle={t('subtitle')} className="max-w-3xl">
      {() => <ProfileTabs />}
    </ProtectedPage>
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
            <QueryState query={profile} errorTitle={t('loadError')}>
              {/* Keyed by the saved name so the field shows the server's value after a save elsewhere. */}
              {(data) => <PersonalInfoForm key={data.name} profile={data} />}
            </QueryState>
          </TabsContent>
          <TabsContent value="security" className="mt-0">
            <SecurityForm />
            <SignOutEverywhere />
            <PrivacySection />
          </TabsContent>
        </CardContent>
      </Card>
    </Tabs>
  );
}

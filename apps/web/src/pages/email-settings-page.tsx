import { useTranslation } from 'react-i18next';
import { ProtectedPage } from '../features/auth/components/protected-page.tsx';
import { EmailStatusCard } from '../features/email-settings/components/email-status-card.tsx';
import { EmailTestCard } from '../features/email-settings/components/email-test-card.tsx';

export function EmailSettingsPage() {
  const { t } = useTranslation('emailSettings');
  return (
    <ProtectedPage title={t('title')} subtitle={t('subtitle')} className="max-w-5xl">
      {(session) => (
        <div className="grid items-start gap-6 lg:grid-cols-[3fr_2fr]">
          <EmailTestCard ownEmail={session.user.email} />
          <EmailStatusCard />
        </div>
      )}
    </ProtectedPage>
  );
}

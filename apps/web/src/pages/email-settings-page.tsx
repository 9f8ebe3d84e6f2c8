import { useTranslation } from 'react-i18next';
import { PageContainer } from '../components/ui/page-container.tsx';
import { useRequireAuth } from '../features/auth/hooks/use-require-auth.ts';
import { EmailStatusCard } from '../features/email-settings/components/email-status-card.tsx';
import { EmailTestCard } from '../features/email-settings/components/email-test-card.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export function EmailSettingsPage() {
  const { t } = useTranslation('emailSettings');
  const session = useRequireAuth();
  useDocumentTitle(t('title'));
  if (!session) return null;
  return (
    <PageContainer className="flex max-w-5xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{t('subtitle')}</p>
      </header>
      <div className="grid items-start gap-6 lg:grid-cols-[3fr_2fr]">
        <EmailTestCard ownEmail={session.user.email} />
        <EmailStatusCard />
      </div>
    </PageContainer>
  );
}

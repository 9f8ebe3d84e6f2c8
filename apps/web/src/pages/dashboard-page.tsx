import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageContainer } from '../components/ui/page-container.tsx';
import { DashboardHeader } from '../features/dashboard/components/dashboard-header.tsx';
import { useRequireAuth } from '../features/auth/hooks/use-require-auth.ts';
import { logoutToLogin } from '../lib/session.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export function DashboardPage() {
  const { t } = useTranslation('common');
  const session = useRequireAuth();
  const navigate = useNavigate();
  useDocumentTitle(t('nav.dashboard'));
  if (!session) return null;
  return (
    <PageContainer className="flex flex-col gap-6">
      <DashboardHeader user={session.user} onLogout={() => logoutToLogin(navigate)} />
      {/*
        Dashboard sections go below, each a feature component (stat cards, chart, fear and greed,
        dominance, signals, coin list...). The grid spans 1 column on phones, 2 on tablets, 4 on desktops.
      */}
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4" />
    </PageContainer>
  );
}

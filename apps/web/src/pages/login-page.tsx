import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { AuthCard } from '../features/auth/components/auth-card.tsx';
import { LoginForm } from '../features/auth/components/login-form.tsx';
import { useSession } from '../lib/session.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export function LoginPage() {
  const { t } = useTranslation('auth');
  const session = useSession();
  useDocumentTitle(t('common:nav.login'), t('login.subtitle'));
  // Already signed in: the dashboard's own guard re-checks the token.
  if (session) return <Navigate to="/dashboard" replace />;
  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <>
          {t('login.noAccount')}{' '}
          <Link to="/register" className="font-medium text-primary hover:underline">
            {t('login.register')}
          </Link>
        </>
      }
    >
      <LoginForm />
    </AuthCard>
  );
}

import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { nextPath } from '../features/auth/api/auth-api.ts';
import { AuthCard } from '../features/auth/components/auth-card.tsx';
import { LoginForm } from '../features/auth/components/login-form.tsx';
import { useSession } from '../lib/session.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export function LoginPage() {
  const { t } = useTranslation('auth');
  const session = useSession();
  const location = useLocation();
  useDocumentTitle(t('common:nav.login'), t('login.subtitle'));
  // Already signed in: on to `?next=` or the dashboard, whose own guard re-checks the token.
  if (session) return <Navigate to={nextPath(new URLSearchParams(location.search))} replace />;
  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <>
          {t('login.noAccount')}{' '}
          <Link
            to={{ pathname: '/register', search: location.search }}
            className="font-medium text-primary hover:underline"
          >
            {t('login.register')}
          </Link>
        </>
      }
    >
      <LoginForm />
    </AuthCard>
  );
}

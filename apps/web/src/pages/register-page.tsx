import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { nextPath } from '../features/auth/api/auth-api.ts';
import { AuthCard } from '../features/auth/components/auth-card.tsx';
import { RegisterForm } from '../features/auth/components/register-form.tsx';
import { useSession } from '../lib/session.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export function RegisterPage() {
  const { t } = useTranslation('auth');
  const session = useSession();
  const location = useLocation();
  useDocumentTitle(t('register.title'), t('register.subtitle'));
  if (session) return <Navigate to={nextPath(new URLSearchParams(location.search))} replace />;
  return (
    <AuthCard
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={
        <>
          {t('register.hasAccount')}{' '}
          <Link
            to={{ pathname: '/login', search: location.search }}
            className="font-medium text-primary hover:underline"
          >
            {t('register.login')}
          </Link>
        </>
      }
    >
      <RegisterForm />
    </AuthCard>
  );
}

import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { AuthCard } from '../features/auth/components/auth-card.tsx';
import { RegisterForm } from '../features/auth/components/register-form.tsx';
import { useSession } from '../lib/session.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export function RegisterPage() {
  const { t } = useTranslation('auth');
  const session = useSession();
  useDocumentTitle(t('register.title'), t('register.subtitle'));
  if (session) return <Navigate to="/dashboard" replace />;
  return (
    <AuthCard
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={
        <>
          {t('register.hasAccount')}{' '}
          <Link to="/login" className="font-medium text-primary hover:underline">
            {t('register.login')}
          </Link>
        </>
      }
    >
      <RegisterForm />
    </AuthCard>
  );
}

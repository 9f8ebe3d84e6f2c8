import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from '../features/auth/components/auth-card.tsx';
import { ForgotPasswordForm } from '../features/password-reset/components/forgot-password-form.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export function ForgotPasswordPage() {
  const { t } = useTranslation('passwordReset');
  useDocumentTitle(t('forgot.title'), t('forgot.subtitle'));
  return (
    <AuthCard
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
      footer={
        <Link to="/login" className="font-medium text-primary hover:underline">
          {t('forgot.backToLogin')}
        </Link>
      }
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}

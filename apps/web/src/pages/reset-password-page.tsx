import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../components/ui/alert.tsx';
import { AuthCard } from '../features/auth/components/auth-card.tsx';
import { ResetPasswordForm } from '../features/password-reset/components/reset-password-form.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** The page the e-mailed link opens: /reset-password?token=... */
export function ResetPasswordPage() {
  const { t } = useTranslation('passwordReset');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  useDocumentTitle(t('reset.title'), t('reset.subtitle'));
  return (
    <AuthCard
      title={t('reset.title')}
      subtitle={t('reset.subtitle')}
      footer={
        <Link to="/login" className="font-medium text-primary hover:underline">
          {t('forgot.backToLogin')}
        </Link>
      }
    >
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <Alert variant="warning" role="alert">
          <p>{t('reset.missingToken')}</p>
          <Link to="/forgot-password" className="mt-1 inline-block font-medium text-primary hover:underline">
            {t('reset.requestNew')}
          </Link>
        </Alert>
      )}
    </AuthCard>
  );
}

import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../components/ui/alert.tsx';
import { AuthCard } from '../features/auth/components/auth-card.tsx';
import { VerifyEmailForm } from '../features/auth/components/verify-email-form.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/**
 * The page the verification e-mail opens: /verify-email?token=...&email=... shows the account and confirms
 * it only when its owner presses "Confirmar" (opening the link sends nothing).
 */
export function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const email = searchParams.get('email') ?? '';
  useDocumentTitle(t('verifyEmail.title'), t('verifyEmail.subtitle'));
  return (
    <AuthCard
      title={t('verifyEmail.title')}
      subtitle={t('verifyEmail.subtitle')}
      footer={
        <Link to="/login" className="font-medium text-primary hover:underline">
          {t('register.login')}
        </Link>
      }
    >
      {token ? (
        <VerifyEmailForm token={token} email={email} />
      ) : (
        <Alert variant="warning" role="alert">
          <p>{t('verifyEmail.missingToken')}</p>
        </Alert>
      )}
    </AuthCard>
  );
}

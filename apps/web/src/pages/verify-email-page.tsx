import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../components/ui/alert.tsx';
import { LoadingState } from '../components/ui/spinner.tsx';
import { useVerifyEmailMutation } from '../features/auth/api/email-verification-api.ts';
import { AuthCard } from '../features/auth/components/auth-card.tsx';
import { isApiError } from '../lib/api-client.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** The page the verification e-mail opens: /verify-email?token=... confirms the address once. */
export function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const verify = useVerifyEmailMutation();
  const sent = useRef('');
  useDocumentTitle(t('verifyEmail.title'), t('verifyEmail.subtitle'));

  useEffect(() => {
    // the token works once: never send it twice (StrictMode runs effects twice in development)
    if (!token || sent.current === token) return;
    sent.current = token;
    verify.mutate(token);
  }, [token, verify]);

  const failure = verify.error;
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
      {!token ? (
        <Alert variant="warning" role="alert">
          <p>{t('verifyEmail.missingToken')}</p>
        </Alert>
      ) : verify.isSuccess ? (
        <Alert variant="success" role="status">
          <p className="font-medium">{t('verifyEmail.successTitle')}</p>
          <p>{verify.data.message}</p>
          <Link to="/dashboard" className="mt-1 inline-block font-medium text-primary hover:underline">
            {t('verifyEmail.goToDashboard')}
          </Link>
        </Alert>
      ) : failure ? (
        <Alert variant="danger" role="alert">
          <p className="font-medium">{t('verifyEmail.failedTitle')}</p>
          <p>{isApiError(failure) ? failure.message : t('verifyEmail.failedTitle')}</p>
          <Link to="/dashboard" className="mt-1 inline-block font-medium text-primary hover:underline">
            {t('verifyEmail.requestNew')}
          </Link>
        </Alert>
      ) : (
        <LoadingState label={t('verifyEmail.verifying')} />
      )}
    </AuthCard>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { fieldErrorProps, FormField } from '../../../components/ui/form-field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { useVerifyEmailMutation } from '../api/email-verification-api.ts';

const sameAddress = (left: string, right: string) => left.trim().toLowerCase() === right.trim().toLowerCase();

/**
 * Confirms the address of the link only when its owner presses "Confirmar" (a mail scanner that opens the
 * link confirms nothing), signed in as the account or with the account's password.
 */
export function VerifyEmailForm({ token, email }: { token: string; email: string }) {
  const { t } = useTranslation('auth');
  const id = useId();
  const session = useSession();
  const verify = useVerifyEmailMutation();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const isSignedInAsAccount = session !== null && (!email || sameAddress(session.user.email, email));
  const isProofRefused = isApiError(verify.error) && verify.error.code === 'verification_proof_required';
  const needsPassword = !isSignedInAsAccount || isProofRefused;
  const account = email || (isSignedInAsAccount ? session.user.email : '');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (verify.isPending) return;
    if (needsPassword && !password) {
      setPasswordError(t('verifyEmail.passwordRequired'));
      return;
    }
    setPasswordError(undefined);
    verify.mutate({ token, ...(needsPassword ? { password } : {}) });
  }

  if (verify.isSuccess) return <VerifiedNotice message={verify.data.message} isSignedIn={session !== null} />;

  const isLinkRejected = isApiError(verify.error) && verify.error.code === 'invalid_verification_token';
  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
      <div className="rounded-md border border-border bg-muted/40 p-3 text-sm">
        <p className="text-muted-foreground">{t('verifyEmail.account')}</p>
        <p className="break-all font-medium">{account || t('verifyEmail.accountOfLink')}</p>
        {session && !isSignedInAsAccount ? (
          <p className="mt-1 text-muted-foreground">
            {t('verifyEmail.signedInAsOther', { email: session.user.email })}
          </p>
        ) : null}
      </div>
      {verify.isError ? (
        <Alert variant="danger" role="alert">
          <p className="font-medium">{t('verifyEmail.failedTitle')}</p>
          <p>{isApiError(verify.error) ? verify.error.message : t('verifyEmail.failedRetry')}</p>
          {isLinkRejected ? (
            <Link to="/dashboard" className="mt-1 inline-block font-medium text-primary hover:underline">
              {t('verifyEmail.requestNew')}
            </Link>
          ) : null}
        </Alert>
      ) : null}
      {needsPassword ? (
        <FormField
          label={t('verifyEmail.password')}
          htmlFor={`${id}-password`}
          error={passwordError}
          hint={t('verifyEmail.passwordHint')}
        >
          <PasswordInput
            id={`${id}-password`}
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            {...fieldErrorProps(`${id}-password`, passwordError)}
          />
        </FormField>
      ) : null}
      <SubmitButton isPending={verify.isPending} pendingLabel={t('verifyEmail.verifying')}>
        {t('verifyEmail.confirm')}
      </SubmitButton>
    </form>
  );
}

function VerifiedNotice({ message, isSignedIn }: { message: string; isSignedIn: boolean }) {
  const { t } = useTranslation('auth');
  return (
    <Alert variant="success" role="status">
      <p className="font-medium">{t('verifyEmail.successTitle')}</p>
      <p>{message}</p>
      <Link
        to={isSignedIn ? '/dashboard' : '/login'}
        className="mt-1 inline-block font-medium text-primary hover:underline"
      >
        {isSignedIn ? t('verifyEmail.goToDashboard') : t('verifyEmail.goToLogin')}
      </Link>
    </Alert>
  );
}

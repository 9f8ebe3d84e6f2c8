import { resetPasswordRequestSchema } from '@farol/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { fieldErrorProps, FormField } from '../../../components/ui/form-field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { translateFieldErrors } from '../../../lib/form-errors.ts';
import { useResetPasswordMutation } from '../api/password-reset-api.ts';

/** Sets a new password with the token from the e-mailed link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('passwordReset');
  const id = useId();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mutation = useResetPasswordMutation();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    const parsed = resetPasswordRequestSchema.safeParse({ token, password });
    const fieldErrors = translateFieldErrors(parsed, { password: t('reset.password') });
    if (!fieldErrors.password && password !== confirmPassword)
      fieldErrors.confirmPassword = t('reset.mismatch');
    setErrors(fieldErrors);
    if (parsed.success && !fieldErrors.confirmPassword) mutation.mutate(parsed.data);
  }

  if (mutation.isSuccess) {
    return (
      <div className="flex flex-col gap-4">
        <Alert variant="success" title={t('reset.successTitle')} role="status">
          {mutation.data.message}
        </Alert>
        <Link to="/login" className={buttonClassName('primary', 'lg')}>
          {t('reset.goToLogin')}
        </Link>
      </div>
    );
  }

  const isLinkRejected = isApiError(mutation.error) && mutation.error.code === 'invalid_reset_token';
  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
      {mutation.isError ? (
        <Alert variant="danger" role="alert" title={isLinkRejected ? undefined : t('reset.error')}>
          <p>{mutation.error.message}</p>
          {isLinkRejected ? (
            <Link
              to="/forgot-password"
              className="mt-1 inline-block font-medium text-primary hover:underline"
            >
              {t('reset.requestNew')}
            </Link>
          ) : null}
        </Alert>
      ) : null}
      <FormField label={t('reset.password')} htmlFor={`${id}-password`} error={errors.password}>
        <PasswordInput
          id={`${id}-password`}
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          {...fieldErrorProps(`${id}-password`, errors.password)}
        />
      </FormField>
      <FormField label={t('reset.confirmPassword')} htmlFor={`${id}-confirm`} error={errors.confirmPassword}>
        <PasswordInput
          id={`${id}-confirm`}
          autoComplete="new-password"
          required
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
          {...fieldErrorProps(`${id}-confirm`, errors.confirmPassword)}
        />
      </FormField>
      <SubmitButton isPending={mutation.isPending} pendingLabel={t('reset.submitting')}>
        {t('reset.submit')}
      </SubmitButton>
    </form>
  );
}

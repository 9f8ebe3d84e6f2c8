import { forgotPasswordRequestSchema } from '@farol/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmailField } from '../../../components/ui/email-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { useValidatedSubmit } from '../../../lib/use-validated-submit.ts';
import { useRequestPasswordResetMutation } from '../api/password-reset-api.ts';

/** Asks for a reset link; the answer is the same whether the account exists or not. */
export function ForgotPasswordForm() {
  const { t } = useTranslation('passwordReset');
  const id = useId();
  const [email, setEmail] = useState('');
  const mutation = useRequestPasswordResetMutation();
  const { errors, submitWith } = useValidatedSubmit(
    forgotPasswordRequestSchema,
    { email: t('forgot.email') },
    mutation,
  );

  if (mutation.isSuccess) {
    return (
      <div className="flex flex-col gap-4">
        <Alert variant="success" title={t('forgot.sentTitle')} role="status">
          <p>{mutation.data.message}</p>
          <p className="mt-1 text-muted-foreground">{t('forgot.sentHint')}</p>
        </Alert>
        <Button variant="outline" onClick={() => mutation.reset()}>
          {t('forgot.again')}
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={submitWith({ email })} noValidate className="flex flex-col gap-4">
      {mutation.isError ? (
        <Alert variant="danger" role="alert" title={t('forgot.error')}>
          {mutation.error.message}
        </Alert>
      ) : null}
      <EmailField
        id={`${id}-email`}
        label={t('forgot.email')}
        value={email}
        onChange={setEmail}
        error={errors.email}
      />
      <SubmitButton isPending={mutation.isPending} pendingLabel={t('forgot.submitting')}>
        {t('forgot.submit')}
      </SubmitButton>
    </form>
  );
}

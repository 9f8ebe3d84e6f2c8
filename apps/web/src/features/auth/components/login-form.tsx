import { loginRequestSchema } from '@farol/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmailField } from '../../../components/ui/email-field.tsx';
import { fieldErrorProps, FormField } from '../../../components/ui/form-field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { useValidatedSubmit } from '../../../lib/use-validated-submit.ts';
import { useLoginMutation } from '../api/auth-api.ts';

export function LoginForm() {
  const { t } = useTranslation('auth');
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const loginMutation = useLoginMutation();
  const { errors, submitWith } = useValidatedSubmit(
    loginRequestSchema,
    { email: t('login.email'), password: t('login.password') },
    loginMutation,
  );

  return (
    <form onSubmit={submitWith({ email, password })} noValidate className="flex flex-col gap-4">
      <EmailField
        id={`${id}-email`}
        label={t('login.email')}
        value={email}
        onChange={setEmail}
        error={errors.email}
      />
      <FormField label={t('login.password')} htmlFor={`${id}-password`} error={errors.password}>
        <PasswordInput
          id={`${id}-password`}
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          {...fieldErrorProps(`${id}-password`, errors.password)}
        />
      </FormField>
      <div className="-mt-1 flex justify-end">
        <Link to="/forgot-password" className="text-sm text-primary hover:underline">
          {t('login.forgot')}
        </Link>
      </div>
      <SubmitButton isPending={loginMutation.isPending} pendingLabel={t('login.submitting')}>
        {t('login.submit')}
      </SubmitButton>
    </form>
  );
}

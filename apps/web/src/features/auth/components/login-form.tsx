import { loginRequestSchema } from '@farol/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { fieldErrorProps, FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { translateFieldErrors } from '../../../lib/form-errors.ts';
import { useLoginMutation } from '../api/auth-api.ts';

export function LoginForm() {
  const { t } = useTranslation('auth');
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const loginMutation = useLoginMutation();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loginMutation.isPending) return;
    const parsed = loginRequestSchema.safeParse({ email, password });
    setErrors(translateFieldErrors(parsed, { email: t('login.email'), password: t('login.password') }));
    if (parsed.success) loginMutation.mutate(parsed.data);
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
      <FormField label={t('login.email')} htmlFor={`${id}-email`} error={errors.email}>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          {...fieldErrorProps(`${id}-email`, errors.email)}
        />
      </FormField>
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
      <Button type="submit" size="lg" disabled={loginMutation.isPending}>
        {loginMutation.isPending ? <Spinner className="text-current" label={t('login.submitting')} /> : null}
        {loginMutation.isPending ? t('login.submitting') : t('login.submit')}
      </Button>
    </form>
  );
}

import { PASSWORD_MIN_LENGTH, registerRequestSchema } from '@farol/contract';
import { Fragment, useId, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { fieldErrorProps, FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { translateFieldErrors } from '../../../lib/form-errors.ts';
import { useRegisterMutation } from '../api/auth-api.ts';
import { PasswordChecklist } from './password-checklist.tsx';

type RegisterFields = { name: string; email: string; password: string; confirmPassword: string };

const textFields = [
  { field: 'name', type: 'text', autoComplete: 'name' },
  { field: 'email', type: 'email', autoComplete: 'email' },
] as const;
const passwordFields = [
  { field: 'password', withChecklist: true },
  { field: 'confirmPassword', withChecklist: false },
] as const;

export function RegisterForm() {
  const { t } = useTranslation('auth');
  const id = useId();
  const [fields, setFields] = useState<RegisterFields>({
    name: '',
    email: '',
    password: '',
    confirmPassword: '',
  });
  const [hasAcceptedTerms, setHasAcceptedTerms] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const registerMutation = useRegisterMutation();

  const setField = (field: keyof RegisterFields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [field]: event.target.value }));

  // Disabled while loading, with terms unaccepted, or with a password under 8 characters.
  const isSubmitDisabled =
    registerMutation.isPending || !hasAcceptedTerms || fields.password.length < PASSWORD_MIN_LENGTH;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (registerMutation.isPending) return;
    if (!hasAcceptedTerms) {
      toast.error(t('register.termsRequired'));
      return;
    }
    if (fields.password !== fields.confirmPassword) {
      toast.error(t('register.mismatch'));
      return;
    }
    const parsed = registerRequestSchema.safeParse(fields);
    setErrors(
      translateFieldErrors(parsed, {
        name: t('register.name'),
        email: t('register.email'),
        password: t('register.password'),
        confirmPassword: t('register.confirmPassword'),
      }),
    );
    if (parsed.success) registerMutation.mutate(parsed.data);
  }

  const ids = {
    name: `${id}-name`,
    email: `${id}-email`,
    password: `${id}-password`,
    confirmPassword: `${id}-confirm`,
    checklist: `${id}-checklist`,
    terms: `${id}-terms`,
  };

  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
      {textFields.map(({ field, type, autoComplete }) => (
        <FormField key={field} label={t(`register.${field}`)} htmlFor={ids[field]} error={errors[field]}>
          <Input
            id={ids[field]}
            type={type}
            autoComplete={autoComplete}
            required
            value={fields[field]}
            onChange={setField(field)}
            {...fieldErrorProps(ids[field], errors[field])}
          />
        </FormField>
      ))}
      {passwordFields.map(({ field, withChecklist }) => (
        <Fragment key={field}>
          <FormField label={t(`register.${field}`)} htmlFor={ids[field]} error={errors[field]}>
            <PasswordInput
              id={ids[field]}
              autoComplete="new-password"
              required
              value={fields[field]}
              onChange={setField(field)}
              {...(withChecklist ? { 'aria-describedby': ids.checklist } : {})}
              {...fieldErrorProps(ids[field], errors[field])}
            />
          </FormField>
          {withChecklist ? <PasswordChecklist id={ids.checklist} password={fields.password} /> : null}
        </Fragment>
      ))}
      <div className="flex items-start gap-3">
        <Checkbox
          id={ids.terms}
          checked={hasAcceptedTerms}
          onCheckedChange={(checked) => setHasAcceptedTerms(checked === true)}
          className="mt-0.5"
        />
        <label htmlFor={ids.terms} className="text-sm leading-snug text-muted-foreground">
          <Trans
            t={t}
            i18nKey="register.acceptTerms"
            components={{
              terms: <Link to="/terms" className="text-primary hover:underline" />,
              privacy: <Link to="/privacy" className="text-primary hover:underline" />,
            }}
          />
        </label>
      </div>
      <SubmitButton
        isPending={registerMutation.isPending}
        pendingLabel={t('register.submitting')}
        disabled={isSubmitDisabled}
      >
        {t('register.submit')}
      </SubmitButton>
    </form>
  );
}

import { Fragment, useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { fieldErrorProps, FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { useRegisterForm } from '../hooks/use-register-form.ts';
import { PasswordChecklist } from './password-checklist.tsx';

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
  const {
    fields,
    setField,
    hasAcceptedTerms,
    setHasAcceptedTerms,
    errors,
    isPending,
    isSubmitDisabled,
    handleSubmit,
  } = useRegisterForm();

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
      <TermsCheckbox id={ids.terms} checked={hasAcceptedTerms} onCheckedChange={setHasAcceptedTerms} />
      <SubmitButton isPending={isPending} pendingLabel={t('register.submitting')} disabled={isSubmitDisabled}>
        {t('register.submit')}
      </SubmitButton>
    </form>
  );
}

type TermsCheckboxProps = { id: string; checked: boolean; onCheckedChange: (checked: boolean) => void };

/** Acceptance of the terms and the privacy policy, each linked. */
function TermsCheckbox({ id, checked, onCheckedChange }: TermsCheckboxProps) {
  const { t } = useTranslation('auth');
  return (
    <div className="flex items-start gap-3">
      <Checkbox
        id={id}
        checked={checked}
        onCheckedChange={(value) => onCheckedChange(value === true)}
        className="mt-0.5"
      />
      <label htmlFor={id} className="text-sm leading-snug text-muted-foreground">
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
  );
}

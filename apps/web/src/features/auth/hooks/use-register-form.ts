import { PASSWORD_MIN_LENGTH, registerRequestSchema } from '@farol/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { translateFieldErrors } from '../../../lib/form-errors.ts';
import { useRegisterMutation } from '../api/auth-api.ts';

export type RegisterFields = { name: string; email: string; password: string; confirmPassword: string };

/**
 * The register form's state and submit: unaccepted terms and mismatched passwords are refused
 * with a toast; otherwise the contract's field errors are shown, or the account is created.
 */
export function useRegisterForm() {
  const { t } = useTranslation('auth');
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

  return {
    fields,
    setField,
    hasAcceptedTerms,
    setHasAcceptedTerms,
    errors,
    isPending: registerMutation.isPending,
    isSubmitDisabled,
    handleSubmit,
  };
}

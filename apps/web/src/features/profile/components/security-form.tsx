import { changePasswordRequestSchema } from '@farol/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { fieldErrorProps, FormField } from '../../../components/ui/form-field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { translateFieldErrors } from '../../../lib/form-errors.ts';
import { useChangePasswordMutation } from '../api/profile-api.ts';

const emptyFields = { currentPassword: '', newPassword: '', confirmPassword: '' };
type PasswordFields = typeof emptyFields;

export function SecurityForm() {
  const { t } = useTranslation('profile');
  const id = useId();
  const [fields, setFields] = useState<PasswordFields>(emptyFields);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // after a suspected intrusion: tokens, webhooks, push and Telegram someone else added go with the old password
  const [removeAccess, setRemoveAccess] = useState(false);
  const changeMutation = useChangePasswordMutation();

  const setField = (field: keyof PasswordFields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [field]: event.target.value }));

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (changeMutation.isPending) return;
    if (!fields.currentPassword || !fields.newPassword || !fields.confirmPassword) {
      toast.error(t('requiredFields'));
      return;
    }
    if (fields.newPassword !== fields.confirmPassword) {
      toast.error(t('mismatch'));
      return;
    }
    const body = {
      currentPassword: fields.currentPassword,
      newPassword: fields.newPassword,
      ...(removeAccess ? { removeAccess } : {}),
    };
    const parsed = changePasswordRequestSchema.safeParse(body);
    setErrors(
      translateFieldErrors(parsed, { currentPassword: t('currentPassword'), newPassword: t('newPassword') }),
    );
    if (!parsed.success) return;
    changeMutation.mutate(parsed.data, {
      onSuccess: () => {
        setFields(emptyFields);
        setRemoveAccess(false);
      },
    });
  }

  const controls = [
    { field: 'currentPassword', autoComplete: 'current-password' },
    { field: 'newPassword', autoComplete: 'new-password' },
    { field: 'confirmPassword', autoComplete: 'new-password' },
  ] as const;

  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-5">
      {controls.map(({ field, autoComplete }) => {
        const controlId = `${id}-${field}`;
        return (
          <FormField key={field} label={t(field)} htmlFor={controlId} error={errors[field]}>
            <PasswordInput
              id={controlId}
              autoComplete={autoComplete}
              required
              value={fields[field]}
              onChange={setField(field)}
              {...fieldErrorProps(controlId, errors[field])}
            />
          </FormField>
        );
      })}
      <RemoveAccessCheckbox checked={removeAccess} onChange={setRemoveAccess} />
      <div>
        <Button type="submit" disabled={changeMutation.isPending}>
          {changeMutation.isPending ? t('changing') : t('changePassword')}
        </Button>
      </div>
    </form>
  );
}

/** The option to remove, with the old password, whatever reaches outside the account. */
function RemoveAccessCheckbox({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation('profile');
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <Checkbox
        id={id}
        checked={checked}
        onCheckedChange={(value) => onChange(value === true)}
        aria-describedby={`${id}-hint`}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          {t('removeAccess')}
        </label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {t('removeAccessHint')}
        </p>
      </div>
    </div>
  );
}

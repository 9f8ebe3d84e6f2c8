import { updateProfileRequestSchema, type Profile } from '@farol/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { fieldErrorProps, FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { formatLongDate } from '../../../lib/format.ts';
import { translateFieldErrors } from '../../../lib/form-errors.ts';
import { useUpdateProfileMutation } from '../api/profile-api.ts';

export function PersonalInfoForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const id = useId();
  const [name, setName] = useState(profile.name);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const updateMutation = useUpdateProfileMutation();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (updateMutation.isPending) return;
    const parsed = updateProfileRequestSchema.safeParse({ name });
    setErrors(translateFieldErrors(parsed, { name: t('name') }));
    if (parsed.success) updateMutation.mutate(parsed.data);
  }

  const isUnchanged = name.trim() === profile.name;
  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-5">
      <FormField label={t('name')} htmlFor={`${id}-name`} error={errors.name}>
        <Input
          id={`${id}-name`}
          autoComplete="name"
          required
          value={name}
          onChange={(event) => setName(event.target.value)}
          {...fieldErrorProps(`${id}-name`, errors.name)}
        />
      </FormField>
      <FormField label={t('email')} htmlFor={`${id}-email`} hint={t('emailReadOnly')}>
        <Input id={`${id}-email`} type="email" value={profile.email} disabled readOnly />
      </FormField>
      <dl className="flex flex-col gap-1 text-sm">
        <dt className="text-muted-foreground">{t('memberSince')}</dt>
        <dd className="font-medium">
          <time dateTime={profile.createdAt}>{formatLongDate(profile.createdAt)}</time>
        </dd>
      </dl>
      <div>
        <Button type="submit" disabled={updateMutation.isPending || isUnchanged}>
          {updateMutation.isPending ? t('saving') : t('save')}
        </Button>
      </div>
    </form>
  );
}

import { updateProfileRequestSchema, type Profile } from '@farol/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { fieldErrorProps, FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { formatLongDate } from '../../../lib/format.ts';
import { useValidatedSubmit } from '../../../lib/use-validated-submit.ts';
import { useUpdateProfileMutation } from '../api/profile-api.ts';

export function PersonalInfoForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const id = useId();
  const [name, setName] = useState(profile.name);
  const updateMutation = useUpdateProfileMutation();
  const { errors, submitWith } = useValidatedSubmit(
    updateProfileRequestSchema,
    { name: t('name') },
    updateMutation,
  );

  const isUnchanged = name.trim() === profile.name;
  return (
    <form onSubmit={submitWith({ name })} noValidate className="flex flex-col gap-5">
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

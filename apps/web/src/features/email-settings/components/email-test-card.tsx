import { emailSchema, emailTestTypes, type EmailTestType } from '@farol/contract';
import { MailCheck, Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { fieldErrorProps, FormField } from '../../../components/ui/form-field.tsx';
import { Input, inputClassName } from '../../../components/ui/input.tsx';
import { useResendWelcomeMutation, useSendTestEmailMutation } from '../api/email-settings-api.ts';

/** Test panel: type, optional address, send; resend welcome. One busy flag for both. */
export function EmailTestCard({ ownEmail }: { ownEmail: string }) {
  const { t } = useTranslation('emailSettings');
  const id = useId();
  const [type, setType] = useState<EmailTestType>('welcome');
  const [address, setAddress] = useState('');
  const [addressError, setAddressError] = useState<string | undefined>();
  const testMutation = useSendTestEmailMutation();
  const welcomeMutation = useResendWelcomeMutation();
  const isBusy = testMutation.isPending || welcomeMutation.isPending;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (isBusy) return;
    const email = address.trim();
    // Empty means the account's own address (the server's default).
    if (email && !emailSchema.safeParse(email).success) {
      setAddressError(t('test.addressInvalid'));
      return;
    }
    setAddressError(undefined);
    testMutation.mutate(email ? { type, email } : { type });
  }

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`} className="flex items-center gap-2">
          <Send aria-hidden="true" className="size-4 text-primary" />
          {t('test.title')}
        </CardTitle>
        <CardDescription>{t('test.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t('test.type')} htmlFor={`${id}-type`}>
              <select
                id={`${id}-type`}
                value={type}
                onChange={(event) => setType(event.target.value as EmailTestType)}
                className={inputClassName}
              >
                {emailTestTypes.map((option) => (
                  <option key={option} value={option}>
                    {t(`types.${option}`)}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField
              label={t('test.address')}
              htmlFor={`${id}-address`}
              hint={<span className="break-all">{t('test.addressHint', { email: ownEmail })}</span>}
              error={addressError}
            >
              <Input
                id={`${id}-address`}
                type="email"
                autoComplete="email"
                value={address}
                onChange={(event) => setAddress(event.target.value)}
                {...fieldErrorProps(`${id}-address`, addressError)}
              />
            </FormField>
          </div>
          <div>
            <Button type="submit" disabled={isBusy}>
              <Send aria-hidden="true" />
              {testMutation.isPending ? t('test.sending') : t('test.send')}
            </Button>
          </div>
        </form>
        <ResendWelcomeRow
          isBusy={isBusy}
          isSending={welcomeMutation.isPending}
          onSend={() => welcomeMutation.mutate()}
        />
      </CardContent>
    </Card>
  );
}

type ResendWelcomeRowProps = { isBusy: boolean; isSending: boolean; onSend: () => void };

/** Sends the welcome message again; disabled while either send is in flight. */
function ResendWelcomeRow({ isBusy, isSending, onSend }: ResendWelcomeRowProps) {
  const { t } = useTranslation('emailSettings');
  return (
    <div className="flex flex-col gap-3 border-t border-border pt-4 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="text-sm font-medium">{t('welcome.title')}</p>
        <p className="text-xs text-muted-foreground">{t('welcome.description')}</p>
      </div>
      <Button variant="secondary" disabled={isBusy} onClick={onSend}>
        <MailCheck aria-hidden="true" />
        {isSending ? t('welcome.sending') : t('welcome.send')}
      </Button>
    </div>
  );
}

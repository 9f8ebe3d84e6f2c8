import { keyProviders, type KeyProvider, type Preferences } from '@farol/contract';
import { Bell, Bot, Coins } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { cn } from '../../../lib/cn.ts';
import { currencies, currencyForLanguage, currencyOf, type Currency } from '../../../lib/currency.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useBrowserPush } from '../hooks/use-browser-push.ts';
import { useSavePreferences, type EditablePreferences } from '../hooks/use-save-preferences.ts';

/** AI provider choice and notification switches, with cancel (to /dashboard) and save. */
export function PreferencesForm({ preferences }: { preferences: Preferences }) {
  const { t } = useTranslation('settings');
  const id = useId();
  const navigate = useNavigate();
  const [values, setValues] = useState<EditablePreferences>({
    aiProvider: preferences.aiProvider,
    emailAlerts: preferences.emailAlerts,
    pushNotifications: preferences.pushNotifications,
    currency: savedCurrency(preferences),
  });
  const saving = useSavePreferences();
  // the push switch shows this browser: on only while it is subscribed with permission, whatever the account
  // says; until the user turns it, a save keeps the account's setting (other browsers may be subscribed)
  const push = useBrowserPush();
  const [pushChoice, setPushChoice] = useState<boolean | undefined>();
  const pushShown = pushChoice ?? (preferences.pushNotifications && push.state === 'subscribed');
  const pushToSave = pushChoice ?? preferences.pushNotifications;
  const isUnchanged =
    values.aiProvider === preferences.aiProvider &&
    values.emailAlerts === preferences.emailAlerts &&
    pushToSave === preferences.pushNotifications &&
    values.currency === savedCurrency(preferences);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!saving.isPending)
      setValues(await saving.save({ ...values, pushNotifications: pushToSave }, preferences));
  }

  async function changePush(isOn: boolean) {
    // turning it on asks the browser now, so the switch never shows on for a browser that is not subscribed
    setPushChoice(isOn ? await push.turnOn() : false);
  }

  return (
    <form onSubmit={(event) => void handleSubmit(event)} className="flex flex-col gap-4">
      <AiProviderCard
        headingId={`${id}-ai`}
        value={values.aiProvider}
        onChange={(provider) => setValues((current) => ({ ...current, aiProvider: provider }))}
      />

      <CurrencyCard
        id={`${id}-currency`}
        value={values.currency}
        onChange={(currency) => setValues((current) => ({ ...current, currency }))}
      />

      <NotificationsCard
        id={id}
        emailAlerts={values.emailAlerts}
        onEmailAlertsChange={(checked) => setValues((current) => ({ ...current, emailAlerts: checked }))}
        push={push}
        isPushOn={pushShown}
        onPushChange={(checked) => void changePush(checked)}
        footer={
          <>
            <Button variant="ghost" onClick={() => navigate('/dashboard')} disabled={saving.isPending}>
              {t('preferences.cancel')}
            </Button>
            <Button type="submit" disabled={saving.isPending || isUnchanged}>
              {saving.isPending ? t('preferences.saving') : t('preferences.save')}
            </Button>
          </>
        }
      />
    </form>
  );
}

/** The account's currency, or the default a pt-BR account gets (BRL) and the others (USD). */
const savedCurrency = (preferences: Preferences): Currency =>
  currencyOf(preferences, currencyForLanguage(preferences.language ?? currentLanguage()));

/** The currency every price is shown in (and new alerts are set in). */
function CurrencyCard({
  id,
  value,
  onChange,
}: {
  id: string;
  value: Currency;
  onChange: (currency: Currency) => void;
}) {
  const { t } = useTranslation('settings');
  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`} className="flex items-center gap-2">
          <Coins aria-hidden="true" className="size-4 text-primary" />
          {t('common:currency.settingsTitle')}
        </CardTitle>
        <CardDescription id={`${id}-description`}>{t('common:currency.settingsDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <Label htmlFor={id}>{t('common:currency.label')}</Label>
        <select
          id={id}
          value={value}
          aria-describedby={`${id}-description`}
          onChange={(event) => onChange(event.target.value as Currency)}
          className="h-9 w-full max-w-xs rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring"
        >
          {currencies.map((currency) => (
            <option key={currency} value={currency}>
              {t(`common:currency.names.${currency}`)}
            </option>
          ))}
        </select>
      </CardContent>
    </Card>
  );
}

type AiProviderCardProps = {
  headingId: string;
  value: KeyProvider;
  onChange: (provider: KeyProvider) => void;
};

/** The AI provider as a radio group, each option with its model. */
function AiProviderCard({ headingId, value, onChange }: AiProviderCardProps) {
  const { t } = useTranslation('settings');
  return (
    <Card aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle id={headingId} className="flex items-center gap-2">
          <Bot aria-hidden="true" className="size-4 text-primary" />
          {t('preferences.aiTitle')}
        </CardTitle>
        <CardDescription>{t('preferences.aiDescription')}</CardDescription>
      </CardHeader>
      <CardContent>
        <fieldset className="grid gap-2 sm:grid-cols-2">
          <legend className="sr-only">{t('preferences.aiTitle')}</legend>
          {keyProviders.map((provider: KeyProvider) => (
            <label
              key={provider}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 transition-colors hover:bg-muted/60',
                'has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
              )}
            >
              <input
                type="radio"
                name="aiProvider"
                value={provider}
                checked={value === provider}
                onChange={() => onChange(provider)}
                className="mt-0.5 size-4 accent-primary"
              />
              <span className="flex flex-col gap-0.5">
                <span className="text-sm font-medium">{t(`preferences.providers.${provider}.name`)}</span>
                <span className="text-xs text-muted-foreground">
                  {t(`preferences.providers.${provider}.model`)}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      </CardContent>
    </Card>
  );
}

/**
 * The alert channels this account switches here: e-mail, and this browser's notifications (on only while this
 * browser is subscribed with permission; why not, when it cannot be). `footer`: the form's actions.
 */
function NotificationsCard({
  id,
  emailAlerts,
  onEmailAlertsChange,
  push,
  isPushOn,
  onPushChange,
  footer,
}: {
  id: string;
  emailAlerts: boolean;
  onEmailAlertsChange: (checked: boolean) => void;
  push: ReturnType<typeof useBrowserPush>;
  isPushOn: boolean;
  onPushChange: (checked: boolean) => void;
  footer: ReactNode;
}) {
  const { t } = useTranslation('settings');
  return (
    <Card aria-labelledby={`${id}-notifications`}>
      <CardHeader>
        <CardTitle id={`${id}-notifications`} className="flex items-center gap-2">
          <Bell aria-hidden="true" className="size-4 text-primary" />
          {t('preferences.notificationsTitle')}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col divide-y divide-border">
        <div className="flex items-center justify-between gap-4 pb-3">
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${id}-emailAlerts`}>{t('preferences.emailAlerts.label')}</Label>
            <p className="text-xs text-muted-foreground">{t('preferences.emailAlerts.description')}</p>
          </div>
          <Switch id={`${id}-emailAlerts`} checked={emailAlerts} onCheckedChange={onEmailAlertsChange} />
        </div>
        <div className="flex items-center justify-between gap-4 pt-3">
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${id}-pushNotifications`}>{t('preferences.pushNotifications.label')}</Label>
            <p id={`${id}-push-state`} className="text-xs text-muted-foreground">
              {push.state === 'denied' || push.state === 'unsupported'
                ? t(`preferences.push.${push.state}`)
                : t('preferences.pushNotifications.description')}
            </p>
          </div>
          <Switch
            id={`${id}-pushNotifications`}
            checked={isPushOn}
            disabled={push.state === 'checking' || push.isConnecting || push.state === 'unsupported'}
            aria-describedby={`${id}-push-state`}
            onCheckedChange={onPushChange}
          />
        </div>
      </CardContent>
      <CardFooter className="justify-end border-t border-border pt-4">{footer}</CardFooter>
    </Card>
  );
}

import { keyProviders, type KeyProvider, type Preferences } from '@farol/contract';
import { Bot, Coins, Languages } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { cn } from '../../../lib/cn.ts';
import { currencies, currencyForLanguage, currencyOf, type Currency } from '../../../lib/currency.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useChangeLanguage } from '../../../lib/use-change-language.ts';
import { languages, type Language } from '@farol/i18n/languages';
import { useBrowserPush } from '../hooks/use-browser-push.ts';
import { useSavePreferences, type EditablePreferences } from '../hooks/use-save-preferences.ts';

/** The settings page's other cards, placed in their groups around the account's preferences. */
export type SettingsGroupSlots = { plan?: ReactNode; notifications?: ReactNode; integrations?: ReactNode };

/**
 * The settings as one column of groups: Conta (language, currency), Plano, Notificações (e-mail and this
 * browser's switches, then the other channels) and Integrações (the AI provider, then keys, tokens, webhooks).
 * The preferences among them save together with the bar at the end, which follows the screen while something
 * is unsaved; cancel goes to /dashboard. The language changes at once, as in the header.
 */
export function PreferencesForm({
  preferences,
  groups = {},
}: {
  preferences: Preferences;
  groups?: SettingsGroupSlots;
}) {
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
    // The groups hold cards with forms of their own (API tokens, webhooks): only the save bar is this form's, so
    // no form is nested in another (a nested form's button would submit the outer one).
    <div className="flex flex-col gap-8">
      <SettingsGroup id={`${id}-account`} title={t('groups.account')}>
        <LanguageCard id={`${id}-language`} />
        <CurrencyCard
          id={`${id}-currency`}
          value={values.currency}
          onChange={(currency) => setValues((current) => ({ ...current, currency }))}
        />
      </SettingsGroup>
      {groups.plan ? (
        <SettingsGroup id={`${id}-plan`} title={t('groups.plan')}>
          {groups.plan}
        </SettingsGroup>
      ) : null}
      <SettingsGroup id={`${id}-notifications-group`} title={t('groups.notifications')}>
        <NotificationsCard
          id={id}
          emailAlerts={values.emailAlerts}
          onEmailAlertsChange={(checked) => setValues((current) => ({ ...current, emailAlerts: checked }))}
          push={push}
          isPushOn={pushShown}
          onPushChange={(checked) => void changePush(checked)}
        />
        {groups.notifications}
      </SettingsGroup>
      <SettingsGroup id={`${id}-integrations`} title={t('groups.integrations')}>
        <AiProviderCard
          headingId={`${id}-ai`}
          value={values.aiProvider}
          onChange={(provider) => setValues((current) => ({ ...current, aiProvider: provider }))}
        />
        {groups.integrations}
      </SettingsGroup>
      <form onSubmit={(event) => void handleSubmit(event)} className="contents">
        <SaveBar
          isUnchanged={isUnchanged}
          isPending={saving.isPending}
          onCancel={() => navigate('/dashboard')}
        />
      </form>
    </div>
  );
}

/** Cancel and save; while something is unsaved the bar stays in view, above a phone's tab bar. */
function SaveBar({
  isUnchanged,
  isPending,
  onCancel,
}: {
  isUnchanged: boolean;
  isPending: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation('settings');
  return (
    <div
      className={cn(
        'flex justify-end gap-2 rounded-lg border border-border bg-popover/95 p-3 backdrop-blur',
        !isUnchanged && 'sticky bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-30 shadow-lg md:bottom-4',
      )}
    >
      <Button variant="ghost" onClick={onCancel} disabled={isPending}>
        {t('preferences.cancel')}
      </Button>
      <Button type="submit" disabled={isPending || isUnchanged}>
        {isPending ? t('preferences.saving') : t('preferences.save')}
      </Button>
    </div>
  );
}

/** One group of the settings column, titled. */
function SettingsGroup({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        {title}
      </h2>
      <div className="flex flex-col gap-4">{children}</div>
    </section>
  );
}

/** The interface language, saved to the account at once (as the header's menu does). */
function LanguageCard({ id }: { id: string }) {
  const { t, i18n } = useTranslation('settings');
  const changeLanguage = useChangeLanguage();
  const current = languages.find((language) => language === i18n.resolvedLanguage) ?? 'pt-BR';
  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`} className="flex items-center gap-2">
          <Languages aria-hidden="true" className="size-4 text-primary" />
          {t('common:nav.language')}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <Label htmlFor={id}>{t('common:nav.language')}</Label>
        <select
          id={id}
          value={current}
          onChange={(event) => void changeLanguage(event.target.value as Language)}
          className="h-11 w-full max-w-xs rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring sm:h-9"
        >
          {languages.map((language) => (
            <option key={language} value={language} lang={language}>
              {t(`common:languages.${language}`)}
            </option>
          ))}
        </select>
      </CardContent>
    </Card>
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
 * browser is subscribed with permission; why not, when it cannot be).
 */
function NotificationsCard({
  id,
  emailAlerts,
  onEmailAlertsChange,
  push,
  isPushOn,
  onPushChange,
}: {
  id: string;
  emailAlerts: boolean;
  onEmailAlertsChange: (checked: boolean) => void;
  push: ReturnType<typeof useBrowserPush>;
  isPushOn: boolean;
  onPushChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation('settings');
  return (
    // titled by its group (Notificações)
    <Card>
      <CardContent className="flex flex-col divide-y divide-border pt-5">
        <div className="flex items-center justify-between gap-4 pb-3">
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${id}-emailAlerts`}>{t('preferences.emailAlerts.label')}</Label>
            <p className="text-xs text-muted-foreground">{t('preferences.emailAlerts.description')}</p>
            <Link
              to="/email-settings"
              className="text-xs font-medium text-primary underline-offset-4 hover:underline"
            >
              {t('preferences.emailAlerts.settingsLink')}
            </Link>
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
    </Card>
  );
}

import { alertChannels, type AlertChannel } from '@farol/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn.ts';
import { useChannelSetupQueries } from '../api/alerts-api.ts';

/**
 * The channels the user has set up, as the server delivers on them: e-mail and push by the account's
 * switches, Telegram once a chat is linked, a webhook while one listens to `alert.fired`. Unknown (still
 * loading) channels count as set up, so nothing is shown unchecked by a slow answer.
 */
export function useSetUpAlertChannels(): ReadonlySet<AlertChannel> {
  // a plan without webhooks answers 403: no webhook is set up then
  const { profile, telegram, webhooks } = useChannelSetupQueries();
  const preferences = profile.data?.preferences;
  const isSetUp: Record<AlertChannel, boolean> = {
    email: preferences ? preferences.emailAlerts : true,
    push: preferences ? preferences.pushNotifications : true,
    telegram: telegram.data ? telegram.data.linked : !telegram.isError,
    webhook: webhooks.data
      ? webhooks.data.webhooks.some((hook) => hook.isActive && hook.events.includes('alert.fired'))
      : !webhooks.isError,
  };
  return new Set(alertChannels.filter((channel) => isSetUp[channel]));
}

type AlertChannelsPickerProps = {
  id: string;
  /** The channels chosen; undefined: not chosen, every channel set up (what the server does then). */
  value: AlertChannel[] | undefined;
  onChange: (channels: AlertChannel[]) => void;
  error?: string;
};

/**
 * Where this alert's firings go: one switch-like checkbox per channel, those set up checked until the user
 * chooses; a channel not set up says so and links to the settings where it is set up.
 */
export function AlertChannelsPicker({ id, value, onChange, error }: AlertChannelsPickerProps) {
  const { t } = useTranslation('alertsPage');
  const setUp = useSetUpAlertChannels();
  const chosen = value ?? alertChannels.filter((channel) => setUp.has(channel));
  const toggle = (channel: AlertChannel, isOn: boolean) =>
    onChange(alertChannels.filter((each) => (each === channel ? isOn : chosen.includes(each))));
  const hasMissing = alertChannels.some((channel) => !setUp.has(channel));
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={error ? `${id}-channels-error` : `${id}-channels-hint`}
    >
      <legend className="mb-2 text-sm font-medium">{t('channels.legend')}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {alertChannels.map((channel) => (
          <label
            key={channel}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-border px-3 py-2 text-sm transition-colors hover:bg-muted/60',
              'has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
            )}
          >
            <input
              type="checkbox"
              name={`${id}-channels`}
              value={channel}
              checked={chosen.includes(channel)}
              onChange={(event) => toggle(channel, event.target.checked)}
              className="size-4 shrink-0 accent-primary"
            />
            <span className="flex min-w-0 flex-col leading-tight">
              <span className="font-medium">{t(`channels.${channel}`)}</span>
              {setUp.has(channel) ? null : (
                <span className="text-xs text-muted-foreground">{t('channels.notSetUp')}</span>
              )}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-channels-error`} role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : (
        <p id={`${id}-channels-hint`} className="text-xs text-muted-foreground">
          {t('channels.hint')}{' '}
          {hasMissing ? (
            <Link to="/settings" className="underline underline-offset-4 hover:text-foreground">
              {t('channels.setUp')}
            </Link>
          ) : null}
        </p>
      )}
    </fieldset>
  );
}

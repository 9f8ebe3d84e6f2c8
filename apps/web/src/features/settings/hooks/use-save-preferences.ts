import type { Preferences } from '@farol/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Currency } from '../../../lib/currency.ts';
import { useUpdatePreferencesMutation } from '../api/settings-api.ts';
import { isThisBrowserSubscribed, subscribeThisBrowser, unsubscribeThisBrowser } from './browser-push.ts';

export type EditablePreferences = Pick<Preferences, 'aiProvider' | 'emailAlerts' | 'pushNotifications'> & {
  currency: Currency;
};

/**
 * Saves the preferences. Turning browser notifications on subscribes this browser first (the browser asks
 * for permission); refused or impossible, the switch goes back off and the toast says why. Turning them off
 * unsubscribes this browser. Answers what was saved.
 */
export function useSavePreferences() {
  const { t } = useTranslation('settings');
  const update = useUpdatePreferencesMutation();
  const [isConnecting, setConnecting] = useState(false);

  async function pushSwitchFor(values: EditablePreferences, saved: Preferences): Promise<boolean> {
    if (!values.pushNotifications) {
      if (saved.pushNotifications) await unsubscribeThisBrowser().catch(() => undefined);
      return false;
    }
    // the browser is asked only when the switch is turned on here, never on a save of something else
    if (saved.pushNotifications || (await isThisBrowserSubscribed().catch(() => false))) return true;
    setConnecting(true);
    const setup = await subscribeThisBrowser()
      .catch(() => 'unsupported' as const)
      .finally(() => setConnecting(false));
    if (setup === 'subscribed') return true;
    toast.error(t(`preferences.push.${setup}`));
    return false;
  }

  async function save(values: EditablePreferences, saved: Preferences): Promise<EditablePreferences> {
    const next = { ...values, pushNotifications: await pushSwitchFor(values, saved) };
    update.mutate(next);
    return next;
  }

  return { save, isPending: update.isPending || isConnecting };
}

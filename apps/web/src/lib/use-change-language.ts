import { preferencesResponseSchema, type PublicUser } from '@farol/contract';
import { useEffect } from 'react';
import { apiRequest } from './api-client.ts';
import { changeLanguage, currentLanguage, type Language } from './i18n.ts';
import { notifyError } from './query-client.ts';
import { readSession, saveUser, useSession } from './session.ts';

// Every request names the interface language, and the server answers in it; the account's saved language
// serves what no request names (e-mails, alerts, the digest). So the saved preference follows the interface,
// and answers written in a language carry it in their query key (`useLanguageKey`): a switch fetches only
// what is on screen.

/** Stores `language` in the account preferences when signed in and it differs; best effort (the interface has switched already). */
async function saveLanguagePreference(language: Language): Promise<void> {
  const session = readSession();
  if (!session || session.user.preferences.language === language) return;
  try {
    const { preferences } = await apiRequest('/api/user/preferences', {
      method: 'PUT',
      body: { language },
      schema: preferencesResponseSchema,
    });
    const current = readSession();
    if (current?.token === session.token) saveUser({ ...current.user, preferences });
  } catch (error) {
    // Silent, except an expired session, which the one error handler still ends and announces.
    notifyError(error, { silent: true });
  }
}

/** An explicit switch (language menu): the interface now, then the account preference. */
export function useChangeLanguage(): (language: Language) => Promise<void> {
  return async (language) => {
    await changeLanguage(language);
    await saveLanguagePreference(language);
  };
}

/** At login the account's saved language is the user's standing choice: it sets the interface language. */
export async function applyAccountLanguage(user: PublicUser): Promise<void> {
  const saved = user.preferences.language;
  if (saved && saved !== currentLanguage()) await changeLanguage(saved);
}

/**
 * While signed in, the interface language is the latest choice made in this browser (applied at login, picked
 * in the menu, or a `?lng=` link): whenever the account's preference differs (on start-up, or when the page
 * guard refreshes the stored user with a change made elsewhere), the account follows the interface.
 */
export function useLanguageAgreement(): void {
  const session = useSession();
  const isSignedIn = session !== null;
  const savedLanguage = session?.user.preferences.language;
  useEffect(() => {
    const language = currentLanguage();
    if (isSignedIn && savedLanguage !== language) void saveLanguagePreference(language);
  }, [isSignedIn, savedLanguage]);
}

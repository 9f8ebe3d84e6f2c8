import { preferencesResponseSchema, type PublicUser } from '@farol/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from './api-client.ts';
import { changeLanguage, currentLanguage, type Language } from './i18n.ts';
import { notifyError } from './query-client.ts';
import { readSession, saveUser, useSession } from './session.ts';

// Signed in, the server writes its texts (signal reasoning, AI analysis, chat, e-mails) in the account's
// saved language, whatever the request says. So the interface language and the account preference must
// agree, and answers cached in the previous language must be fetched again after a switch (query keys are
// URLs and do not carry the language).

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

/** Saves the preference first, then refetches every active query (the server now answers in `language`). */
async function agreeOnLanguage(queryClient: QueryClient, language: Language): Promise<void> {
  await saveLanguagePreference(language);
  await queryClient.invalidateQueries();
}

/** An explicit switch (language menu): interface now, account preference next, then every cached answer again. */
export function useChangeLanguage(): (language: Language) => Promise<void> {
  const queryClient = useQueryClient();
  return async (language) => {
    await changeLanguage(language);
    await agreeOnLanguage(queryClient, language);
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
  const queryClient = useQueryClient();
  const session = useSession();
  const isSignedIn = session !== null;
  const savedLanguage = session?.user.preferences.language;
  useEffect(() => {
    const language = currentLanguage();
    if (isSignedIn && savedLanguage !== language) void agreeOnLanguage(queryClient, language);
  }, [isSignedIn, savedLanguage, queryClient]);
}

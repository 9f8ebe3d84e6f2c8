import { preferencesResponseSchema } from '@farol/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';
import { changeLanguage, type Language } from './i18n.ts';
import { readToken } from './session.ts';

/**
 * Switches the interface language (cached in localStorage by the detector) and, when signed in, stores it
 * in the account preferences too so e-mails and alerts arrive in the same language. The server copy is
 * best effort: the interface has already switched, so a failure there stays silent.
 */
export function useChangeLanguage(): (language: Language) => void {
  const { mutate } = useMutation({
    mutationFn: (language: Language) =>
      apiRequest('/api/user/preferences', { method: 'PUT', body: { language }, schema: preferencesResponseSchema }),
    meta: { silent: true },
  });
  return (language) => {
    void changeLanguage(language);
    if (readToken()) mutate(language);
  };
}

import { useTranslation } from 'react-i18next';

/**
 * The query key of an answer the server writes in the request's language (signal reasoning, analysis, plan
 * names): the URL and the interface language. A language switch then fetches only the answers on screen, in
 * the new language, and switching back shows the cached ones at once.
 */
export function useLanguageKey(url: string): readonly [string, string] {
  const { i18n } = useTranslation();
  return [url, i18n.language] as const;
}

import { defaultLanguage, languages, resources, type Language } from '@farol/i18n';
import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';

export const supportedLanguages = languages;
export type { Language };

export const i18n = i18next.createInstance();

// Catalogues are bundled, so init is synchronous and the first render is already translated.
void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    fallbackLng: defaultLanguage,
    supportedLngs: [...languages],
    // 'pt' or 'en-US' from the browser resolve to the closest supported language, never to a missing one.
    nonExplicitSupportedLngs: false,
    load: 'currentOnly',
    ns: Object.keys(resources[defaultLanguage]),
    defaultNS: 'common',
    keySeparator: '.',
    nsSeparator: ':',
    interpolation: { escapeValue: false, prefix: '{{', suffix: '}}' },
    detection: {
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
      caches: ['localStorage'],
    },
    returnNull: false,
    initAsync: false,
    react: { useSuspense: false },
  });

function applyDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

applyDocumentLanguage(currentLanguage());
i18n.on('languageChanged', applyDocumentLanguage);

/** The active interface language, always one of the three supported ones. */
export function currentLanguage(): Language {
  const resolved = i18n.resolvedLanguage ?? i18n.language;
  return (languages as readonly string[]).includes(resolved) ? (resolved as Language) : defaultLanguage;
}

/** Switches the interface language; the detector caches the choice in localStorage. */
export async function changeLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
}

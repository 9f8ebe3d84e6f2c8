import { defaultLanguage, languages, productFacts, type Language } from '@farol/i18n/languages';
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';

export const supportedLanguages = languages;
export type { Language };

/**
 * One lazily loaded chunk per language and namespace: a visitor downloads only the catalogues of the
 * language they read (all three languages bundled together cost ~30 KB gzip on every first load).
 */
const catalogueLoaders = import.meta.glob<Record<string, unknown>>(
  '../../../../packages/i18n/locales/*/*.json',
  {
    import: 'default',
  },
);

function catalogueKey(path: string): { language: string; namespace: string } {
  const [language = '', file = ''] = path.split('/').slice(-2);
  return { language, namespace: file.replace(/\.json$/, '') };
}

const allNamespaces = [
  ...new Set(Object.keys(catalogueLoaders).map((path) => catalogueKey(path).namespace)),
].sort();

/**
 * Namespaces of the public marketing pages: long copy the signed-in screens never use, so they are
 * loaded by the page that needs them (`loadNamespaces`), not with the app.
 */
const pageOnlyNamespaces = new Set([
  'landing',
  'marketing',
  'pricing',
  'legal',
  'contact',
  'blog',
  'developers',
]);
/** What the shell itself speaks (nav, footer, states, API errors, the session-expired toast). */
const startupNamespaces = ['common', 'errors', 'auth'];
/** The signed-in screens' copy: the router loads it with those routes (`loadAppNamespaces`), not with the landing. */
const appNamespaces = allNamespaces.filter((namespace) => !pageOnlyNamespaces.has(namespace));

const catalogueBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = catalogueLoaders[`../../../../packages/i18n/locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (catalogue) => callback(null, catalogue as Parameters<ReadCallback>[1]),
      (error: unknown) => callback(error instanceof Error ? error.message : String(error), false),
    );
  },
};

export const i18n = i18next.createInstance();

// Awaited at module level: nothing imports this module and renders before the active language's
// catalogues are in, so the first paint is already translated (no keys flashing, no layout shift).
await i18n
  .use(catalogueBackend)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    // pt-BR resolves unsupported browser languages; a supported language loads no second catalogue set
    // (every key exists in all three: packages/i18n catalogue test), which halves the first-load bytes.
    fallbackLng: (code: string) => ((languages as readonly string[]).includes(code) ? [] : [defaultLanguage]),
    supportedLngs: [...languages],
    // 'pt' or 'en-US' from the browser resolve to the closest supported language, never to a missing one.
    nonExplicitSupportedLngs: false,
    load: 'currentOnly',
    ns: startupNamespaces,
    defaultNS: 'common',
    keySeparator: '.',
    nsSeparator: ':',
    interpolation: { escapeValue: false, prefix: '{{', suffix: '}}', defaultVariables: { ...productFacts } },
    detection: {
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
      caches: ['localStorage'],
    },
    returnNull: false,
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

/** Switches the interface language once its catalogues are loaded; the detector caches the choice. */
export async function changeLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
}

/**
 * Loads page-only namespaces (and keeps them loaded across language switches). Page modules await it
 * at module level, so the route renders translated on its first paint.
 */
export async function loadNamespaces(...namespaces: string[]): Promise<void> {
  await i18n.loadNamespaces(namespaces);
}

/** Loads the catalogues of the signed-in screens and account forms (all but the marketing pages' copy). */
export async function loadAppNamespaces(): Promise<void> {
  await loadNamespaces(...appNamespaces);
}

import { resources } from './resources.ts';

export { resources };
import { defaultLanguage, languages, productFacts, type Language } from './languages.ts';

export { defaultLanguage, languages, productFacts, type Language };
export type Namespace = keyof (typeof resources)['pt-BR'];
export const namespaces = Object.keys(resources['pt-BR']) as Namespace[];

type Catalogue = { [key: string]: string | Catalogue };

function lookup(catalogue: Catalogue | undefined, path: string[]): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of path) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Replaces `{{name}}` markers (i18next's default interpolation) with params. */
export function interpolate(text: string, params?: Record<string, unknown>): string {
  if (!params) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (marker, name: string) =>
    name in params ? String(params[name]) : marker,
  );
}

/**
 * Translates `namespace:key.path` (or `key.path` in `common`) for a language, falling back to pt-BR,
 * then to `defaultValue`, then to the key itself — the same rules the web's i18next follows.
 */
export function translate(
  language: Language,
  key: string,
  params?: Record<string, unknown>,
  defaultValue?: string,
): string {
  const [namespace, path] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['common', key];
  const parts = path.split('.');
  const text =
    lookup(resources[language]?.[namespace as Namespace] as Catalogue, parts) ??
    lookup(resources[defaultLanguage][namespace as Namespace] as Catalogue, parts) ??
    defaultValue ??
    key;
  return interpolate(text, { ...productFacts, ...params });
}

/** Whether a key exists in the pt-BR source catalogue. */
export function hasTranslation(key: string): boolean {
  const [namespace, path] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['common', key];
  return (
    lookup(resources[defaultLanguage][namespace as Namespace] as Catalogue, path.split('.')) !== undefined
  );
}

/** Picks the best supported language from an Accept-Language header ("en-US,en;q=0.9" -> "en"). */
/** The first supported language an Accept-Language header asks for (by quality), or undefined when none. */
export function matchLanguage(header: string | undefined | null): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const quality = rest.find((p) => p.trim().startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: quality ? Number(quality.trim().slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    if (tag.startsWith('pt')) return 'pt-BR';
    if (tag.startsWith('en')) return 'en';
    if (tag.startsWith('es')) return 'es';
  }
  return undefined;
}

/** The language an Accept-Language header asks for, pt-BR when it names no supported one. */
export function resolveLanguage(header: string | undefined | null): Language {
  return matchLanguage(header) ?? defaultLanguage;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

import type { Language } from './languages.ts';

/**
 * The public pages, once for the server (titles and descriptions in the first HTML, the sitemap) and the web
 * (its router builds one public route per entry): each path with the catalogue entry (`<namespace>:<prefix>`)
 * holding its title and description.
 */
export const publicPages = [
  { path: '/', meta: 'landing:meta', fullTitle: true },
  { path: '/about', meta: 'marketing:about.meta' },
  { path: '/features', meta: 'marketing:features.meta' },
  { path: '/pricing', meta: 'pricing:meta' },
  { path: '/ai-chat', meta: 'marketing:aiChat.meta' },
  { path: '/trading-signals', meta: 'marketing:tradingSignals.meta' },
  { path: '/track-record', meta: 'marketing:trackRecord.meta' },
  { path: '/blog', meta: 'blog:meta' },
  { path: '/contact', meta: 'contact:meta' },
  { path: '/developers', meta: 'developers:meta' },
  { path: '/privacy', meta: 'legal:privacy.meta' },
  { path: '/terms', meta: 'legal:terms.meta' },
] as const satisfies { path: string; meta: string; fullTitle?: boolean }[];

export type PublicPage = (typeof publicPages)[number];
export type PublicPagePath = PublicPage['path'];

/** A page's URL in a language: pt-BR (the default) is the bare path, the others add `?lng=`. */
export function localizedUrl(origin: string, path: string, language: Language): string {
  return language === 'pt-BR' ? `${origin}${path}` : `${origin}${path}?lng=${language}`;
}

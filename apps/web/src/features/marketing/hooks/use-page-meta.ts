import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
// the server's SEO module builds the same URLs with the same function, so crawlers and the app agree
import { localizedUrl } from '@farol/i18n/public-pages';
import { currentLanguage, supportedLanguages } from '../../../lib/i18n.ts';

function upsertMeta(attribute: 'name' | 'property', key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}

function upsertLink(selector: string, attributes: Record<string, string>): void {
  let element = document.head.querySelector<HTMLLinkElement>(selector);
  if (!element) {
    element = document.createElement('link');
    document.head.append(element);
  }
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
}

/**
 * Title, description, canonical, Open Graph, Twitter and hreflang tags of a public page, kept in step
 * with the language. The first paint already has them from the server; this keeps them right while the
 * visitor navigates inside the app. `fullTitle` skips the " · Farol" suffix (the landing page).
 */
export function usePageMeta({
  title,
  description,
  fullTitle = false,
}: {
  title: string;
  description: string;
  fullTitle?: boolean;
}): void {
  const { t, i18n } = useTranslation('common');
  const { pathname } = useLocation();
  const brand = t('brand');
  const language = i18n.language ? currentLanguage() : 'pt-BR';
  useEffect(() => {
    const pageTitle = fullTitle ? title : `${title} · ${brand}`;
    const url = localizedUrl(window.location.origin, pathname, language);
    document.title = pageTitle;
    upsertMeta('name', 'description', description);
    upsertMeta('property', 'og:title', pageTitle);
    upsertMeta('property', 'og:description', description);
    upsertMeta('property', 'og:url', url);
    upsertMeta('property', 'og:locale', language.replace('-', '_'));
    upsertMeta('name', 'twitter:title', pageTitle);
    upsertMeta('name', 'twitter:description', description);
    upsertLink('link[rel="canonical"]', { rel: 'canonical', href: url });
    for (const alternate of supportedLanguages) {
      upsertLink(`link[rel="alternate"][hreflang="${alternate}"]`, {
        rel: 'alternate',
        hreflang: alternate,
        href: localizedUrl(window.location.origin, pathname, alternate),
      });
    }
    upsertLink('link[rel="alternate"][hreflang="x-default"]', {
      rel: 'alternate',
      hreflang: 'x-default',
      href: localizedUrl(window.location.origin, pathname, 'pt-BR'),
    });
  }, [title, description, fullTitle, brand, pathname, language]);
}

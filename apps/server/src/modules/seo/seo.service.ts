import { languages, translate, type Language } from '@farol/i18n';
import { localizedUrl, publicPages, type PublicPage } from '@farol/i18n/public-pages';

export { localizedUrl, publicPages };
import type { FastifyRequest } from 'fastify';
import { findListedCoin } from '../market/coin-page.service.ts';
import type { RenderedIndex } from '../../plugins/spa.ts';

const OG_IMAGE_PATH = '/og-image.png';
const OG_IMAGE_SIZE = { width: 1200, height: 630 };

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

function findPublicPage(pathname: string): PublicPage | undefined {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return publicPages.find((page) => page.path === normalized);
}

/** The head tags of one public page in one language. */
export function renderPageHead(page: PublicPage, language: Language, origin: string): string {
  const pageTitle = translate(language, `${page.meta}.title`);
  const isFullTitle = 'fullTitle' in page && page.fullTitle;
  return renderHeadTags(
    {
      path: page.path,
      title: isFullTitle ? pageTitle : `${pageTitle} · ${translate(language, 'common:brand')}`,
      description: translate(language, `${page.meta}.description`),
    },
    language,
    origin,
  );
}

type PageHead = { path: string; title: string; description: string };

/** Title, description, canonical, hreflang alternates, Open Graph and Twitter tags of one page in one language. */
function renderHeadTags({ path, title, description }: PageHead, language: Language, origin: string): string {
  const brand = translate(language, 'common:brand');
  const url = localizedUrl(origin, path, language);
  const image = `${origin}${OG_IMAGE_PATH}`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...languages.map(
      (alternate) =>
        `<link rel="alternate" hreflang="${alternate}" href="${escapeHtml(localizedUrl(origin, path, alternate))}" />`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(localizedUrl(origin, path, 'pt-BR'))}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(brand)}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:locale" content="${language.replace('-', '_')}" />`,
    ...languages
      .filter((alternate) => alternate !== language)
      .map((alternate) => `<meta property="og:locale:alternate" content="${alternate.replace('-', '_')}" />`),
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    `<meta property="og:image:width" content="${OG_IMAGE_SIZE.width}" />`,
    `<meta property="og:image:height" content="${OG_IMAGE_SIZE.height}" />`,
    `<meta property="og:image:alt" content="${escapeHtml(brand)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(description)}" />`,
    `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
  ];
  return tags.join('\n    ');
}

// The build's generic tags, replaced by the page's own: title, description, Open Graph, Twitter, canonical, alternates.
const replacedTags =
  /\s*(?:<title>[\s\S]*?<\/title>|<meta\s+(?:name|property)="(?:description|og:[^"]+|twitter:[^"]+)"[\s\S]*?\/?>|<link\s+rel="(?:canonical|alternate)"[\s\S]*?\/?>)/g;

const withHead = (html: string, head: string) =>
  html.replace(replacedTags, '').replace('</head>', `    ${head}\n  </head>`);

const coinPagePath = /^\/coins\/([^/]{1,20})\/?$/;

/**
 * A coin page's head from the market's cached coin list: "Bitcoin (BTC): preço, gráfico e sinal · Farol".
 * A symbol outside the list is the SPA's 404 with a 404 status; with the market unreachable, the build's
 * generic tags stay (the page itself still loads).
 */
async function renderCoinHead(request: FastifyRequest, symbolText: string, origin: string) {
  const language = request.language;
  let symbol: string;
  try {
    symbol = decodeURIComponent(symbolText);
  } catch {
    return { statusCode: 404 };
  }
  const coin = await findListedCoin(request.server.market, symbol).then(
    (result) => result.data ?? null,
    (error: unknown) => {
      request.log.warn({ err: error }, 'seo: coin list unavailable, generic head tags');
      return undefined;
    },
  );
  if (coin === undefined) return { statusCode: 200 };
  if (coin === null) return { statusCode: 404 };
  const params = { name: coin.name, symbol: coin.symbol };
  const head = renderHeadTags(
    {
      path: `/coins/${coin.symbol.toLowerCase()}`,
      title: `${translate(language, 'coin:meta.title', params)} · ${translate(language, 'common:brand')}`,
      description: translate(language, 'coin:meta.description', params),
    },
    language,
    origin,
  );
  return { statusCode: 200, head };
}

/**
 * index.html for a request: a public page gets its title, description, canonical, hreflang alternates,
 * Open Graph and Twitter tags in the caller's language (`?lng=`, else Accept-Language), because social
 * crawlers run no JavaScript; so does a coin page (/coins/btc), from the cached coin list. Every page gets
 * `<html lang>` in that language.
 */
export async function renderIndexHtml(request: FastifyRequest, html: string): Promise<RenderedIndex> {
  const language = request.language;
  const withLanguage = html.replace(/<html lang="[^"]*"/, `<html lang="${language}"`);
  const pathname = request.url.split('?')[0] ?? '/';
  const origin = request.server.config.APP_URL.replace(/\/+$/, '');
  const coinMatch = coinPagePath.exec(pathname);
  if (coinMatch) {
    const { statusCode, head } = await renderCoinHead(request, coinMatch[1]!, origin);
    return { html: head ? withHead(withLanguage, head) : withLanguage, statusCode };
  }
  const page = findPublicPage(pathname);
  if (!page) return { html: withLanguage };
  return { html: withHead(withLanguage, renderPageHead(page, language, origin)) };
}

/** sitemap.xml: every public page with its language alternates (Google's hreflang sitemap form). */
export function renderSitemap(origin: string): string {
  const base = origin.replace(/\/+$/, '');
  const entries = publicPages.flatMap((page) =>
    languages.map((language) => {
      const alternates = [
        ...languages.map(
          (alternate) =>
            `<xhtml:link rel="alternate" hreflang="${alternate}" href="${escapeHtml(localizedUrl(base, page.path, alternate))}"/>`,
        ),
        `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(localizedUrl(base, page.path, 'pt-BR'))}"/>`,
      ];
      return `  <url>\n    <loc>${escapeHtml(localizedUrl(base, page.path, language))}</loc>\n    ${alternates.join('\n    ')}\n  </url>`;
    }),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

/** Signed-in screens hold no public content; the API is not for crawlers. */
const privatePaths = [
  '/api/',
  '/dashboard',
  '/market-analysis',
  '/chat',
  '/profile',
  '/settings',
  '/alerts',
  '/email-settings',
];

export function renderRobots(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...privatePaths.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin.replace(/\/+$/, '')}/sitemap.xml`,
    '',
  ].join('\n');
}

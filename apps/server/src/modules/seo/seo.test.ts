import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { publicPages } from './seo.service.ts';

// The real index.html of the web app (source form): the generic tags the server must replace.
const indexHtml = fs.readFileSync(new URL('../../../../web/index.html', import.meta.url), 'utf8');
const APP_URL = 'https://farol.example';

let testApp: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'farol-seo-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), indexHtml);
  testApp = await startTestApp({ env: { APP_URL }, deps: { webDist } });
});

afterAll(async () => {
  await testApp?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

async function getHtml(pathname: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${testApp.url}${pathname}`, { headers });
  return { status: response.status, html: await response.text(), type: response.headers.get('content-type') };
}

const count = (html: string, pattern: RegExp) => html.match(new RegExp(pattern, 'g'))?.length ?? 0;

describe('per-page head tags in the HTML the server sends', () => {
  it('serves /about in pt-BR by default with its own title, description, canonical and Open Graph tags', async () => {
    const { status, html } = await getHtml('/about');
    expect(status).toBe(200);
    expect(html).toContain('<html lang="pt-BR"');
    expect(html).toContain('<title>Sobre o Farol · Farol</title>');
    expect(html).toContain('<meta property="og:title" content="Sobre o Farol · Farol" />');
    expect(html).toContain(`<link rel="canonical" href="${APP_URL}/about" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    // The build's generic tags are replaced, not duplicated.
    expect(count(html, /<title>/)).toBe(1);
    expect(count(html, /<meta name="description"/)).toBe(1);
    expect(count(html, /<meta property="og:title"/)).toBe(1);
    expect(count(html, /<meta name="twitter:card"/)).toBe(1);
  });

  it('answers in the language of ?lng= with hreflang alternates for the three languages', async () => {
    const { html } = await getHtml('/pricing?lng=es');
    expect(html).toContain('<html lang="es"');
    expect(html).toContain('<title>Precios y planes · Farol</title>');
    expect(html).toContain(`<link rel="canonical" href="${APP_URL}/pricing?lng=es" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="pt-BR" href="${APP_URL}/pricing" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="en" href="${APP_URL}/pricing?lng=en" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${APP_URL}/pricing" />`);
    expect(html).toContain('<meta property="og:locale" content="es" />');
  });

  it('follows Accept-Language when there is no ?lng=', async () => {
    const { html } = await getHtml('/terms', { 'accept-language': 'en-US,en;q=0.9' });
    expect(html).toContain('<title>Terms of use · Farol</title>');
    expect(html).toContain('<html lang="en"');
  });

  it('serves the developers guide with its own head in each language', async () => {
    expect((await getHtml('/developers?lng=en')).html).toContain('<title>API for developers · Farol</title>');
    expect((await getHtml('/developers')).html).toContain('<title>API para desenvolvedores · Farol</title>');
    expect((await getHtml('/developers?lng=es')).html).toContain(
      '<title>API para desarrolladores · Farol</title>',
    );
  });

  it('gives the landing page its full title without the brand suffix', async () => {
    const { html } = await getHtml('/?lng=en');
    expect(html).toContain('<title>Farol: AI crypto analysis with real indicators</title>');
  });

  it('gives every public page its own title within each language', async () => {
    for (const language of ['pt-BR', 'en', 'es']) {
      const titles = new Set<string>();
      for (const page of publicPages) {
        const { html } = await getHtml(`${page.path}?lng=${language}`);
        const title = html.match(/<title>([^<]*)<\/title>/)?.[1];
        expect(title, `${page.path} ${language}`).toBeTruthy();
        titles.add(title!);
      }
      expect(titles.size, language).toBe(publicPages.length);
    }
  });

  it('keeps the build tags on a signed-in screen and escapes nothing into the markup', async () => {
    const { html } = await getHtml('/dashboard?lng=en');
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('<title>Farol: análise de cripto com IA e indicadores reais</title>');
    expect(html).not.toContain('rel="canonical"');
  });
});

describe('coin pages in the HTML the server sends', () => {
  it('titles /coins/btc with the coin name in each language, with canonical and hreflang', async () => {
    const expected = {
      'pt-BR': 'Bitcoin (BTC): preço, gráfico e sinal · Farol',
      en: 'Bitcoin (BTC): price, chart and signal · Farol',
      es: 'Bitcoin (BTC): precio, gráfico y señal · Farol',
    };
    for (const [language, title] of Object.entries(expected)) {
      const { status, html } = await getHtml(`/coins/btc?lng=${language}`);
      expect(status).toBe(200);
      expect(html).toContain(`<title>${title}</title>`);
      expect(html).toMatch(/<meta name="description" content="Bitcoin \(BTC\)[^"]+" \/>/);
      expect(count(html, /<title>/)).toBe(1);
    }
    const { html } = await getHtml('/coins/BTC?lng=es');
    expect(html).toContain(`<link rel="canonical" href="${APP_URL}/coins/btc?lng=es" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="pt-BR" href="${APP_URL}/coins/btc" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="en" href="${APP_URL}/coins/btc?lng=en" />`);
  });

  it('answers an unknown coin with the app page and a 404 status', async () => {
    const { status, html, type } = await getHtml('/coins/nope-coin');
    expect(status).toBe(404);
    expect(type).toContain('text/html');
    expect(html).toContain('<div id="root">');
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('lists every public page in three languages with alternates', async () => {
    const response = await fetch(`${testApp.url}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/xml');
    const xml = await response.text();
    expect(count(xml, /<url>/)).toBe(publicPages.length * 3);
    expect(xml).toContain(`<loc>${APP_URL}/trading-signals?lng=en</loc>`);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="es" href="${APP_URL}/blog?lng=es"/>`);
    expect(xml).not.toContain('/dashboard');
  });

  it('points crawlers at the sitemap and away from the API and signed-in screens', async () => {
    const response = await fetch(`${testApp.url}/robots.txt`);
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(text).toContain(`Sitemap: ${APP_URL}/sitemap.xml`);
    expect(text).toContain('Disallow: /api/');
    expect(text).toContain('Disallow: /dashboard');
  });
});

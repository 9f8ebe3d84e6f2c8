import { readFileSync } from 'node:fs';
import type { BacktestResults } from '@farol/contract';
import { languages, translate, type Language } from '@farol/i18n';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  registerAccount as registerJourneyAccount,
  startMailingServer,
  verifyAccount,
} from './support/journey.ts';
import { useServerAndBrowser } from './support/server.ts';

// Every public route in every language renders without console errors, with its own title and
// meta tags (in the HTML the server sends and after the app runs), navigation reaches the pages, the FAQ
// opens, pricing buttons are disabled with the right label, and the contact form validates and submits to
// the real server (the message lands in the e-mail outbox).
const publicPages = [
  { path: '/', meta: 'landing:meta', heading: 'landing:hero.titleLead', fullTitle: true },
  { path: '/about', meta: 'marketing:about.meta', heading: 'marketing:about.title' },
  { path: '/contact', meta: 'contact:meta', heading: 'contact:title' },
  { path: '/privacy', meta: 'legal:privacy.meta', heading: 'legal:privacy.title' },
  { path: '/terms', meta: 'legal:terms.meta', heading: 'legal:terms.title' },
  { path: '/features', meta: 'marketing:features.meta', heading: 'marketing:features.title' },
  { path: '/pricing', meta: 'pricing:meta', heading: 'pricing:title' },
  { path: '/ai-chat', meta: 'marketing:aiChat.meta', heading: 'marketing:aiChat.title' },
  {
    path: '/trading-signals',
    meta: 'marketing:tradingSignals.meta',
    heading: 'marketing:tradingSignals.title',
  },
  { path: '/track-record', meta: 'marketing:trackRecord.meta', heading: 'marketing:trackRecord.title' },
  { path: '/blog', meta: 'blog:meta', heading: 'blog:title' },
];

const expectedTitle = (language: Language, page: (typeof publicPages)[number]) =>
  page.fullTitle
    ? translate(language, `${page.meta}.title`)
    : `${translate(language, `${page.meta}.title`)} · Farol`;

// The outbox counts of the whole site (the contact message has no account) are an admin's view: a verified
// ADMIN_EMAILS address, verified through the e-mail the server's SMTP peer receives.
const adminEmail = 'admin@farol.test';
const journey = useServerAndBrowser(() => startMailingServer({ ADMIN_EMAILS: adminEmail }));

async function openContext(
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await journey.browser.newContext({ viewport, serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return { context, page, errors };
}

/** A real account through the API (token and user as the app stores them). */
async function registerAccount(name: string): Promise<{ token: string; user: unknown }> {
  const email = `${name.split(' ')[0]!.toLowerCase()}.${Date.now()}@example.com`;
  const response = await fetch(`${journey.server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, password: 'farol2025segura', confirmPassword: 'farol2025segura' }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { token: string; user: unknown };
}

const headTags = (page: Page) =>
  page.evaluate(() => ({
    title: document.title,
    lang: document.documentElement.lang,
    description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
    ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content'),
    twitterTitle: document.querySelector('meta[name="twitter:title"]')?.getAttribute('content'),
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
    alternates: [...document.querySelectorAll('link[rel="alternate"][hreflang]')]
      .map((link) => link.getAttribute('hreflang'))
      .sort(),
  }));

describe('public pages', () => {
  for (const language of languages) {
    it(`render in ${language} with their title, meta tags and no console error`, async () => {
      const { context, page, errors } = await openContext();
      for (const entry of publicPages) {
        const url = `${journey.server.url}${entry.path}?lng=${language}`;
        const served = await (await fetch(url)).text();
        expect(served, `${entry.path} served title`).toContain(
          `<title>${expectedTitle(language, entry)}</title>`,
        );

        await page.goto(url);
        await page
          .getByRole('heading', { level: 1, name: translate(language, entry.heading) })
          .first()
          .waitFor();
        const tags = await headTags(page);
        const suffix = language === 'pt-BR' ? '' : `?lng=${language}`;
        expect(tags, entry.path).toEqual({
          title: expectedTitle(language, entry),
          lang: language,
          description: translate(language, `${entry.meta}.description`),
          ogTitle: expectedTitle(language, entry),
          twitterTitle: expectedTitle(language, entry),
          canonical: `${journey.server.url}${entry.path}${suffix}`,
          alternates: ['en', 'es', 'pt-BR', 'x-default'],
        });
        // The risk disclaimer is in the footer of every page.
        await page
          .getByRole('note')
          .filter({ hasText: translate(language, 'common:footer.disclaimer') })
          .waitFor();
      }
      await context.close();
      expect(errors).toEqual([]);
    });
  }

  it('reaches every page from the top navigation and the footer', async () => {
    const { context, page, errors } = await openContext();
    await page.goto(`${journey.server.url}/?lng=en`);
    for (const [label, path, heading] of [
      ['About', '/about', 'About Farol'],
      ['Contact', '/contact', 'Talk to us'],
      ['Features', '/features', 'Farol features'],
      ['Pricing', '/pricing', 'Plans for every stage of your trading'],
    ] as const) {
      await page.getByRole('banner').getByRole('link', { name: label, exact: true }).click();
      await page.waitForURL(`**${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    }
    const footer = page.getByRole('contentinfo');
    for (const [label, path] of [
      ['AI chat', '/ai-chat'],
      ['Trading signals', '/trading-signals'],
      ['Blog', '/blog'],
      ['Privacy', '/privacy'],
      ['Terms of use', '/terms'],
    ] as const) {
      await footer.getByRole('link', { name: label, exact: true }).click();
      await page.waitForURL(`**${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.title()).not.toBe('');
    }
    await context.close();
    expect(errors).toEqual([]);
  });

  it('opens the landing FAQ answers and sends visitors to /login, members to /chat', async () => {
    const { context, page } = await openContext({ width: 390, height: 844 });
    await page.goto(`${journey.server.url}/?lng=pt-BR`);
    const question = page.getByText('Qual é a precisão dos sinais?');
    const answer = page.getByText(/Não encontramos vantagem comprovada sobre o acaso/);
    expect(await answer.isVisible()).toBe(false);
    await question.click();
    await answer.waitFor();
    // the figures come from the track record, which leads with the backtest until the live record covers 30 days
    await page.getByText(/No teste histórico \(backtest\)/).waitFor();
    expect(await page.locator('details[data-faq="accuracy"]').getAttribute('open')).not.toBeNull();
    expect(await page.locator('details[data-faq]').count()).toBe(8);

    expect(await page.getByRole('link', { name: 'Entrar e conversar com a IA' }).getAttribute('href')).toBe(
      '/login',
    );
    await page.getByRole('link', { name: 'Criar conta grátis' }).first().waitFor();
    // A session appearing in storage (another tab logging in) switches the actions at once.
    const account = await registerAccount('Ana Souza');
    await page.evaluate(({ token, user }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(user));
      window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    }, account);
    const chatLink = page.getByRole('link', { name: 'Conversar com a IA', exact: true });
    await chatLink.waitFor();
    expect(await chatLink.getAttribute('href')).toBe('/chat');
    expect(await page.getByRole('link', { name: 'Ir para o painel' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(await page.getByRole('link', { name: 'Criar conta grátis' }).count()).toBe(0);
    await context.close();
  });

  it('shows the track record: the published backtest, labelled as such, until the live record covers 30 days', async () => {
    const results = JSON.parse(
      readFileSync(new URL('../docs/backtest/latest.json', import.meta.url), 'utf8'),
    ) as BacktestResults;
    const { context, page, errors } = await openContext({ width: 390, height: 844 });
    await page.goto(`${journey.server.url}/track-record?lng=en`);
    await page.getByText('Historical test (backtest), not signals given live').waitFor();
    await page.getByText('No live signal stored yet').waitFor();
    const sharpe = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const following = page
      .locator('div', { has: page.getByRole('heading', { name: 'Following the signals' }) })
      .last();
    expect(await following.textContent()).toContain(sharpe.format(results.strategy.sharpe!));
    await page
      .getByRole('img', { name: 'Daily equity following the signals and buying and holding' })
      .waitFor();
    // nothing overflows the phone's width (tables scroll inside their own box)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
    expect(errors).toEqual([]);
  });

  it("shows the signals' record from the published backtest, with its method and date, and none of the old fixed figures", async () => {
    const results = JSON.parse(
      readFileSync(new URL('../docs/backtest/latest.json', import.meta.url), 'utf8'),
    ) as BacktestResults;
    const day = results.horizons.find((horizon) => horizon.hours === 24)!;
    const { context, page, errors } = await openContext();
    await page.goto(`${journey.server.url}/trading-signals?lng=en`);
    const table = page.getByRole('table', { name: /Direction right over 24 hours per signal class/ });
    await table.waitFor();
    const rows = await table.locator('tbody tr').allTextContents();
    expect(rows).toHaveLength(5);
    const percent = (value: number) =>
      new Intl.NumberFormat('en', {
        style: 'percent',
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
      }).format(value);
    day.classes.forEach((row, index) => {
      expect(rows[index]).toContain(new Intl.NumberFormat('en').format(row.count));
      // a class the engine never gave (engine 3 never abstains) reads as a dash
      expect(rows[index]).toContain(row.hitRate === null ? '—' : percent(row.hitRate));
    });
    await page
      .getByText(
        `Measured on ${new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(results.generatedAt))}`,
      )
      .waitFor();
    await page.getByText(/Walk-forward test: every 8 hours/).waitFor();
    const body = await page.locator('main').textContent();
    for (const unmeasured of ['accuracy', 'Win rate', '78.5%', 'Scalping', 'Average time'])
      expect(body).not.toContain(unmeasured);
    await context.close();
    expect(errors).toEqual([]);
  });

  it('shows three plans with every button disabled: loading while the subscription loads, coming soon after', async () => {
    const { context, page, errors } = await openContext();
    await page.goto(`${journey.server.url}/pricing?lng=pt-BR`);
    const comingSoon = page.getByRole('button', { name: 'Em breve' });
    await comingSoon.first().waitFor();
    expect(await comingSoon.count()).toBe(3);
    for (const button of await comingSoon.all()) expect(await button.isDisabled()).toBe(true);
    await page.getByText('Personalizado', { exact: true }).waitFor();
    await page.getByText('Mais popular').waitFor();
    const prices = await page.locator('section[aria-labelledby^="plan-"] p.flex').allTextContents();
    expect(prices.map((text) => text.replace(/\s/g, ' '))).toEqual([
      'R$ 49/mês',
      'R$ 149/mês',
      'Personalizado',
    ]);

    // Signed in: the current subscription is fetched; hold its answer to see the loading label.
    const account = await registerAccount('Bia Lima');
    await page.evaluate(({ token, user }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(user));
    }, account);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/subscription/current', async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    const loading = page.getByRole('button', { name: 'Carregando...' });
    await loading.first().waitFor();
    expect(await loading.count()).toBe(3);
    for (const button of await loading.all()) expect(await button.isDisabled()).toBe(true);
    release();
    await expect.poll(() => comingSoon.count()).toBe(3);
    await context.close();
    expect(errors).toEqual([]);
  });

  it('validates the contact form and delivers a valid message to the outbox', async () => {
    const { context, page, errors } = await openContext();
    const account = await verifyAccount(
      journey.server,
      await registerJourneyAccount(journey.server.url, 'Admin Farol', adminEmail),
    );
    // queued or already sent to the SMTP peer: either way in the outbox
    const queued = async () => {
      const status = (await (
        await fetch(`${journey.server.url}/api/email/status`, {
          headers: { authorization: `Bearer ${account.token}` },
        })
      ).json()) as { scope: string; queued: number; sent: number };
      expect(status.scope).toBe('site');
      return status.queued + status.sent;
    };
    const before = await queued();

    await page.goto(`${journey.server.url}/contact?lng=en`);
    const submit = page.getByRole('button', { name: 'Send message' });
    await submit.click();
    expect(await page.getByText('Required field').count()).toBe(4);
    expect(await page.getByLabel('Email').getAttribute('type')).toBe('email');
    expect(await page.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Name').fill('Caio Reis');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Subject').fill('Enterprise');
    await page
      .getByLabel('Message', { exact: true })
      .fill('We are a team of 12 traders and would like a quote.');
    await submit.click();
    await page.getByText('Enter a valid email').waitFor();
    expect(await queued()).toBe(before);

    await page.getByLabel('Email').fill('caio@example.com');
    await submit.click();
    await page.getByText('Message sent!').waitFor();
    await expect.poll(() => page.getByLabel('Name').inputValue()).toBe('');
    expect(await queued()).toBe(before + 1);
    await context.close();
    expect(errors).toEqual([]);
  });
});

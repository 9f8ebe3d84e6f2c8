import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/a11y.ts';
import {
  desktop,
  expectNoSidewaysScroll,
  grantPlan,
  languages,
  phone,
  registerAccount,
  saveScreenshot,
  signedInPage as openSignedInPage,
  startMailingServer,
  verifyAccount,
  type Account,
  type MailingServer,
} from './support/journey.ts';
import { launchBrowser, screenshotDir } from './support/server.ts';

// Journeys on the real server with the simulated market: the free plan's dashboard, the
// profissional plan's search, favourites and market analysis, and a tour of every signed-in page in each
// language on a desktop and a phone (screenshots in e2e/screenshots/, axe, no sideways scroll).

let server: MailingServer;
let browser: Browser;
let accounts: { free: Account; pro: Account; iniciante: Account };
const pageErrors: string[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startMailingServer({ ADMIN_EMAILS: 'admin@farol.test' }),
    launchBrowser(),
  ]);
  await mkdir(screenshotDir, { recursive: true });
  const stamp = Date.now();
  // ADMIN_EMAILS makes admin only a verified address; every account verifies, as its owner would
  const register = async (name: string, email: string) =>
    verifyAccount(server, await registerAccount(server.url, name, email));
  const admin = await register('Admin Farol', 'admin@farol.test');
  const [free, pro, iniciante] = await Promise.all([
    register('Bruno Free', `free.${stamp}@example.com`),
    register('Paula Pro', `pro.${stamp}@example.com`),
    register('Igor Iniciante', `ini.${stamp}@example.com`),
  ]);
  await grantPlan(server.url, admin, pro, 'profissional', 1);
  await grantPlan(server.url, admin, iniciante, 'iniciante');
  accounts = { free, pro, iniciante };
});

afterAll(async () => {
  expect(pageErrors).toEqual([]);
  await browser?.close();
  await server?.stop();
});

/** A browser tab already signed in as `account` (token and user in storage, as after a login). */
function signedInPage(account: Account, viewport = desktop, language: (typeof languages)[number] = 'pt-BR') {
  return openSignedInPage(browser, account, { viewport, language, pageErrors });
}

const coinRows = (page: Page) =>
  page.getByRole('table', { name: /Criptomoedas|Cryptocurrencies|Criptomonedas/ }).locator('tbody tr');

describe('dashboard journeys', () => {
  it('shows a free user 5 coins, the free-plan banner, simulated-data badges and a disabled analysis button', async () => {
    const { context, page } = await signedInPage(accounts.free);
    await page.goto(`${server.url}/dashboard?lng=pt-BR`);
    await page.getByRole('complementary', { name: 'Você está no plano Gratuito' }).waitFor();
    await expect.poll(() => coinRows(page).count()).toBe(5);
    expect(await page.getByRole('button', { name: 'Ver análise completa' }).isDisabled()).toBe(true);
    expect(await page.getByText('Dados simulados').count()).toBeGreaterThan(0);
    expect(await page.getByRole('searchbox').count()).toBe(0);
    // The chart is drawn by lightweight-charts, loaded lazily; its text alternative says what is in view.
    await page.getByRole('img', { name: /^Gráfico de velas BTC\/BRL, 1 hora\. Último fechamento/ }).waitFor();
    await saveScreenshot(page, 'dashboard-free', 'pt-BR');
    await context.close();
  }, 60_000);

  it('shows an iniciante user the ten analysed coins, with favourites and without search', async () => {
    const { context, page } = await signedInPage(accounts.iniciante);
    await page.goto(`${server.url}/dashboard?lng=pt-BR`);
    await page.getByRole('table', { name: 'Criptomoedas' }).waitFor();
    await expect.poll(() => coinRows(page).count()).toBe(10);
    for (const name of ['Bitcoin', 'Ethereum', 'Chainlink', 'Polygon'])
      expect(await coinRows(page).filter({ hasText: name }).count()).toBe(1);
    expect(await page.getByRole('searchbox').count()).toBe(0);
    await page.goto(`${server.url}/coins/btc?lng=pt-BR`);
    await page.getByText('Análise completa no plano Profissional').waitFor();
    await context.close();
  }, 60_000);

  it('lets a profissional user search, favourite a coin from page 2 and see it first, then open the ETH analysis', async () => {
    const { context, page } = await signedInPage(accounts.pro);
    await page.goto(`${server.url}/dashboard?lng=pt-BR`);
    const search = page.getByRole('searchbox', { name: 'Buscar moeda por nome ou símbolo' });
    await search.fill('sol');
    await page.getByText(/resultado\(s\) para "sol"/).waitFor();
    expect(await coinRows(page).filter({ hasText: 'Solana' }).count()).toBe(1);
    await search.fill('');
    await page.getByText(/Página 1 de \d+/).waitFor();

    await page.getByRole('button', { name: 'Próxima' }).click();
    await page.getByText(/Página 2 de \d+/).waitFor();
    const firstOnPage2 = coinRows(page).first();
    // the coin's name is the link to its page
    const coinName = (await firstOnPage2.locator('td').nth(2).getByRole('link').textContent())!.trim();
    await firstOnPage2.getByRole('button', { name: `Adicionar ${coinName} às favoritas` }).click();
    await page.getByText(/Página 1 de \d+/).waitFor();
    await expect.poll(async () => coinRows(page).first().textContent()).toContain(coinName);
    expect(
      await coinRows(page)
        .first()
        .getByRole('button', { name: `Remover ${coinName} das favoritas` })
        .getAttribute('aria-pressed'),
    ).toBe('true');

    await page.getByRole('link', { name: 'Ver análise completa' }).click();
    await page.waitForURL('**/market-analysis');
    // the picker opens the coin page, the analysis screen
    await page.getByRole('link', { name: /^ETH/ }).click();
    await page.waitForURL('**/coins/eth');
    await page.getByRole('heading', { name: 'Por que este sinal' }).waitFor();
    await page.getByRole('heading', { name: 'Suportes e resistências', exact: true }).waitFor();
    // the levels chart is drawn in the analysis's own currency (reais here), so its levels sit on its candles
    await page.getByRole('img', { name: /^Gráfico de velas ETH\/BRL/ }).waitFor();
    await page.locator('[data-level-label]').first().waitFor();
    await context.close();
  }, 90_000);

  it('shows every signed-in page in each language on a desktop and a phone: screenshots, no serious axe violation, no sideways scroll', async () => {
    await createAlert(accounts.pro);
    const problems: string[] = [];
    for (const language of languages) {
      for (const viewport of [desktop, phone]) {
        const isMobile = viewport === phone;
        const { context, page } = await signedInPage(accounts.pro, viewport, language);
        for (const { path, name, ready } of signedInPages) {
          await page.goto(`${server.url}${path}`);
          await ready(page).catch(async (error: unknown) => {
            // The page as it stood when it never became ready: the first thing to look at.
            await page.screenshot({
              path: `${screenshotDir}${name}-${language}${isMobile ? '-mobile' : ''}-not-ready.png`,
              fullPage: true,
            });
            throw error;
          });
          await saveScreenshot(page, name, language, isMobile, name !== 'chat');
          for (const violation of await seriousA11yViolations(page))
            problems.push(`${name} ${language} ${viewport.width}px: ${violation}`);
          if (isMobile) await expectNoSidewaysScroll(page, viewport.width);
        }
        await context.close();
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);
});

/** Every page of the signed-in app and what shows it is ready (language-independent). */
const signedInPages: { path: string; name: string; ready: (page: Page) => Promise<void> }[] = [
  {
    path: '/dashboard',
    name: 'dashboard-pro',
    ready: async (page) => {
      await page.locator('[data-chart-legend="price"]').waitFor();
      await coinRows(page).first().waitFor();
    },
  },
  {
    path: '/market-analysis',
    name: 'market-analysis',
    ready: (page) => page.getByRole('link', { name: /^ETH/ }).waitFor(),
  },
  {
    path: '/coins/eth',
    name: 'coin-eth-analysis',
    ready: async (page) => {
      await page.locator('[data-level-label]').first().waitFor();
      await page.locator('#coin-analysis-title').waitFor();
    },
  },
  { path: '/chat', name: 'chat', ready: (page) => page.getByRole('textbox').first().waitFor() },
  { path: '/alerts', name: 'alerts', ready: (page) => page.getByRole('switch').first().waitFor() },
  {
    path: '/settings',
    name: 'settings',
    ready: async (page) => {
      await page.locator('#subscription-full-title').waitFor();
      await page.getByRole('radio').first().waitFor();
    },
  },
  {
    path: '/email-settings',
    name: 'email-settings',
    ready: async (page) => {
      await page.locator('#email-status-title').waitFor();
      await page.getByRole('combobox').waitFor();
    },
  },
  { path: '/profile', name: 'profile', ready: (page) => page.getByRole('tab').first().waitFor() },
];

/** One RSI alert through the API, so the alerts page shows a card rather than its empty state. */
async function createAlert(account: Account) {
  const response = await fetch(`${server.url}/api/alerts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${account.token}` },
    body: JSON.stringify({
      name: 'ETH sobrevendido',
      coinSymbol: 'ETH',
      coinName: 'Ethereum',
      type: 'tecnico',
      conditions: { rsiBelow: 30 },
    }),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
}

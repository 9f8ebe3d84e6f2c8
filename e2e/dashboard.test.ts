import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotDir, startServer, type RunningServer } from './support/server.ts';

// Issue 9 (part A) journeys on the real server with the simulated market: the free plan's dashboard,
// the profissional plan's search, favourites and market analysis. Screenshots: e2e/screenshots/
// <page>[-mobile]-<lang>.png, desktop 1280 px and phone 390 px.

type Account = { token: string; user: { id: string; name: string } };
const password = 'farol2025segura';
const languages = ['pt-BR', 'en', 'es'] as const;
const desktop = { width: 1280, height: 900 };
const phone = { width: 390, height: 844 };

let server: RunningServer;
let browser: Browser;
let accounts: { free: Account; pro: Account; iniciante: Account };

async function register(name: string, email: string): Promise<Account> {
  const response = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, email, password, confirmPassword: password }),
  });
  expect(response.status).toBeLessThan(300);
  return (await response.json()) as Account;
}

async function grantPlan(admin: Account, user: Account, plan: 'iniciante' | 'profissional') {
  const response = await fetch(`${server.url}/api/admin/users/${user.user.id}/subscription`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin.token}` },
    body: JSON.stringify({ plan }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ ADMIN_EMAILS: 'admin@farol.test' }), launchBrowser()]);
  await mkdir(screenshotDir, { recursive: true });
  const stamp = Date.now();
  const admin = await register('Admin Farol', 'admin@farol.test');
  const [free, pro, iniciante] = await Promise.all([
    register('Bruno Free', `free.${stamp}@example.com`),
    register('Paula Pro', `pro.${stamp}@example.com`),
    register('Igor Iniciante', `ini.${stamp}@example.com`),
  ]);
  await grantPlan(admin, pro, 'profissional');
  await grantPlan(admin, iniciante, 'iniciante');
  accounts = { free, pro, iniciante };
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A browser tab already signed in as `account` (token and user in storage, as after a login). */
async function signedInPage(account: Account, viewport = desktop): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale: 'pt-BR', serviceWorkers: 'block', timezoneId: 'America/Sao_Paulo' });
  await context.addInitScript(
    ({ token, user }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(user));
    },
    { token: account.token, user: account.user },
  );
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  return { context, page };
}

async function screenshot(page: Page, name: string) {
  // Let the chart draw its canvas and the skeletons settle before the picture.
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${screenshotDir}${name}.png`, fullPage: true });
}

const coinRows = (page: Page) => page.getByRole('table', { name: /Criptomoedas|Cryptocurrencies|Criptomonedas/ }).locator('tbody tr');

describe('dashboard journeys', () => {
  it('shows a free user 5 coins, the free-plan banner, simulated-data badges and a disabled analysis button', async () => {
    const { context, page } = await signedInPage(accounts.free);
    await page.goto(`${server.url}/dashboard?lng=pt-BR`);
    await page.getByText('Você está no plano Gratuito').waitFor();
    await expect.poll(() => coinRows(page).count()).toBe(5);
    expect(await page.getByRole('button', { name: 'Ver análise completa' }).isDisabled()).toBe(true);
    expect(await page.getByText('Dados simulados').count()).toBeGreaterThan(0);
    expect(await page.getByRole('searchbox').count()).toBe(0);
    // The chart canvas is drawn by lightweight-charts, loaded lazily.
    await page.locator('canvas').first().waitFor();
    await screenshot(page, 'dashboard-free-pt-BR');
    await context.close();
  }, 60_000);

  it('shows an iniciante user the locked panel instead of the coin table', async () => {
    const { context, page } = await signedInPage(accounts.iniciante);
    await page.goto(`${server.url}/dashboard?lng=pt-BR`);
    await page.getByRole('heading', { name: 'Tabela de moedas bloqueada' }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    await page.goto(`${server.url}/market-analysis?lng=pt-BR`);
    await page.getByText('Análise avançada requer plano Profissional').waitFor();
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
    const coinName = (await firstOnPage2.locator('td').nth(2).locator('span.font-medium').textContent())!.trim();
    await firstOnPage2.getByRole('button', { name: `Adicionar ${coinName} às favoritas` }).click();
    await page.getByText(/Página 1 de \d+/).waitFor();
    await expect.poll(async () => coinRows(page).first().textContent()).toContain(coinName);
    expect(await coinRows(page).first().getByRole('button', { name: `Remover ${coinName} das favoritas` }).getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('link', { name: 'Ver análise completa' }).click();
    await page.waitForURL('**/market-analysis');
    await page.getByText('Preço de BTC').waitFor();
    await page.getByRole('radio', { name: 'ETH' }).click();
    await page.getByText('Preço de ETH').waitFor();
    await page.getByRole('heading', { name: 'Suportes e resistências', exact: true }).waitFor();
    await page.locator('canvas').first().waitFor();
    await context.close();
  }, 90_000);

  it('takes screenshots of the dashboard and the market analysis in every language, desktop and phone', async () => {
    for (const language of languages) {
      for (const [variant, viewport] of [['', desktop], ['-mobile', phone]] as const) {
        const { context, page } = await signedInPage(accounts.pro, viewport);
        await page.goto(`${server.url}/dashboard?lng=${language}`);
        await page.locator('canvas').first().waitFor();
        await coinRows(page).first().waitFor();
        await screenshot(page, `dashboard-pro${variant}-${language}`);
        await page.goto(`${server.url}/market-analysis?lng=${language}`);
        await page.getByRole('radio', { name: 'ETH' }).click();
        await page.locator('canvas').first().waitFor();
        await screenshot(page, `market-analysis${variant}-${language}`);
        await context.close();
      }
    }
  }, 180_000);
});

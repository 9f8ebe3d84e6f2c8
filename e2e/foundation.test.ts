import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/a11y.ts';
import { launchBrowser, screenshotDir, startServer, type RunningServer } from './support/server.ts';

// The first journey: register in pt-BR, welcome on /dashboard, switch to English, log out, log in,
// rename on /profile. Screenshots land in e2e/screenshots/<name>-<lang>.png (desktop and -mobile).

const account = { name: 'Ana Souza', email: `ana.${Date.now()}@example.com`, password: 'farol2025segura' };

let server: RunningServer;
let browser: Browser;
const pageErrors: string[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  await mkdir(screenshotDir, { recursive: true });
});

afterAll(async () => {
  expect(pageErrors).toEqual([]);
  await browser?.close();
  await server?.stop();
});

async function newPage(viewport: {
  width: number;
  height: number;
}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale: 'pt-BR', serviceWorkers: 'block' });
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { context, page };
}

async function screenshot(page: Page, name: string, language: string) {
  await page.screenshot({ path: `${screenshotDir}${name}-${language}.png`, fullPage: true });
}

async function logIn(
  page: Page,
  email: string,
  password: string,
  labels: { email: string; password: string; submit: string },
) {
  await page.getByLabel(labels.email).fill(email);
  await page.getByLabel(labels.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: labels.submit, exact: true }).click();
}

describe('foundation journey', () => {
  it('registers in pt-BR, switches to English, logs out and in, and renames on /profile', async () => {
    const { context, page } = await newPage({ width: 1280, height: 800 });

    await page.goto(`${server.url}/register?lng=pt-BR`);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('pt-BR');
    await page.getByRole('heading', { name: 'Crie sua conta' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'register', 'pt-BR');

    await page.getByLabel('Nome').fill(account.name);
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Senha', { exact: true }).fill(account.password);
    await page.getByLabel('Confirmar senha').fill(account.password);
    const submit = page.getByRole('button', { name: 'Criar conta', exact: true });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole('checkbox').click();
    await submit.click();

    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: `Bem-vindo, ${account.name}!` }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'dashboard', 'pt-BR');

    await page.getByRole('button', { name: /: Idioma,/ }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await page.getByRole('heading', { name: `Welcome, ${account.name}!` }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');
    await screenshot(page, 'dashboard', 'en');

    await page.getByRole('button', { name: /: Account menu$/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(`${server.url}/`);
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
      null,
      null,
    ]);

    // The landing page belongs to another issue; go to /login from the address bar.
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Get started' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'login', 'en');
    await logIn(page, account.email, account.password, {
      email: 'Email',
      password: 'Password',
      submit: 'Log in',
    });
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: `Welcome, ${account.name}!` }).waitFor();

    await page.getByRole('link', { name: 'My profile' }).click();
    await page.waitForURL('**/profile');
    const nameField = page.getByLabel('Name', { exact: true });
    await expect.poll(() => nameField.inputValue()).toBe(account.name);
    expect(await page.getByLabel('Email').isDisabled()).toBe(true);
    await nameField.fill('Ana Maria Lima');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').name))
      .toBe('Ana Maria Lima');
    await page
      .getByRole('button', { name: /: Account menu$/ })
      .getByText('AL')
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'profile', 'en');

    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByRole('button', { name: 'Sign out everywhere' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'profile-security', 'en');
    // the account deletion asks for the password in a dialog; cancelling keeps everything
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password', { exact: true }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await context.close();
  });

  it('lays the pages out on a 390 px phone', async () => {
    const { context, page } = await newPage({ width: 390, height: 844 });
    await page.goto(`${server.url}/login?lng=pt-BR`);
    await page.getByRole('heading', { name: 'Entrar no Farol' }).waitFor();
    await screenshot(page, 'login-mobile', 'pt-BR');

    const menuToggle = page.getByRole('button', { name: 'Abrir menu' });
    await menuToggle.click();
    await page.locator('#mobile-menu').waitFor();
    await screenshot(page, 'menu-mobile', 'pt-BR');
    await page.getByRole('button', { name: 'Fechar menu' }).click();

    await logIn(page, account.email, account.password, {
      email: 'E-mail',
      password: 'Senha',
      submit: 'Entrar',
    });
    await page.waitForURL('**/dashboard');
    // The first journey saved English in the account: at login the saved language wins over this tab's pt-BR.
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
    await page.getByRole('button', { name: /: Language,/ }).click();
    await page.getByRole('menuitemradio', { name: 'Português (Brasil)' }).click();
    await page.getByRole('heading', { name: /^Bem-vindo, / }).waitFor();
    await screenshot(page, 'dashboard-mobile', 'pt-BR');
    // Nothing may overflow sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.goto(`${server.url}/register`);
    await page.waitForURL('**/dashboard');
    await page.goto(`${server.url}/profile`);
    await page.getByRole('tab', { name: 'Informações pessoais' }).waitFor();
    await screenshot(page, 'profile-mobile', 'pt-BR');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });
});

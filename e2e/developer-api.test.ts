import { mkdir } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/a11y.ts';
import {
  expectNoSidewaysScroll,
  grantPlan,
  languages,
  phone,
  registerAccount,
  saveScreenshot,
  signedInPage,
  startMailingServer,
  verifyAccount,
  type Account,
  type MailingServer,
} from './support/journey.ts';
import { launchBrowser, screenshotDir } from './support/server.ts';

// A profissional user creates an API token and a webhook in settings, sends a test event to an endpoint that
// is down and reads the failure in the delivery log; the public /developers guide in each language and on a
// phone. Screenshots: developer-settings-<lang>[-mobile].png, developers-<lang>[-mobile].png.

let server: MailingServer;
let browser: Browser;
let pro: Account;
const pageErrors: string[] = [];

beforeAll(async () => {
  // webhooks may aim at this machine here: the test endpoint is a closed local port, never another host
  [server, browser] = await Promise.all([
    startMailingServer({ ADMIN_EMAILS: 'admin@farol.test', WEBHOOK_ALLOW_PRIVATE: 'true' }),
    launchBrowser(),
  ]);
  await mkdir(screenshotDir, { recursive: true });
  const admin = await verifyAccount(
    server,
    await registerAccount(server.url, 'Admin Farol', 'admin@farol.test'),
  );
  pro = await verifyAccount(
    server,
    await registerAccount(server.url, 'Dev Pro', `dev.${Date.now()}@example.com`),
  );
  await grantPlan(server.url, admin, pro, 'profissional');
}, 120_000);
afterAll(async () => {
  expect(pageErrors).toEqual([]);
  await browser?.close();
  await server?.stop();
});

describe('developer API journey', () => {
  it('creates a token and a webhook, tests the webhook and reads its delivery log', async () => {
    const { context, page } = await signedInPage(browser, pro, { pageErrors });
    await page.goto(`${server.url}/settings`);
    await page.getByLabel('Nome do token').fill('planilha');
    await page.getByRole('button', { name: 'Criar token' }).click();
    await expect.poll(() => page.getByText(/^farol_pat_/).count()).toBe(1);
    await page.getByRole('button', { name: 'Pronto' }).click();

    await page.getByLabel('URL (HTTPS)').fill('http://127.0.0.1:9/farol');
    await page.getByRole('button', { name: 'Adicionar webhook' }).click();
    await expect.poll(() => page.getByText(/^whsec_/).count()).toBe(1);
    await page.getByRole('button', { name: 'Pronto' }).click();
    await page.getByRole('button', { name: 'Enviar evento de teste para http://127.0.0.1:9/farol' }).click();
    await page.getByText('webhook.test').waitFor();
    await expect.poll(() => page.getByText('Na fila').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'developer-settings', 'pt-BR');
    await context.close();

    const phoneTab = await signedInPage(browser, pro, { viewport: phone, pageErrors });
    await phoneTab.page.goto(`${server.url}/settings`);
    await phoneTab.page.getByText('planilha', { exact: true }).waitFor();
    await saveScreenshot(phoneTab.page, 'developer-settings', 'pt-BR', true);
    await expectNoSidewaysScroll(phoneTab.page, phone.width);
    await phoneTab.context.close();
  });

  it('shows the public developers guide in each language and on a phone, linked from the footer', async () => {
    for (const language of languages) {
      const context = await browser.newContext({ locale: language });
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await page.goto(`${server.url}/?lng=${language}`);
      await page.locator('footer').getByRole('link', { name: /API/ }).click();
      await page.waitForURL((url) => url.pathname === '/developers');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await saveScreenshot(page, 'developers', language);
      await context.close();
    }
    const context = await browser.newContext({ viewport: phone });
    const page = await context.newPage();
    await page.goto(`${server.url}/developers`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await saveScreenshot(page, 'developers', 'pt-BR', true);
    await expectNoSidewaysScroll(page, phone.width);
    await context.close();
  });
});

import { mkdir } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startStripeStub,
  stripeTestEnv,
  type HostedCheckout,
  type StripeStub,
} from '../apps/server/src/test/stubs/stripe-stub.ts';
import { seriousA11yViolations } from './support/a11y.ts';
import {
  expectNoSidewaysScroll,
  phone,
  registerAccount,
  saveScreenshot,
  signedInPage,
  startMailingServer,
  verifyAccount,
  type MailingServer,
} from './support/journey.ts';
import { launchBrowser, screenshotDir } from './support/server.ts';

// Paying from the screen: the built server with Stripe pointed at the local stub, whose checkout page
// completes the payment and delivers the signed webhook as Stripe does. A free user subscribes to
// Iniciante from the pricing page and finds the plan in force: the ten analysed coins on the dashboard.
// Screenshots: pricing-billing-<lang>[-mobile].png, dashboard-iniciante-pt-BR.png.

const WEBHOOK_SECRET = 'whsec_test_journey';

describe('buying a plan', () => {
  let stripe: StripeStub;
  let server: MailingServer;
  let browser: Browser;
  const pageErrors: string[] = [];
  const hosted: HostedCheckout = { webhookUrl: '', webhookSecret: WEBHOOK_SECRET };

  beforeAll(async () => {
    stripe = await startStripeStub({ hostedCheckout: hosted });
    [server, browser] = await Promise.all([
      startMailingServer(stripeTestEnv(stripe, WEBHOOK_SECRET)),
      launchBrowser(),
    ]);
    hosted.webhookUrl = `${server.url}/api/subscription/webhook`;
    await mkdir(screenshotDir, { recursive: true });
  }, 120_000);
  afterAll(async () => {
    expect(pageErrors).toEqual([]);
    await browser?.close();
    await server?.stop();
    await stripe?.close();
  });

  it('subscribes from the pricing page through Stripe Checkout and shows the plan in force', async () => {
    const account = await verifyAccount(
      server,
      await registerAccount(server.url, 'Ivo Iniciante', `ivo.${Date.now()}@example.com`),
    );
    const { context, page } = await signedInPage(browser, account, { pageErrors });
    await page.goto(`${server.url}/pricing`);
    const iniciante = page.getByRole('region', { name: 'Iniciante' });
    await iniciante.getByRole('button', { name: 'Assinar Iniciante' }).waitFor();
    expect(await page.getByRole('button', { name: 'Em breve' }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'pricing-billing', 'pt-BR');

    await iniciante.getByRole('button', { name: 'Assinar Iniciante' }).click();
    await page.waitForURL(/\/pay\/cs_test_/);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\/settings/);
    await expect.poll(() => page.locator('#subscription-full-title').isVisible()).toBe(true);
    await page.getByText('Iniciante', { exact: true }).first().waitFor();

    await page.goto(`${server.url}/dashboard`);
    const table = page.getByRole('table', { name: 'Criptomoedas' });
    await table.waitFor();
    // the ten analysed coins, header row included
    await expect.poll(() => table.getByRole('row').count()).toBe(11);
    expect(await page.getByRole('complementary', { name: 'Você está no plano Gratuito' }).count()).toBe(0);
    await saveScreenshot(page, 'dashboard-iniciante', 'pt-BR');
    await context.close();

    // the plan came from Stripe: a checkout session was opened there, and its signed event changed the plan
    const paths = stripe.calls.map((call) => `${call.method} ${call.path}`);
    expect(paths).toContain('POST /v1/checkout/sessions');
  });

  it('sends a visitor to sign up first and back to the plans, on a phone too', async () => {
    const context = await browser.newContext({ viewport: phone, locale: 'pt-BR', serviceWorkers: 'block' });
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${server.url}/pricing`);
    await page.getByRole('link', { name: 'Criar conta e assinar' }).first().click();
    await page.waitForURL(/\/register\?next=%2Fpricing/);
    await page.getByLabel('Nome').fill('Vera Visitante');
    await page.getByLabel('E-mail').fill(`vera.${Date.now()}@example.com`);
    await page.getByLabel('Senha', { exact: true }).fill('farol2025segura');
    await page.getByLabel('Confirmar senha').fill('farol2025segura');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await page.waitForURL(/\/pricing$/);
    await page.getByRole('button', { name: 'Assinar Iniciante' }).waitFor();
    await saveScreenshot(page, 'pricing-billing', 'pt-BR', true);
    await expectNoSidewaysScroll(page, phone.width);
    await context.close();
  });
});

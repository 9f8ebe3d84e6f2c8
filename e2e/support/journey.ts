import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../../apps/server/src/test/stubs/smtp-stub.ts';
import { launchBrowser, screenshotDir, startServer, type RunningServer } from './server.ts';

// Helpers for signed-in journeys: accounts made through the real API, plans granted with the admin API,
// browser tabs that start signed in (token and user in storage, exactly as after a login).

export type Account = { token: string; user: { id: string; name: string; email: string } };
export const journeyPassword = 'farol2025segura';
import { languages, type Language } from '@farol/i18n/languages';

export { languages, type Language };
export const desktop = { width: 1280, height: 900 };
export const phone = { width: 390, height: 844 };

export async function registerAccount(serverUrl: string, name: string, email: string): Promise<Account> {
  const response = await fetch(`${serverUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, email, password: journeyPassword, confirmPassword: journeyPassword }),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as Account;
}

/** A server with a real SMTP peer as its mail server: what it sends can be read, as its recipient would. */
export type MailingServer = RunningServer & { mailbox: SmtpPeer };

export async function startMailingServer(extraEnv: Record<string, string> = {}): Promise<MailingServer> {
  const mailbox = await startSmtpPeer();
  try {
    const server = await startServer({ SMTP_URL: mailbox.url, ...extraEnv });
    return {
      ...server,
      mailbox,
      stop: async () => {
        await server.stop();
        await mailbox.close();
      },
    };
  } catch (error) {
    await mailbox.close();
    throw error;
  }
}

/**
 * Verifies an account's address as its owner would: asks for a verification link, reads it from the e-mail the
 * SMTP peer received and opens it through the API (ADMIN_EMAILS applies then). Answers the verified user.
 */
export async function verifyAccount(server: MailingServer, account: Account): Promise<Account> {
  const resent = await fetch(`${server.url}/api/auth/resend-verification`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${account.token}` },
  });
  expect(resent.status, await resent.clone().text()).toBe(200);
  const mail = server.mailbox.messages
    .filter((message) => message.envelopeTo.includes(account.user.email))
    .findLast((message) => message.text.includes('/verify-email?token='));
  const token = /\/verify-email\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
  expect(token, `no verification e-mail for ${account.user.email}`).toBeTruthy();
  const verified = await fetch(`${server.url}/api/auth/verify-email`, {
    method: 'POST',
    // signed in as the account: the link alone proves nothing about who opens it
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${account.token}` },
    body: JSON.stringify({ token }),
  });
  expect(verified.status, await verified.clone().text()).toBe(200);
  const { user, token: freshToken } = (await verified.json()) as { user: Account['user']; token?: string };
  // a confirmation that made the account admin ended its other sessions and answered a new one
  return { ...account, user, token: freshToken ?? account.token };
}

/** PUT /api/admin/users/:id/subscription; `months` gives the grant an end date (a renewal/cancel date to show). */
export async function grantPlan(
  serverUrl: string,
  admin: Account,
  user: Account,
  plan: 'iniciante' | 'profissional',
  months?: number,
) {
  const response = await fetch(`${serverUrl}/api/admin/users/${user.user.id}/subscription`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin.token}` },
    body: JSON.stringify(months ? { plan, months } : { plan }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** A tab signed in as `account`, in `language`; page errors are collected into `pageErrors`. */
export async function signedInPage(
  browser: Browser,
  account: Account,
  options: { viewport?: { width: number; height: number }; language?: Language; pageErrors: string[] },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: options.viewport ?? desktop,
    locale: options.language ?? 'pt-BR',
    serviceWorkers: 'block',
    timezoneId: 'America/Sao_Paulo',
  });
  // the init script runs on every page load: sign in once, so a reload keeps what the journey changed since
  await context.addInitScript(
    ({ token, user, language }) => {
      if (localStorage.getItem('token')) return;
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(user));
      localStorage.setItem('i18nextLng', language);
    },
    { token: account.token, user: account.user, language: options.language ?? 'pt-BR' },
  );
  const page = await context.newPage();
  page.on('pageerror', (error) => options.pageErrors.push(error.message));
  return { context, page };
}

/**
 * PNG in e2e/screenshots/<name>-<lang>[-mobile].png once the network is quiet. `fullPage: false` keeps the
 * viewport as the user sees it: a full-page capture re-lays the page out and resets inner scroll boxes (chat).
 */
export async function saveScreenshot(
  page: Page,
  name: string,
  language: Language,
  isMobile = false,
  fullPage = true,
) {
  await page.waitForLoadState('networkidle');
  await page.screenshot({
    path: `${screenshotDir}${name}-${language}${isMobile ? '-mobile' : ''}.png`,
    fullPage,
  });
}

/** Nothing may overflow sideways on a phone. */
export async function expectNoSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

export type ProfissionalJourney = {
  server: MailingServer;
  browser: Browser;
  pro: Account;
  pageErrors: string[];
};

/**
 * Registers the suite's hooks: the built server (simulated market, an SMTP peer as its mail server,
 * admin@farol.test as admin once verified), Chromium, and one verified user granted the profissional plan (for `months`, or without end). Page errors fail the suite.
 */
/**
 * The built server (simulated market, an SMTP peer as its mail server, admin@farol.test as admin once verified),
 * Chromium, and one verified user named `name` at `email` granted the profissional plan (for `months`, or
 * without end): what the journeys and the screenshot scripts start from.
 */
export async function startProfissionalTrader(
  name: string,
  email: string,
  options: { months?: number; serverEnv?: Record<string, string> } = {},
): Promise<{ server: MailingServer; browser: Browser; pro: Account }> {
  const [server, browser] = await Promise.all([
    startMailingServer({ ADMIN_EMAILS: 'admin@farol.test', ...options.serverEnv }),
    launchBrowser(),
  ]);
  // ADMIN_EMAILS makes admin only a verified address
  const admin = await verifyAccount(
    server,
    await registerAccount(server.url, 'Admin Farol', 'admin@farol.test'),
  );
  const pro = await verifyAccount(server, await registerAccount(server.url, name, email));
  await grantPlan(server.url, admin, pro, 'profissional', options.months);
  return { server, browser, pro };
}

/** A screenshot script's run: Ana, a profissional trader, on a started server and browser, stopped after. */
export async function withProfissionalTrader(
  run: (started: Awaited<ReturnType<typeof startProfissionalTrader>>) => Promise<void>,
): Promise<void> {
  const started = await startProfissionalTrader('Ana Trader', 'ana.trader@example.com');
  try {
    await run(started);
  } finally {
    await started.browser.close();
    await started.server.stop();
  }
}

/** Registers the suite's hooks around startProfissionalTrader. Page errors fail the suite. */
export function setUpProfissionalJourney(
  label: string,
  months?: number,
  /** More server settings, read when the server starts (after the suite's earlier hooks: stub URLs). */
  serverEnv?: () => Record<string, string>,
): ProfissionalJourney {
  const journey = { pageErrors: [] as string[] } as ProfissionalJourney;
  beforeAll(async () => {
    await mkdir(screenshotDir, { recursive: true });
    Object.assign(
      journey,
      await startProfissionalTrader('Paula Pro', `pro.${label}.${Date.now()}@example.com`, {
        months,
        serverEnv: serverEnv?.(),
      }),
    );
  }, 120_000);
  afterAll(async () => {
    expect(journey.pageErrors).toEqual([]);
    await journey.browser?.close();
    await journey.server?.stop();
  });
  return journey;
}

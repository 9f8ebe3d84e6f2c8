import { describe, expect, it } from 'vitest';
import { screenshotDir, useServerAndBrowser } from './support/server.ts';

// The service worker must register on a plain visit of the production build (its start-up code runs after
// the page's load event), and keep the app shell and what the visit used, so a reload without a connection
// still shows the app: a page used before in full, a page never opened here under a heading that says so.

const journey = useServerAndBrowser();

const activeWorkerCount = () =>
  navigator.serviceWorker
    .getRegistrations()
    .then(
      (registrations) =>
        registrations.filter((registration) => registration.active?.state === 'activated').length,
    );

describe('service worker and offline start', () => {
  it('registers on a visit of the landing page and opens the app shell offline with a notice', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/?lng=pt-BR`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForFunction(activeWorkerCount, undefined, { timeout: 30_000 });

    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 30_000,
    });
    expect(await page.evaluate(activeWorkerCount)).toBe(1);

    // Nothing answers any more: the server is gone and the browser is offline.
    await journey.server.stop();
    await context.setOffline(true);
    await page.goto(`${journey.server.url}/dashboard`);

    const notice = page.getByRole('status').filter({ hasText: 'Você está sem conexão' });
    await notice.waitFor();
    await expect(notice.getByRole('button', { name: 'Tentar novamente' }).isVisible()).resolves.toBe(true);
    // The shell itself: the app's navigation and a page heading, not a blank page or the browser's error page.
    // A visitor (no session) is sent to sign in: the top bar of a visitor, with the brand and the menu.
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Farol' }).isVisible()).resolves.toBe(true);
    await expect(banner.getByRole('button', { name: 'Abrir menu' }).isVisible()).resolves.toBe(true);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.title()).toMatch(/Farol/);
    await page.screenshot({ path: `${screenshotDir}offline-dashboard-pt-BR.png` });

    // The worker keeps only the shell and what this device used: the dashboard was never opened here, so it
    // says so under its own heading; the landing, used before, opens in full.
    await expect(
      page
        .getByRole('heading', { level: 1, name: 'Esta página ainda não foi aberta neste aparelho' })
        .isVisible(),
    ).resolves.toBe(true);
    await page.goto(`${journey.server.url}/?lng=pt-BR`);
    await notice.waitFor();
    await expect(
      page
        .getByRole('heading', { level: 1, name: 'Esta página ainda não foi aberta neste aparelho' })
        .count(),
    ).resolves.toBe(0);
    await expect(page.getByRole('link', { name: 'Criar conta grátis' }).first().isVisible()).resolves.toBe(
      true,
    );
    await context.close();
  });
});

import { mkdir } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import {
  grantPlan,
  registerAccount,
  signedInPage,
  startMailingServer,
  verifyAccount,
  type Account,
  type Language,
} from './support/journey.ts';
import { launchBrowser } from './support/server.ts';

// Captures the coin page (the analysis screen) and the /market-analysis picker from the production build on
// the simulated market, at 390 and 1366 px in each language, as full-page PNGs in SHOTS_DIR (default
// /tmp/farol-shots) for a person to look at: `npm run build && npx tsx e2e/coin-analysis-screenshots.ts`.

const outputDir = process.env.SHOTS_DIR ?? '/tmp/farol-shots';
const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } } as const;
const languages: Language[] = ['pt-BR', 'en', 'es'];

async function capture(browser: Browser, serverUrl: string, trader: Account, language: Language) {
  const pageErrors: string[] = [];
  for (const [name, viewport] of Object.entries(viewports)) {
    const { context, page } = await signedInPage(browser, trader, { viewport, language, pageErrors });
    await page.goto(`${serverUrl}/coins/btc?lng=${language}`);
    await page.locator('[data-level-label]').first().waitFor();
    await page.locator('#coin-analysis-title').waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${outputDir}/coin-${name}-${language}.png`, fullPage: true });
    await page.goto(`${serverUrl}/market-analysis?lng=${language}`);
    await page.getByRole('combobox').waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${outputDir}/picker-${name}-${language}.png`, fullPage: true });
    await context.close();
  }
  if (pageErrors.length > 0) throw new Error(`page errors: ${pageErrors.join('; ')}`);
}

async function main() {
  const [server, browser] = await Promise.all([
    startMailingServer({ ADMIN_EMAILS: 'admin@farol.test' }),
    launchBrowser(),
  ]);
  try {
    await mkdir(outputDir, { recursive: true });
    const admin = await verifyAccount(server, await registerAccount(server.url, 'Admin', 'admin@farol.test'));
    const trader = await verifyAccount(
      server,
      await registerAccount(server.url, 'Ana Trader', 'ana.trader@example.com'),
    );
    await grantPlan(server.url, admin, trader, 'profissional');
    for (const language of languages) await capture(browser, server.url, trader, language);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();

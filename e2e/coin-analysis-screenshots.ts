import { mkdir } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import {
  languages,
  signedInPage,
  withProfissionalTrader,
  type Account,
  type Language,
} from './support/journey.ts';

// Captures the coin page (the analysis screen) and the /market-analysis picker from the production build on
// the simulated market, at 390 and 1366 px in each language, as full-page PNGs in SHOTS_DIR (default
// /tmp/farol-shots) for a person to look at: `npm run build && npx tsx e2e/coin-analysis-screenshots.ts`.

const outputDir = process.env.SHOTS_DIR ?? '/tmp/farol-shots';
const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } } as const;

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

await withProfissionalTrader(async ({ server, browser, pro }) => {
  await mkdir(outputDir, { recursive: true });
  for (const language of languages) await capture(browser, server.url, pro, language);
});

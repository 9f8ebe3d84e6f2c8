import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import {
  languages,
  signedInPage,
  withProfissionalTrader,
  type Account,
  type Language,
} from './support/journey.ts';

// The landing's hero shows the product itself: this script (`npm run screenshots:hero`, after `npm run
// build`) starts the production build on the simulated market, signs in a Profissional trader and captures
// the dashboard's first screen at 1366 px and on a 390 px phone in each language, as WebP files of at most
// 60 KB in apps/web/public/hero/ (encoded by Chromium itself: no image tool to install).

const outputDir = fileURLToPath(new URL('../apps/web/public/hero/', import.meta.url));
const MAX_BYTES = 60_000;

/** The captures; the landing gives <img> these same sizes (no layout shift). */
const shots = [
  { name: 'desktop', viewport: { width: 1366, height: 768 }, clip: { width: 1366, height: 768 } },
  // the phone's top bar, greeting, key figures and the start of the market list
  { name: 'phone', viewport: { width: 390, height: 844 }, clip: { width: 390, height: 640 } },
] as const;

/** PNG → WebP in the page's own encoder, lowering the quality until the file fits the budget. */
async function encodeWebp(page: Page, png: Buffer): Promise<Buffer> {
  for (const quality of [0.82, 0.74, 0.66, 0.58, 0.5, 0.42]) {
    const dataUrl = await page.evaluate(
      async ({ source, quality }) => {
        const image = new Image();
        image.src = source;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.naturalWidth;
        canvas.height = image.naturalHeight;
        canvas.getContext('2d')!.drawImage(image, 0, 0);
        return canvas.toDataURL('image/webp', quality);
      },
      { source: `data:image/png;base64,${png.toString('base64')}`, quality },
    );
    const webp = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
    if (webp.length <= MAX_BYTES) return webp;
  }
  throw new Error(`the capture does not fit ${MAX_BYTES} bytes even at the lowest quality`);
}

async function captureDashboard(browser: Browser, serverUrl: string, trader: Account, language: Language) {
  const pageErrors: string[] = [];
  for (const shot of shots) {
    const { context, page } = await signedInPage(browser, trader, {
      viewport: shot.viewport,
      language,
      pageErrors,
    });
    await page.goto(`${serverUrl}/dashboard`);
    await page.locator('canvas').first().waitFor();
    await page.waitForLoadState('networkidle');
    const png = await page.screenshot({ clip: { x: 0, y: 0, ...shot.clip } });
    const webp = await encodeWebp(page, png);
    const file = `${outputDir}dashboard-${shot.name}-${language}.webp`;
    await writeFile(file, webp);
    console.log(`${file}: ${webp.length} bytes`);
    await context.close();
  }
  if (pageErrors.length > 0) throw new Error(`page errors: ${pageErrors.join('; ')}`);
}

await withProfissionalTrader(async ({ server, browser, pro }) => {
  await mkdir(outputDir, { recursive: true });
  for (const language of languages) await captureDashboard(browser, server.url, pro, language);
});

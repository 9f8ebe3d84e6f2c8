import { describe, expect, it } from 'vitest';
import {
  desktop,
  expectNoSidewaysScroll,
  languages,
  phone,
  saveScreenshot,
  setUpProfissionalJourney,
  signedInPage,
} from './support/journey.ts';

// The expected ranges on the analysis and coin pages, and the public record naming its windows, coverage and
// engine version: readable at 390 px and 1366 px in the three languages, nothing overflowing sideways.

const journey = setUpProfissionalJourney('ranges');
const wide = { ...desktop, width: 1366 };
const rangeSentence = {
  'pt-BR': /Entre .+ e .+ em 24 h, 8 vezes em 10/,
  en: /Between .+ and .+ in 24 h, 8 times in 10/,
  es: /Entre .+ y .+ en 24 h, 8 veces de cada 10/,
} as const;

describe('expected ranges and the public record', () => {
  for (const language of languages) {
    for (const viewport of [phone, wide]) {
      const isMobile = viewport === phone;
      it(`shows the ranges and the record's windows in ${language} at ${viewport.width} px`, async () => {
        const { context, page } = await signedInPage(journey.browser, journey.pro, {
          viewport,
          language,
          pageErrors: journey.pageErrors,
        });
        // the coin page is the analysis screen (/market-analysis only picks a coin)
        await page.goto(`${journey.server.url}/coins/btc`);
        const range = page.getByText(rangeSentence[language]).first();
        await range.waitFor({ timeout: 30_000 });
        await expectNoSidewaysScroll(page, viewport.width);
        await saveScreenshot(page, 'ranges-coin', language, isMobile);
        await range.scrollIntoViewIfNeeded();
        await saveScreenshot(page, 'ranges-analysis', language, isMobile, false);

        await page.goto(`${journey.server.url}/track-record`);
        await page.getByRole('combobox').or(page.getByRole('table').first()).first().waitFor();
        await expectNoSidewaysScroll(page, viewport.width);
        await saveScreenshot(page, 'ranges-track-record', language, isMobile);
        await page.getByRole('table').nth(1).scrollIntoViewIfNeeded();
        await saveScreenshot(page, 'ranges-track-record-ranges', language, isMobile, false);
        await context.close();
        expect(journey.pageErrors).toEqual([]);
      }, 120_000);
    }
  }
});

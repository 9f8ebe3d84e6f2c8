import { translate } from '@farol/i18n';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  languages,
  phone,
  saveScreenshot,
  setUpProfissionalJourney,
  signedInPage,
  type Language,
} from './support/journey.ts';
import { screenshotDir } from './support/server.ts';

// Keyboard and touch on the built app: no button-styled link or button is clipped at 390 px on the landing,
// pricing, dashboard and coin pages in the three languages; the coin page's headings come in the order they
// are seen, at 390 and 1366 px.

const journey = setUpProfissionalJourney('phone');
const wide = { width: 1366, height: 900 };

/**
 * Every visible button-styled control (the Button look: inline-flex, one line) whose text does not fit: wider
 * than its own box, or its box running out of the screen.
 */
async function clippedControls(page: Page) {
  const { checked, clipped } = await page.evaluate(() => {
    const controls = [
      ...document.querySelectorAll<HTMLElement>(
        'a[class*="whitespace-nowrap"], button[class*="whitespace-nowrap"]',
      ),
    ].filter((element) => element.offsetParent !== null && element.getClientRects().length > 0);
    const doesNotFit = (element: HTMLElement) => {
      const box = element.getBoundingClientRect();
      return (
        element.scrollWidth > element.clientWidth + 1 || box.right > window.innerWidth + 1 || box.left < -1
      );
    };
    return {
      checked: controls.length,
      clipped: controls
        .filter(doesNotFit)
        .map(
          (element) =>
            `${element.tagName} "${element.textContent?.trim()}" ${element.scrollWidth}/${element.clientWidth}`,
        ),
    };
  });
  // a page whose controls were not found proves nothing
  expect(checked).toBeGreaterThan(2);
  return clipped;
}

/** The page's h1–h3 in DOM order with their boxes. */
function headingBoxes(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main h1, main h2, main h3, main [role="heading"]')]
      .filter((element) => element.getClientRects().length > 0)
      .map((element) => {
        const box = element.getBoundingClientRect();
        return {
          text: element.textContent?.trim() ?? '',
          top: box.top,
          left: box.left,
          right: box.right,
          bottom: box.bottom,
        };
      }),
  );
}

type Box = Awaited<ReturnType<typeof headingBoxes>>[number];

/**
 * Where the next heading in the DOM is seen before the previous one: above it in the same column, or left of
 * it on the same line (CSS order or grid placement moving things). Going up into the next column is reading on.
 */
function outOfOrder(boxes: Box[]): string[] {
  return boxes.slice(1).flatMap((next, index) => {
    const previous = boxes[index]!;
    const sameColumn = next.left < previous.right && next.right > previous.left;
    const sameLine = next.top < previous.bottom && next.bottom > previous.top;
    const isBefore = (sameColumn && next.top < previous.top - 1) || (sameLine && next.right <= previous.left);
    return isBefore ? [`"${next.text}" is seen before "${previous.text}"`] : [];
  });
}

async function visitorTab(language: Language) {
  const context = await journey.browser.newContext({
    viewport: phone,
    locale: language,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => journey.pageErrors.push(error.message));
  return { context, page };
}

describe('keyboard and touch', () => {
  it('clips no call to action at 390 px on the landing, pricing, dashboard and coin pages', async () => {
    for (const language of languages) {
      const visitor = await visitorTab(language);
      for (const path of ['/', '/pricing']) {
        await visitor.page.goto(`${journey.server.url}${path}?lng=${language}`);
        await visitor.page.getByRole('heading', { level: 1 }).first().waitFor();
        await visitor.page.waitForLoadState('networkidle');
        expect(await clippedControls(visitor.page), `${path} ${language}`).toEqual([]);
      }
      await visitor.context.close();
      const { context, page } = await signedInPage(journey.browser, journey.pro, {
        language,
        viewport: phone,
        pageErrors: journey.pageErrors,
      });
      for (const path of ['/dashboard', '/coins/btc']) {
        await page.goto(`${journey.server.url}${path}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(await clippedControls(page), `${path} ${language}`).toEqual([]);
      }
      await context.close();
    }
  }, 300_000);

  it('shows the track record on a phone as one card per class with whole percentages', async () => {
    for (const language of languages) {
      const visitor = await visitorTab(language);
      await visitor.page.goto(`${journey.server.url}/track-record?lng=${language}`);
      const cards = visitor.page.getByRole('list', {
        name: translate(language, 'marketing:trackRecord.hitCaption', { horizon: '24 h' }),
      });
      await cards.waitFor();
      const texts = await cards.getByRole('listitem').allTextContents();
      expect(texts.length).toBeGreaterThan(1);
      // the hit rates are whole: no "54,27%" / "54.27%" before the mean return's line
      // (a dash where a class gave no signal in the window)
      const hitRates = texts.map((text) => /^\D*?(\d[\d.,]*\s?%|—)/.exec(text)?.[1]);
      expect(hitRates.filter((rate) => rate !== '—').length).toBeGreaterThan(0);
      for (const rate of hitRates) expect(rate).toMatch(/^(\d{1,3}\s?%|—)$/);
      await visitor.page.waitForLoadState('networkidle');
      await saveScreenshot(visitor.page, 'track-record-cards', language, true);
      // what the phone shows once scrolled to the cards (the header stays on top of the page)
      await cards.evaluate((element) => {
        element.scrollIntoView({ block: 'start' });
        window.scrollBy(0, -140);
      });
      await visitor.page.screenshot({ path: `${screenshotDir}track-record-cards-only-${language}.png` });
      await visitor.page
        .getByRole('img', { name: translate(language, 'marketing:trackRecord.equityChart') })
        .screenshot({ path: `${screenshotDir}track-record-equity-${language}.png` });
      await visitor.context.close();
    }
  }, 180_000);

  it("shows the coin page's headings in DOM order at 390 and 1366 px", async () => {
    for (const viewport of [phone, wide]) {
      for (const language of languages) {
        const { context, page } = await signedInPage(journey.browser, journey.pro, {
          language,
          viewport,
          pageErrors: journey.pageErrors,
        });
        await page.goto(`${journey.server.url}/coins/btc`);
        // the analysis' cards are in: their headings are what could be reordered
        await page.locator('[data-level-label]').first().waitFor();
        await page.waitForLoadState('networkidle');
        const boxes = await headingBoxes(page);
        expect(boxes.length).toBeGreaterThan(5);
        expect(outOfOrder(boxes), `${language} ${viewport.width}`).toEqual([]);
        if (language === 'pt-BR')
          await saveScreenshot(page, `coin-order-${viewport.width}`, language, viewport === phone);
        await context.close();
      }
    }
  }, 300_000);
});

import { translate } from '@farol/i18n';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startBinanceStreamStub,
  type BinanceStreamStub,
} from '../apps/server/src/test/stubs/binance-stream-stub.ts';
import { startMarketStub, type MarketStub } from '../apps/server/src/test/stubs/market-stub.ts';
import { seriousA11yViolations } from './support/a11y.ts';
import {
  expectNoSidewaysScroll,
  languages,
  phone,
  saveScreenshot,
  setUpProfissionalJourney,
  signedInPage,
  type Language,
  type ProfissionalJourney,
} from './support/journey.ts';

// The live dashboard in real Chromium on the built server. Live: the server follows a local stand-in for
// Binance's WebSocket (replaying real daily candles as ticks, one a second) and Binance's and CoinGecko's REST
// answers recorded: the badge says "ao vivo", Bitcoin's price changes in the table within seconds without
// moving anything around it, the chart's last candle moves while the trader's zoom stays, axe finds nothing
// serious. Simulated: the simulated market streams too and says so. Phones (390 px) never scroll sideways.
// Screenshots: e2e/screenshots/live-dashboard-*.png.

const wide = { width: 1366, height: 900 };

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, 'element on screen').not.toBeNull();
  return box!;
}

/** The Bitcoin row of the coin table, its name and its price cells. */
function bitcoinRow(page: Page) {
  const row = page
    .locator('table tbody tr')
    .filter({ has: page.getByRole('link', { name: 'Bitcoin', exact: true }) });
  return { row, name: row.locator('td').nth(2), price: row.locator('td').nth(3) };
}

async function openDashboard(journey: ProfissionalJourney, page: Page, badge: string) {
  await page.goto(`${journey.server.url}/dashboard`);
  await bitcoinRow(page).row.waitFor();
  await page.getByText(badge, { exact: true }).first().waitFor();
}

/**
 * Bitcoin's price changes within seconds; the row, its name and its price keep their place and size. Answers
 * the CSS animation the moved price ran (`none` with reduced motion).
 */
async function expectPriceMovesInPlace(page: Page): Promise<string> {
  const { row, name, price } = bitcoinRow(page);
  await row.scrollIntoViewIfNeeded();
  const before = await price.textContent();
  const boxesBefore = await Promise.all([row, name, price].map(boxOf));
  // the glow lasts 600 ms: its animation is read in the page while the moved price is marked
  const glow = () =>
    price.evaluate((cell) => {
      const marked = cell.querySelector('[data-flash]');
      return marked ? `${marked.getAttribute('data-flash')} ${getComputedStyle(marked).animationName}` : null;
    });
  let animation = '';
  await expect
    .poll(async () => (animation = (await glow()) ?? ''), { timeout: 15_000, interval: 50 })
    .not.toBe('');
  await expect.poll(() => price.textContent(), { timeout: 15_000 }).not.toBe(before);
  expect(await Promise.all([row, name, price].map(boxOf))).toEqual(boxesBefore);
  return animation;
}

describe('live market from Binance’s stream', () => {
  let upstream: BinanceStreamStub;
  let market: MarketStub;
  beforeAll(async () => {
    [upstream, market] = await Promise.all([startBinanceStreamStub(), startMarketStub()]);
    upstream.tickEvery(1_000);
  });
  afterAll(async () => {
    await upstream?.close();
    await market?.close();
  });
  const journey = setUpProfissionalJourney('live-market', undefined, () => ({
    MARKET_DATA_SOURCE: 'live',
    ...market.env,
    ...upstream.env,
  }));

  for (const language of languages) {
    it(`moves Bitcoin's price in the table within seconds with no layout shift, in ${language} at 1366 px`, async () => {
      const { context, page } = await signedInPage(journey.browser, journey.pro, {
        viewport: wide,
        language,
        pageErrors: journey.pageErrors,
      });
      try {
        await openDashboard(journey, page, translate(language, 'dashboard:source.streaming'));
        expect(await expectPriceMovesInPlace(page)).toMatch(/^(up flash-up|down flash-down)$/);
        expect(await seriousA11yViolations(page)).toEqual([]);
        await saveScreenshot(page, 'live-dashboard', language, false, false);
      } finally {
        await context.close();
      }
    });
  }

  it('updates the chart’s last candle in place, keeping the zoom the trader chose', async () => {
    const { context, page } = await signedInPage(journey.browser, journey.pro, {
      viewport: wide,
      pageErrors: journey.pageErrors,
    });
    try {
      await openDashboard(journey, page, 'Ao vivo');
      const chart = page.locator('[data-visible-bars]').first();
      await chart.waitFor();
      const zoomIn = page.getByRole('button', { name: 'Aproximar' });
      // each zoom is measured on the next frame: wait for it before the next one and before reading the view
      for (let step = 0; step < 2; step += 1) {
        const shown = await chart.getAttribute('data-visible-bars');
        await zoomIn.click();
        await expect.poll(() => chart.getAttribute('data-visible-bars')).not.toBe(shown);
      }
      const zoomed = await chart.getAttribute('data-visible-bars');
      // the chart's text alternative says the last close: it changes as the candle in progress moves
      const drawing = chart.getByRole('img');
      const label = await drawing.getAttribute('aria-label');
      await expect.poll(() => drawing.getAttribute('aria-label'), { timeout: 15_000 }).not.toBe(label);
      expect(await chart.getAttribute('data-visible-bars')).toBe(zoomed);
    } finally {
      await context.close();
    }
  });

  it('moves the price on a 390 px phone without sideways scroll, without a glow for reduced motion', async () => {
    const { context, page } = await signedInPage(journey.browser, journey.pro, {
      viewport: phone,
      pageErrors: journey.pageErrors,
    });
    try {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await openDashboard(journey, page, 'Ao vivo');
      expect(await expectPriceMovesInPlace(page)).toMatch(/^(up|down) none$/);
      await expectNoSidewaysScroll(page, phone.width);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await saveScreenshot(page, 'live-dashboard', 'pt-BR', true, false);
    } finally {
      await context.close();
    }
  });
});

describe('live market, simulated', () => {
  const journey = setUpProfissionalJourney('live-market-simulated');

  it('says the streamed prices are simulated, never "ao vivo", on a 390 px phone', async () => {
    const { context, page } = await signedInPage(journey.browser, journey.pro, {
      viewport: phone,
      pageErrors: journey.pageErrors,
    });
    try {
      const language: Language = 'pt-BR';
      await openDashboard(journey, page, translate(language, 'dashboard:source.streamingSimulated'));
      expect(
        await page.getByText(translate(language, 'dashboard:source.streaming'), { exact: true }).count(),
      ).toBe(0);
      await expectNoSidewaysScroll(page, phone.width);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await saveScreenshot(page, 'live-dashboard-simulated', language, true, false);
    } finally {
      await context.close();
    }
  });
});

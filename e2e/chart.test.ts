import type { CDPSession, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/a11y.ts';
import {
  expectNoSidewaysScroll,
  languages,
  phone,
  saveScreenshot,
  setUpProfissionalJourney,
  signedInPage,
  type Language,
} from './support/journey.ts';

// The trader's chart in real Chromium on the built server (simulated market): it opens on the latest bars,
// studies switch off with their panes, wheel and pinch zoom, any analysed coin through the symbol search, the
// read-out follows a tap, full screen comes and goes; on the analysis page the level labels and legends never
// overlap each other nor the latest candles. At 390 and 1366 px in each language, axe clean, no sideways scroll.

const journey = setUpProfissionalJourney('chart');
const wide = { width: 1366, height: 900 };

const words: Record<Language, { coin: string; fullscreen: string; exitFullscreen: string }> = {
  'pt-BR': { coin: 'Moeda do gráfico', fullscreen: 'Tela cheia', exitFullscreen: 'Sair da tela cheia' },
  en: { coin: 'Chart coin', fullscreen: 'Full screen', exitFullscreen: 'Exit full screen' },
  es: {
    coin: 'Moneda del gráfico',
    fullscreen: 'Pantalla completa',
    exitFullscreen: 'Salir de pantalla completa',
  },
};

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const visibleBars = async (chart: Locator) => Number(await chart.getAttribute('data-visible-bars'));
const readoutTime = (page: Page) =>
  page.locator('[data-chart-legend="price"] time').first().getAttribute('datetime');

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, 'element on screen').not.toBeNull();
  return box!;
}

/** A pinch (two fingers apart) on a phone, as Chromium's input pipeline would receive it. */
async function pinchOut(cdp: CDPSession, box: Box) {
  await cdp.send('Input.synthesizePinchGesture', {
    x: box.x + box.width / 2,
    y: box.y + box.height / 3,
    scaleFactor: 2.5,
    relativeSpeed: 600,
    gestureSourceType: 'touch',
  });
}

async function tap(cdp: CDPSession, x: number, y: number) {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

async function zoomIn(page: Page, chart: Locator, isPhone: boolean) {
  const box = await boxOf(chart);
  const before = await visibleBars(chart);
  if (isPhone) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
    await pinchOut(cdp, box);
    await cdp.detach();
  } else {
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
    await page.mouse.wheel(0, -400);
  }
  await expect.poll(() => visibleBars(chart)).toBeLessThan(before);
}

async function switchRsiOff(page: Page, chart: Locator) {
  const rsi = page.getByRole('button', { name: 'RSI', exact: true });
  expect(await rsi.getAttribute('aria-pressed')).toBe('true');
  expect(await chart.getAttribute('data-panes')).toBe('3');
  await rsi.click();
  expect(await rsi.getAttribute('aria-pressed')).toBe('false');
  await expect.poll(() => chart.getAttribute('data-panes')).toBe('2');
  expect(await page.locator('[data-chart-legend="rsi"]').count()).toBe(0);
  // the MACD legend moved up into the space the RSI pane gave back
  await page.locator('[data-chart-legend="macd"]').waitFor();
}

async function chooseEth(page: Page, language: Language) {
  const combobox = page.getByRole('combobox', { name: words[language].coin });
  const request = page.waitForRequest((candidate) => candidate.url().includes('/candles?symbol=ETH&'));
  await combobox.click();
  await combobox.fill('eth');
  await page.getByRole('option', { name: /ETH/ }).click();
  await request;
  // a pt-BR account sees reais (ETH/BRL), the others may see dollars (ETH/USDT)
  await page.getByRole('heading', { level: 2, name: /ETH\/(USDT|BRL)/ }).waitFor();
}

async function tapAnOlderCandle(page: Page, chart: Locator, isPhone: boolean) {
  const box = await boxOf(chart);
  const latest = await readoutTime(page);
  const [x, y] = [box.x + box.width * 0.3, box.y + box.height * 0.35];
  if (isPhone) {
    const cdp = await page.context().newCDPSession(page);
    await tap(cdp, x, y);
    await cdp.detach();
  } else {
    await page.mouse.move(x, y);
  }
  await expect.poll(() => readoutTime(page)).not.toBe(latest);
  expect(await readoutTime(page)).not.toBeNull();
}

async function fullScreenAndBack(page: Page, chart: Locator, language: Language) {
  const heightBefore = (await boxOf(chart)).height;
  await page.getByRole('button', { name: words[language].fullscreen, exact: true }).click();
  const exit = page.getByRole('button', { name: words[language].exitFullscreen });
  await exit.waitFor();
  expect(await exit.getAttribute('aria-pressed')).toBe('true');
  await expect.poll(async () => (await boxOf(chart)).height).toBeGreaterThan(heightBefore);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: words[language].fullscreen, exact: true }).waitFor();
  expect(await page.evaluate(() => document.fullscreenElement)).toBeNull();
  await expect.poll(async () => Math.round((await boxOf(chart)).height)).toBe(Math.round(heightBefore));
}

/** Level labels and legends of the chart: no two overlap, no label reaches the latest candles. */
async function expectClearLabels(chart: Locator) {
  const chartBox = await boxOf(chart);
  const latestLeft = chartBox.x + Number(await chart.getAttribute('data-latest-left'));
  const labels = await Promise.all((await chart.locator('[data-level-label]').all()).map(boxOf));
  const legends = await Promise.all((await chart.locator('[data-chart-legend]').all()).map(boxOf));
  expect(labels.length).toBeGreaterThan(0);
  const boxes = [...labels, ...legends];
  for (const [index, box] of boxes.entries())
    for (const other of boxes.slice(index + 1))
      expect(overlap(box, other), JSON.stringify([box, other])).toBe(false);
  for (const label of labels) expect(label.x + label.width).toBeLessThanOrEqual(latestLeft + 0.5);
}

type Screen = { page: Page; chart: Locator; language: Language; isPhone: boolean };

/** Opens `path` in each language on a phone and a wide screen, runs `act` on its chart, then axe and scroll checks. */
async function onEveryScreen(path: string, act: (screen: Screen) => Promise<void>) {
  const problems: string[] = [];
  for (const language of languages) {
    for (const viewport of [phone, wide]) {
      const isPhone = viewport === phone;
      const { context, page } = await signedInPage(journey.browser, journey.pro, {
        viewport,
        language,
        pageErrors: journey.pageErrors,
      });
      await page.goto(`${journey.server.url}${path}?lng=${language}`);
      const chart = page.locator('[data-visible-bars]').first();
      await chart.waitFor();
      await act({ page, chart, language, isPhone });
      for (const violation of await seriousA11yViolations(page))
        problems.push(`${path} ${language} ${viewport.width}px: ${violation}`);
      if (isPhone) await expectNoSidewaysScroll(page, viewport.width);
      await context.close();
    }
  }
  expect(problems).toEqual([]);
}

describe('the trader chart', () => {
  it('opens on the latest bars, switches RSI off, zooms, changes coin, reads a tapped candle and goes full screen', async () => {
    await onEveryScreen('/dashboard', async ({ page, chart, language, isPhone }) => {
      const opening = await visibleBars(chart);
      expect(opening).toBeGreaterThanOrEqual(isPhone ? 50 : 80);
      expect(opening).toBeLessThanOrEqual(isPhone ? 60 : 90);
      await chart.scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'chart-dashboard', language, isPhone, false);
      await switchRsiOff(page, chart);
      await zoomIn(page, chart, isPhone);
      await chooseEth(page, language);
      await tapAnOlderCandle(page, chart, isPhone);
      await fullScreenAndBack(page, chart, language);
    });
  }, 300_000);

  it('keeps the RSI choice and the coin on the next visit', async () => {
    const { context, page } = await signedInPage(journey.browser, journey.pro, {
      viewport: wide,
      pageErrors: journey.pageErrors,
    });
    await page.goto(`${journey.server.url}/dashboard?lng=pt-BR`);
    await page.locator('[data-visible-bars]').waitFor();
    await switchRsiOff(page, page.locator('[data-visible-bars]'));
    await chooseEth(page, 'pt-BR');
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Gráfico ETH/BRL' }).waitFor();
    expect(await page.getByRole('button', { name: 'RSI', exact: true }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    await expect.poll(() => page.locator('[data-visible-bars]').getAttribute('data-panes')).toBe('2');
    await context.close();
  }, 90_000);

  it('draws support and resistance on the coin page (the analysis screen) with labels that overlap nothing', async () => {
    await onEveryScreen('/coins/btc', async ({ page, chart, language, isPhone }) => {
      await chart.locator('[data-level-label]').first().waitFor();
      await expectClearLabels(chart);
      await chart.scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'chart-analysis', language, isPhone, false);
    });
  }, 180_000);
});

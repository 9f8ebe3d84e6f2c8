import { translate } from '@farol/i18n';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/a11y.ts';
import {
  expectNoSidewaysScroll,
  languages,
  phone,
  setUpProfissionalJourney,
  signedInPage,
  type Language,
} from './support/journey.ts';

// The coin page, public: a visitor and a profissional user open /coins/btc in the three languages at 390 and
// 1366 px; the facts, the signal summary and an explanation show; "create alert" opens the alerts dialog on
// BTC. Screenshots: /work/shots/h2-coin-<who>-<lang>-<width>.png.

const journey = setUpProfissionalJourney('coin');
const desktop = { width: 1366, height: 900 };
const shots = '/work/shots/h2-coin';

async function visitorPage(
  browser: Browser,
  language: Language,
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({ viewport, locale: language, serviceWorkers: 'block' });
  const page = await context.newPage();
  page.on('pageerror', (error) => journey.pageErrors.push(error.message));
  return { context, page };
}

/** The facts, the summary table and one explanation opened by a tap; axe clean, nothing sideways. */
async function checkCoinPage(page: Page, language: Language, width: number, who: string) {
  const t = (key: string, params?: Record<string, unknown>) => translate(language, `coin:${key}`, params);
  await page.getByRole('heading', { level: 1, name: /Bitcoin/ }).waitFor();
  await page.getByText(t('facts.marketCap')).waitFor();
  expect(await page.getByText('#1', { exact: true }).count()).toBeGreaterThan(0);
  expect(await page.getByText(t('facts.price') + ':').count()).toBe(1);
  await page.getByRole('meter', { name: t('score.label', { symbol: 'BTC' }) }).waitFor();
  await page.getByRole('table').waitFor();
  await page.getByRole('button', { name: /^RSI \(14\), 1h:/ }).click();
  await page.getByRole('dialog').waitFor();
  await page.screenshot({ path: `${shots}-${who}-${language}-${width}.png`, fullPage: true });
  expect(await seriousA11yViolations(page)).toEqual([]);
  await expectNoSidewaysScroll(page, width);
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

describe('coin page', () => {
  it('shows BTC to a visitor in three languages on a phone and a desktop, with its server-rendered title', async () => {
    for (const language of languages) {
      for (const viewport of [phone, desktop]) {
        const { context, page } = await visitorPage(journey.browser, language, viewport);
        await page.goto(`${journey.server.url}/coins/btc?lng=${language}`);
        await checkCoinPage(page, language, viewport.width, 'visitor');
        await page.getByText(translate(language, 'coin:locked.analysisTitle')).waitFor();
        await context.close();
      }
      const html = await (await fetch(`${journey.server.url}/coins/btc?lng=${language}`)).text();
      const title = `${translate(language, 'coin:meta.title', { name: 'Bitcoin', symbol: 'BTC' })} · Farol`;
      expect(html).toContain(`<title>${title}</title>`);
    }
    const missing = await fetch(`${journey.server.url}/coins/not-a-coin`);
    expect(missing.status).toBe(404);
    // a coin without a USDT pair (the simulated market invents the names, and pairs only its 250 best-ranked
    // coins): facts, and the page says why it has no chart or signal; then an unknown coin
    const listed = await fetch(`${journey.server.url}/api/crypto/prices?page=30&limit=10`, {
      headers: { Authorization: `Bearer ${journey.pro.token}` },
    });
    const { symbol } = ((await listed.json()) as { data: { symbol: string }[] }).data[0]!;
    const { context, page } = await visitorPage(journey.browser, 'pt-BR', phone);
    await page.goto(`${journey.server.url}/coins/${symbol.toLowerCase()}`);
    await page.getByText(`${symbol} não tem par USDT na Binance`).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}-not-analysed-pt-BR-390.png`, fullPage: true });
    await page.goto(`${journey.server.url}/coins/not-a-coin`);
    await page.getByRole('heading', { name: 'Moeda não encontrada' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}-not-found-pt-BR-390.png` });
    await context.close();
  }, 180_000);

  it('gives a profissional user the analysis and takes "create alert" to the alerts dialog on BTC', async () => {
    for (const language of languages) {
      for (const viewport of [phone, desktop]) {
        const { context, page } = await signedInPage(journey.browser, journey.pro, {
          language,
          viewport,
          pageErrors: journey.pageErrors,
        });
        await page.goto(`${journey.server.url}/coins/btc`);
        await page
          .getByRole('heading', { name: translate(language, 'coin:analysis.title', { symbol: 'BTC' }) })
          .waitFor();
        await checkCoinPage(page, language, viewport.width, 'pro');
        expect(await page.getByText(translate(language, 'coin:locked.analysisTitle')).count()).toBe(0);
        // the plan includes the analysis: its supports and resistances are drawn on the coin's chart
        await page.locator('[data-level-label]').first().waitFor();
        await page.getByRole('link', { name: translate(language, 'coin:actions.createAlert') }).click();
        const dialog = page.getByRole('dialog');
        await dialog.waitFor();
        const coinPicker = dialog.getByRole('combobox', { name: translate(language, 'alerts:picker.label') });
        await expect.poll(() => coinPicker.inputValue()).toBe('Bitcoin (BTC)');
        expect(page.url()).toBe(`${journey.server.url}/alerts`);
        if (viewport === phone) await page.screenshot({ path: `${shots}-alert-${language}.png` });
        await context.close();
      }
    }
  }, 240_000);
});

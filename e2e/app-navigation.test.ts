import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/a11y.ts';
import {
  expectNoSidewaysScroll,
  languages,
  phone,
  registerAccount,
  saveScreenshot,
  setUpProfissionalJourney,
  signedInPage,
  type Language,
} from './support/journey.ts';

// The signed-in app on the built server with the simulated market, as a trader sees it on a 390 px phone
// and a 1366 px laptop in each language: the dashboard opens on the coins and their live prices, the sections are one
// tap away (top bar, or the tab bar at the bottom of a phone), the chat's input stays at the bottom of the
// screen, and a signal row opens its coin's page.

const journey = setUpProfissionalJourney('app-navigation');
const laptop = { width: 1366, height: 768 };

const copy: Record<
  Language,
  { coins: string; tabBar: string; topBar: string; chat: string; signals: string }
> = {
  'pt-BR': {
    coins: 'Criptomoedas',
    tabBar: 'Seções do app',
    topBar: 'Navegação principal',
    chat: 'Chat',
    signals: 'Sinais de mercado',
  },
  en: {
    coins: 'Cryptocurrencies',
    tabBar: 'App sections',
    topBar: 'Main navigation',
    chat: 'Chat',
    signals: 'Market signals',
  },
  es: {
    coins: 'Criptomonedas',
    tabBar: 'Secciones de la app',
    topBar: 'Navegación principal',
    chat: 'Chat',
    signals: 'Señales de mercado',
  },
};

async function expectAxeClean(page: Page) {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

/** The bottom edge of `selector`'s box in viewport pixels. */
async function bottomOf(page: Page, locator: ReturnType<Page['locator']>) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!.y + box!.height;
}

/** Asks the built-in analyst a question: its answer shows from its first line, not scrolled to its end. */
async function expectAnswerReadFromItsStart(page: Page) {
  await page.getByRole('textbox').fill('Qual é o sinal técnico do ETH agora?');
  await page.getByRole('textbox').press('Enter');
  const answer = page.locator('[data-answer]').last();
  await answer.locator('dl').waitFor();
  await page.waitForLoadState('networkidle');
  const list = page.getByRole('region', { name: 'Conversa' });
  const [answerBox, listBox] = [await answer.boundingBox(), await list.boundingBox()];
  // the answer's first line is in view (scrolled to the top of the list when the answer is longer than it)
  expect(answerBox!.y).toBeGreaterThanOrEqual(listBox!.y);
  if (answerBox!.height > listBox!.height) expect(answerBox!.y).toBeLessThan(listBox!.y + 40);
  else expect(answerBox!.y + answerBox!.height).toBeLessThanOrEqual(listBox!.y + listBox!.height + 1);
  await saveScreenshot(page, 'app-chat-answer', 'pt-BR', true, false);
}

describe('app navigation', () => {
  for (const language of languages) {
    it(`on a phone in ${language}: coins and prices first, the tab bar to the chat, its input at the bottom`, async () => {
      const { context, page } = await signedInPage(journey.browser, journey.pro, {
        viewport: phone,
        language,
        pageErrors: journey.pageErrors,
      });
      const text = copy[language];
      await page.goto(`${journey.server.url}/dashboard`);
      const coins = page.getByRole('table', { name: text.coins });
      await coins
        .getByText(/US\$|\$/)
        .first()
        .waitFor();
      // the first coins with their prices are read without scrolling
      expect(await bottomOf(page, coins.locator('tbody tr').nth(2))).toBeLessThanOrEqual(phone.height);
      await expectNoSidewaysScroll(page, phone.width);
      await page.getByRole('region', { name: text.signals }).getByRole('link').first().waitFor();
      await expectAxeClean(page);
      if (language === 'pt-BR') await saveScreenshot(page, 'app-dashboard', language, true, false);

      const tabBar = page.getByRole('navigation', { name: text.tabBar });
      await tabBar.getByRole('link', { name: text.chat }).click();
      await page.waitForURL(/\/chat$/);
      await expect
        .poll(() => tabBar.getByRole('link', { name: text.chat }).getAttribute('aria-current'))
        .toBe('page');
      const input = page.getByRole('textbox');
      await input.waitFor();
      // pinned above the tab bar (64 px), at the bottom of the screen whatever the conversation's length
      const inputBottom = await bottomOf(page, input);
      expect(inputBottom).toBeLessThanOrEqual(phone.height - 64);
      expect(inputBottom).toBeGreaterThan(phone.height - 64 - 120);
      expect(
        await page.evaluate(() => document.documentElement.scrollHeight),
        'the page itself does not scroll',
      ).toBeLessThanOrEqual(phone.height);
      await expectNoSidewaysScroll(page, phone.width);
      await expectAxeClean(page);
      if (language === 'pt-BR') {
        await saveScreenshot(page, 'app-chat', language, true, false);
        await expectAnswerReadFromItsStart(page);
      }
      await context.close();
    });

    it(`on a laptop in ${language}: sections in the top bar, a signal row opens its coin's page`, async () => {
      const { context, page } = await signedInPage(journey.browser, journey.pro, {
        viewport: laptop,
        language,
        pageErrors: journey.pageErrors,
      });
      const text = copy[language];
      await page.goto(`${journey.server.url}/dashboard`);
      const topBar = page.getByRole('navigation', { name: text.topBar });
      expect(await topBar.locator('[aria-current="page"]').getAttribute('href')).toBe('/dashboard');
      await expect.poll(() => page.getByRole('navigation', { name: text.tabBar }).isVisible()).toBe(false);
      const row = page.getByRole('region', { name: text.signals }).getByRole('link').first();
      await row.waitFor();
      await expectNoSidewaysScroll(page, laptop.width);
      await expectAxeClean(page);
      if (language === 'pt-BR') await saveScreenshot(page, 'app-dashboard', language);

      const href = await row.getAttribute('href');
      expect(href).toMatch(/^\/coins\/[a-z0-9]+$/);
      await row.click();
      await page.waitForURL(`${journey.server.url}${href}`);

      await page.goto(`${journey.server.url}/chat`);
      const input = page.getByRole('textbox');
      await input.waitFor();
      expect(await bottomOf(page, input)).toBeGreaterThan(laptop.height - 120);
      expect(await bottomOf(page, input)).toBeLessThanOrEqual(laptop.height);
      await context.close();
    });
  }

  it('keeps the first coins in the first phone screen under the e-mail verification banner', async () => {
    const unverified = await registerAccount(
      journey.server.url,
      'Nina Nova',
      `nova.${Date.now()}@example.com`,
    );
    const { context, page } = await signedInPage(journey.browser, unverified, {
      viewport: phone,
      pageErrors: journey.pageErrors,
    });
    await page.goto(`${journey.server.url}/dashboard`);
    await page.getByRole('button', { name: 'Reenviar link' }).waitFor();
    const coins = page.getByRole('table', { name: copy['pt-BR'].coins });
    // a Brazilian account reads its prices in reais
    await coins.getByText(/R\$/).first().waitFor();
    expect(await bottomOf(page, coins.locator('tbody tr').nth(2))).toBeLessThanOrEqual(phone.height);
    await saveScreenshot(page, 'app-dashboard-unverified', 'pt-BR', true, false);
    await context.close();
  });
});

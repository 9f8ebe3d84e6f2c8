import { languages, translate, type Language } from '@farol/i18n';
import { formatPrice } from '@farol/i18n/format';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/a11y.ts';
import { expectNoSidewaysScroll, phone, signedInPage, setUpProfissionalJourney } from './support/journey.ts';

// A profissional user sorts the coin table, opens a coin from it, and creates an alert through the coin
// picker, in each language on a 1366 px desktop and a 390 px phone. Screenshots: /work/shots/h3-*.png.

const journey = setUpProfissionalJourney('market-table');
const wide = { width: 1366, height: 900 };
const shotDir = '/work/shots/';

const coinRows = (page: Page) => page.locator('table tbody tr');
const firstCoinName = async (page: Page) =>
  (await coinRows(page).first().locator('td').nth(2).getByRole('link').textContent())!.trim();

async function shoot(page: Page, name: string, language: Language, width: number) {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${shotDir}h3-${name}-${language}-${width}.png`, fullPage: false });
}

/** The coin list the table shows first when sorted by the 24 h change, largest first (the server's answer). */
async function topGainer(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const response = await fetch('/api/crypto/prices?page=1&limit=1&sort=change24h&order=desc', {
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return ((await response.json()) as { data: { name: string }[] }).data[0]!.name;
  });
}

async function sortAndOpenCoin(page: Page, language: Language, width: number, problems: string[]) {
  const t = (key: string) => translate(language, key);
  await page.goto(`${journey.server.url}/dashboard`);
  await coinRows(page).first().waitFor();
  expect(await firstCoinName(page)).toBe('Bitcoin');
  const header = page.getByRole('columnheader', { name: t('market:table.columns.change24h.long') });
  await header.getByRole('button').click();
  await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
  const gainer = await topGainer(page);
  await expect.poll(() => firstCoinName(page)).toBe(gainer);
  await coinRows(page).first().scrollIntoViewIfNeeded();
  await shoot(page, 'table-sorted', language, width);
  for (const violation of await seriousA11yViolations(page)) problems.push(`dashboard ${violation}`);
  if (width === phone.width) await expectNoSidewaysScroll(page, phone.width);

  // a click on the row (its price cell) on a desktop, the name link on a phone
  const row = coinRows(page).first();
  if (width === phone.width) await row.getByRole('link').click();
  else await row.locator('td').nth(3).click();
  await page.waitForURL(/\/coins\/[a-z0-9]+$/);
  // the coin page opens on the coin that topped the sorted table
  await page.getByRole('heading', { level: 1, name: gainer }).waitFor();
  return new URL(page.url()).pathname;
}

async function createAlertThroughPicker(page: Page, language: Language, width: number, problems: string[]) {
  const t = (key: string, params?: Record<string, unknown>) => translate(language, key, params);
  await page.goto(`${journey.server.url}/alerts`);
  await page.getByText(/\d/).first().waitFor();
  await page
    .getByRole('button', { name: t('alertsPage:create.open'), exact: true })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  const picker = dialog.getByRole('combobox', { name: t('alerts:picker.label') });
  await picker.fill('eth');
  await dialog.getByRole('option', { name: /^ETH Ethereum/ }).waitFor();
  for (const violation of await seriousA11yViolations(page)) problems.push(`alert dialog ${violation}`);
  await shoot(page, 'picker', language, width);
  // the first match is active: Enter chooses it
  await picker.press('Enter');
  expect(await picker.inputValue()).toBe('Ethereum (ETH)');
  // the account was made in pt-BR: its prices and new alerts are in reais in every language
  await dialog.getByLabel(t('alertsPage:create.fields.priceAbove', { currency: 'R$' })).fill('5000');
  const sentence = dialog.getByRole('region', { name: t('alerts:picker.sentence.label') });
  const expected = t('alerts:picker.sentence.lead', {
    conditions: t('alerts:picker.sentence.priceAbove', {
      coin: 'ETH',
      value: formatPrice(5000, language, 'BRL'),
    }),
  });
  await expect.poll(() => sentence.textContent()).toBe(expected);
  await shoot(page, 'alert-dialog', language, width);
  await dialog.getByRole('button', { name: t('alertsPage:create.submit') }).click();
  await dialog.waitFor({ state: 'detached' });
  const link = page.getByRole('link', { name: 'Ethereum (ETH)' }).first();
  await link.waitFor();
  expect(await link.getAttribute('href')).toBe('/coins/eth');
  await shoot(page, 'alerts', language, width);
  if (width === phone.width) await expectNoSidewaysScroll(page, phone.width);
  // the alert card opens its coin's page
  await link.click();
  await page.waitForURL(/\/coins\/eth$/);
  await page.getByRole('heading', { level: 1, name: /Ethereum/ }).waitFor();
}

describe('market table and alert picker journey', () => {
  it('sorts, opens a coin and creates an alert through the picker in every language, desktop and phone', async () => {
    const problems: string[] = [];
    for (const language of languages) {
      for (const viewport of [wide, phone]) {
        const { context, page } = await signedInPage(journey.browser, journey.pro, {
          viewport,
          language,
          pageErrors: journey.pageErrors,
        });
        const coinPath = await sortAndOpenCoin(page, language, viewport.width, problems);
        expect(coinPath).toMatch(/^\/coins\/[a-z0-9]+$/);
        await createAlertThroughPicker(page, language, viewport.width, problems);
        await context.close();
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);
});

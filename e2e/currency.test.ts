import { translate } from '@farol/i18n';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/a11y.ts';
import { expectNoSidewaysScroll, phone, setUpProfissionalJourney, signedInPage } from './support/journey.ts';

// Reais first: a pt-BR profissional user sees R$ on the dashboard's table and cards and on /coins/btc at 390 and
// 1366 px, sets an alert in reais that keeps showing R$ after the display switches to dollars, and an English
// visitor sees dollars. Screenshots: /work/shots/h7-*.png.

const journey = setUpProfissionalJourney('currency');
const wide = { width: 1366, height: 900 };
const shots = '/work/shots/h7';

const t = (key: string, params?: Record<string, unknown>) => translate('pt-BR', key, params);
// Intl writes a no-break space after the sign; Playwright's text matching folds it into a space
const reais = /R\$\s[\d.]+,\d{2}/;

async function check(page: Page, name: string, width: number, problems: string[]) {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${shots}-${name}-${width}.png`, fullPage: false });
  for (const violation of await seriousA11yViolations(page)) problems.push(`${name} ${width}: ${violation}`);
  if (width === phone.width) await expectNoSidewaysScroll(page, width);
}

async function checkDashboardInReais(page: Page, width: number, problems: string[]) {
  await page.goto(`${journey.server.url}/dashboard`);
  const firstRow = page.locator('table tbody tr').first();
  await firstRow.waitFor();
  expect(await firstRow.locator('td').nth(3).textContent()).toMatch(reais);
  // the market cap card and the dominance card's caps; the market here is simulated, so no source is credited
  await page
    .getByText(/^R\$ [\d,]+ tri$/)
    .first()
    .waitFor();
  expect(await page.getByRole('link', { name: t('common:currency.credit.coingeckoName') }).count()).toBe(0);
  expect(await page.getByRole('link', { name: t('common:currency.credit.binanceName') }).count()).toBe(0);
  await page.getByRole('heading', { name: 'Gráfico BTC/BRL' }).waitFor();
  await page.getByText('BTC/USDT × USDT/BRL').waitFor();
  await check(page, 'dashboard', width, problems);
}

async function checkCoinPageInReais(page: Page, width: number, problems: string[]) {
  await page.goto(`${journey.server.url}/coins/btc`);
  await page.getByRole('heading', { level: 1, name: /Bitcoin/ }).waitFor();
  await page.getByText(new RegExp(`^${t('coin:facts.price')}: ${reais.source}$`)).waitFor();
  const marketCap = page
    .locator('dt', { hasText: t('coin:facts.marketCap') })
    .locator('xpath=following-sibling::dd[1]');
  expect(await marketCap.textContent()).toMatch(/^R\$\s[\d,]+\s(tri|bi)$/);
  await check(page, 'coin-btc', width, problems);
}

/** A price alert set in reais from the alerts page: the dialog says R$ before the value and in its sentence. */
async function createAlertInReais(page: Page, problems: string[]) {
  await page.goto(`${journey.server.url}/alerts`);
  await page.getByText(t('alertsPage:empty.title')).waitFor();
  await page
    .getByRole('button', { name: t('alertsPage:create.open'), exact: true })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Moeda' }).fill('bitcoin');
  await dialog.getByRole('option', { name: /^BTC Bitcoin/ }).click();
  await dialog.getByLabel('Preço acima de (R$)').fill('600000');
  await dialog.getByText('Avisar quando BTC ficar acima de R$ 600.000,00').waitFor();
  await check(page, 'alert-dialog', wide.width, problems);
  await dialog.getByRole('button', { name: t('alertsPage:create.submit') }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText('Preço acima de R$ 600.000,00').waitFor();
}

describe('prices in reais', () => {
  it('shows a pt-BR trader R$ on the dashboard, the coin page and an alert that keeps R$ after switching to US$', async () => {
    const problems: string[] = [];
    for (const viewport of [phone, wide]) {
      const { context, page } = await signedInPage(journey.browser, journey.pro, {
        viewport,
        pageErrors: journey.pageErrors,
      });
      await checkDashboardInReais(page, viewport.width, problems);
      await checkCoinPageInReais(page, viewport.width, problems);
      if (viewport === wide) {
        await createAlertInReais(page, problems);
        // the top bar switches the display to dollars; the alert stays in the currency it was set in
        await page.getByRole('button', { name: /^R\$: moeda dos preços/ }).click();
        await page.getByRole('button', { name: /^US\$: moeda dos preços/ }).waitFor();
        await page.reload();
        await page.getByText('Preço acima de R$ 600.000,00').waitFor();
        await check(page, 'alert-after-switch', viewport.width, problems);
        await page.goto(`${journey.server.url}/dashboard`);
        const price = page.locator('table tbody tr').first().locator('td').nth(3);
        await expect.poll(() => price.textContent()).toMatch(/US\$\s[\d.]+,\d{2}/);
        await check(page, 'dashboard-usd', viewport.width, problems);
      }
      await context.close();
    }
    expect(problems).toEqual([]);
  });

  it('shows an English visitor dollars by default', async () => {
    const context = await journey.browser.newContext({
      viewport: wide,
      locale: 'en',
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    page.on('pageerror', (error) => journey.pageErrors.push(error.message));
    await page.goto(`${journey.server.url}/coins/btc?lng=en`);
    await page.getByText(/^Price: \$[\d,]+\.\d{2}$/).waitFor();
    await page.getByRole('button', { name: /^US\$: price currency/ }).waitFor();
    const problems: string[] = [];
    await check(page, 'coin-btc-en', wide.width, problems);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('redraws the chart in the new currency at each switch: its last close and its whole range sit at the price shown', async () => {
    const { context, page } = await signedInPage(journey.browser, journey.pro, {
      viewport: wide,
      pageErrors: journey.pageErrors,
    });
    await page.goto(`${journey.server.url}/coins/btc`);
    await page.getByRole('heading', { level: 1, name: /Bitcoin/ }).waitFor();
    await expectChartAtPrice(page, 'BRL');
    for (const [from, to] of [
      ['R', 'USD'],
      ['US', 'BRL'],
      ['R', 'USD'],
      ['US', 'BRL'],
    ] as const) {
      await page.getByRole('button', { name: new RegExp(`^${from}\\$: moeda dos preços`) }).click();
      await expectChartAtPrice(page, to);
    }
    await context.close();
  });
});

/** `R$ 464.870,00` or `US$ 86.234,10` (pt-BR) as a number. */
const amountOf = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'));

/**
 * The chart of the coin page is drawn in `currency`: its title names the pair, the price shown and the last close
 * the chart holds agree within 3 % (the heading's price comes from the market list, the close from the candles),
 * and every candle the chart holds lies within half and twice that price (a series patched across a switch keeps
 * the other currency's history, five times off).
 */
async function expectChartAtPrice(page: Page, currency: 'BRL' | 'USD') {
  const pair = currency === 'BRL' ? 'BTC/BRL' : 'BTC/USDT';
  await page.getByRole('heading', { name: `Gráfico ${pair}` }).waitFor();
  const shown = page.getByText(/^Preço: (R|US)\$/).first();
  const chart = page.locator('[data-drawn-close]').first();
  const reading = async () => {
    const text = (await shown.textContent()) ?? '';
    const price = amountOf(text.replace(/^Preço: /, ''));
    const close = Number(await chart.getAttribute('data-drawn-close'));
    const low = Number(await chart.getAttribute('data-drawn-low'));
    const high = Number(await chart.getAttribute('data-drawn-high'));
    return {
      currency: text.includes('US$') ? 'USD' : 'BRL',
      closeAtPrice: Math.abs(close / price - 1) < 0.03,
      rangeAtPrice: low > price / 2 && high < price * 2,
    };
  };
  await expect
    .poll(reading, { timeout: 15_000 })
    .toEqual({ currency, closeAtPrice: true, rangeAtPrice: true });
}

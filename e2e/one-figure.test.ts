import { translate } from '@farol/i18n';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setUpProfissionalJourney, signedInPage } from './support/journey.ts';

// One figure, one value on every screen: a profissional user (pt-BR, so reais) reads ETH's price, its 24 h
// change and its 1h MACD histogram on the dashboard's coin table, the coin page (heading, signal summary,
// key indicators) and the chat's built-in answer, and each screen states the same value. The figures are the
// simulated market's (which has no DOGE, the coin of the report: it lists the ten analysed coins under their
// real names), and the test compares screens with one another, never with numbers of its own.

const journey = setUpProfissionalJourney('one-figure');
const t = (key: string, params?: Record<string, unknown>) => translate('pt-BR', key, params);

/** "+0,14%", "−10,69 %", "0,1234", "R$ 1.234,56" as a number (pt-BR: dot groups, comma decimals). */
function numberIn(text: string): number {
  const match = /[-−+]?\s?\d[\d.]*(,\d+)?/.exec(text.replace(/\u00a0/g, ' '));
  if (!match) throw new Error(`no number in "${text}"`);
  return Number(match[0].replace(/[\s.]/g, '').replace('−', '-').replace(',', '.'));
}

/** The 24 h change and price cells of ETH's row in the dashboard's coin table. */
async function readTableRow(page: Page) {
  await page.goto(`${journey.server.url}/dashboard`);
  const row = page.locator('table tbody tr').filter({ has: page.getByRole('link', { name: 'Ethereum' }) });
  // the table opens on the top coins by market cap: ETH is second
  await row.waitFor();
  const headers = await page.locator('table thead th').allTextContents();
  const column = (key: string) =>
    headers.findIndex((text) => text.includes(t(`market:table.columns.${key}.long`)));
  const cell = async (key: string) => (await row.locator('td, th').nth(column(key)).textContent())!;
  return { price: await cell('price'), change: await cell('change24h') };
}

/** The heading's price and 24 h change, the summary's 1h MACD and the key indicators' MACD on /coins/eth. */
async function readCoinPage(page: Page) {
  await page.goto(`${journey.server.url}/coins/eth`);
  await page.getByRole('heading', { level: 1, name: /Ethereum/ }).waitFor();
  const price = (await page
    .getByText(`${t('coin:facts.price')}:`)
    .locator('..')
    .textContent())!;
  const change = (await page
    .getByText(t('coin:facts.change24h'), { exact: true })
    .first()
    .locator('..')
    .textContent())!;
  const summaryCell = page.getByRole('button', { name: new RegExp(`^${t('coin:summary.rows.macd')}, 1h:`) });
  await summaryCell.waitFor();
  const summaryMacd = (await summaryCell.textContent())!.split(':').at(-1)!;
  const indicatorLabel = page.getByText(t('marketAnalysis:indicators.macd'), { exact: true });
  await indicatorLabel.waitFor();
  const keyMacd = (await indicatorLabel.locator('xpath=following-sibling::span[1]').textContent())!;
  return { price, change, summaryMacd, keyMacd };
}

/** The built-in analyst's answer to a question about ETH's market cap (fundamentals and the 1h reading). */
async function readChatAnswer(page: Page) {
  await page.goto(`${journey.server.url}/chat`);
  const input = page.getByLabel('Sua pergunta');
  await input.fill('Qual a capitalização de mercado do ETH?');
  await input.press('Enter');
  const answer = page.getByText(/variação 24h/).last();
  await answer.waitFor({ timeout: 60_000 });
  const fundamentals = (await answer.textContent())!;
  const indicators = (await page
    .getByText(/histograma MACD/)
    .last()
    .textContent())!;
  return {
    source: /variação 24h [^(]+\(([^)]+)\)/.exec(fundamentals)![1]!,
    price: /preço ([^,]+,\d+)/.exec(fundamentals)![1]!,
    change: /variação 24h ([^.]+%)/.exec(fundamentals)![1]!,
    macd: /histograma MACD ([^,]+,\d+)/.exec(indicators)![1]!,
  };
}

describe('one figure, one value', () => {
  it("shows ETH's price, 24 h change and 1h MACD alike on the table, the coin page and the chat", async () => {
    const { context, page } = await signedInPage(journey.browser, journey.pro, {
      pageErrors: journey.pageErrors,
    });
    const table = await readTableRow(page);
    const coin = await readCoinPage(page);
    const chat = await readChatAnswer(page);
    await context.close();

    // the 24 h change: one source (the coin list, moved by the live ticks) on every screen
    expect(numberIn(coin.change)).toBe(numberIn(table.change));
    expect(numberIn(chat.change)).toBe(numberIn(table.change));
    // and both say whose it is (here the simulated market's; live, CoinGecko's or Binance's rolling 24 h)
    expect(coin.change).toContain(t('coin:facts.changeSource.simulated'));
    expect(chat.source).toBe(t('chat:offline.simulatedSource'));
    // the price, in reais on every screen
    expect(table.price).toContain('R$');
    expect(numberIn(coin.price)).toBe(numberIn(table.price));
    expect(numberIn(chat.price)).toBe(numberIn(table.price));
    // the MACD: the 1h histogram in reais on the summary, the key indicators and the chat
    expect(numberIn(coin.summaryMacd)).toBe(numberIn(coin.keyMacd));
    expect(numberIn(chat.macd)).toBe(numberIn(coin.keyMacd));
  });
});

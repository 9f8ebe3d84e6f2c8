// Test helper: a clock the app reads, ahead of the database's (which dates queued outbox rows, so they are
// due at once), and BTC prices that make a price alert fire as the scheduled check would.
import { expect } from 'vitest';
import { emptyMarketSnapshot, type MarketSnapshot } from '../modules/alerts/alerts.evaluation.ts';
import { checkAlertsAgainst } from '../modules/alerts/alerts.service.ts';
import type { TestApp } from './harness.ts';

export const btcAt = (price: number): MarketSnapshot => ({
  ...emptyMarketSnapshot(),
  prices: new Map([['BTC', price]]),
});

export function createTestClock(start = new Date(Date.now() + 3_600_000)) {
  let time = start;
  return {
    now: () => time,
    advance: (ms: number) => {
      time = new Date(time.getTime() + ms);
    },
  };
}

export type TestClock = ReturnType<typeof createTestClock>;

/** Checks every active alert against each BTC price in turn, ten minutes apart. */
export async function checkBtcPrices(t: TestApp, clock: TestClock, prices: number[]): Promise<void> {
  for (const price of prices) {
    clock.advance(10 * 60_000);
    await checkAlertsAgainst({ db: t.app.db, now: clock.now }, btcAt(price));
  }
}

/** The body that creates a price alert "above `priceAbove` dollars" on a coin. */
export const priceAboveAlert = (
  coinSymbol: string,
  priceAbove: number,
  names: { name?: string; coinName?: string } = {},
) => ({
  name: names.name ?? `${coinSymbol} above ${priceAbove}`,
  type: 'preco' as const,
  coinSymbol,
  coinName: names.coinName ?? coinSymbol,
  conditions: { priceAbove },
  currency: 'USD' as const,
});

/** Creates a price alert "above `priceAbove` dollars" on a coin; answers its id. */
export async function createPriceAlert(
  t: TestApp,
  token: string,
  coinSymbol: string,
  priceAbove: number,
): Promise<string> {
  const created = await t.request('POST', '/api/alerts', {
    token,
    body: priceAboveAlert(coinSymbol, priceAbove),
  });
  expect(created.status).toBe(201);
  return created.body.data.id as string;
}

/** A "BTC above 100,000" price alert named Topo. */
export async function createTopoAlert(t: TestApp, token: string): Promise<void> {
  // in dollars, like btcAt's prices
  const body = priceAboveAlert('BTC', 100_000, { name: 'Topo', coinName: 'Bitcoin' });
  const alert = await t.request('POST', '/api/alerts', { token, body });
  expect(alert.status).toBe(201);
}

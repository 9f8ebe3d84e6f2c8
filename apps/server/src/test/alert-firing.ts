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

/** A "BTC above 100,000" price alert named Topo. */
export async function createTopoAlert(t: TestApp, token: string): Promise<void> {
  const alert = await t.request('POST', '/api/alerts', {
    token,
    body: {
      name: 'Topo',
      type: 'preco',
      coinSymbol: 'BTC',
      coinName: 'Bitcoin',
      conditions: { priceAbove: 100_000 },
      // in dollars, like btcAt's prices
      currency: 'USD',
    },
  });
  expect(alert.status).toBe(201);
}

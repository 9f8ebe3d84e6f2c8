import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketDominanceHistory } from '../../db/schema/market.ts';
import { forEachEngine, startTestApp, type TestApp } from '../../test/harness.ts';
import { startMarketStub, stubEndpoints, type MarketStub } from '../../test/stubs/market-stub.ts';
import { recordDominance } from './market.repository.ts';

const start = Date.parse('2025-03-10T10:20:00Z');
const DAY_MS = 86_400_000;
// @farol/testdata fixtures/coingecko/global.json
const recorded = { bitcoinDominance: 44.59244167928988, ethereumDominance: 19.04061344871067 };

const rowsOf = (test: TestApp) =>
  test.database.db
    .select()
    .from(marketDominanceHistory)
    .orderBy(asc(marketDominanceHistory.source), asc(marketDominanceHistory.slotStart));

/** Reads the global market until the answer is a fresh fetch (a stale answer refreshes in the background). */
async function readFreshGlobal(test: TestApp) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const response = await test.request('GET', '/api/market-data/global');
    if (response.body.cache?.ageSeconds === 0) return response;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the global market was never refreshed');
}

forEachEngine((engine) => {
  describe('dominance history from the live provider (stub)', () => {
    let stub: MarketStub;
    let test: TestApp;
    let time = start;
    beforeAll(async () => {
      stub = await startMarketStub();
      test = await startTestApp({
        engine,
        env: { MARKET_DATA_SOURCE: 'live', ...stub.env },
        deps: { now: () => new Date(time) },
      });
    });
    afterAll(async () => {
      await test.close();
      await stub.close();
    });

    it('records at most one row per source and 15-minute slot, from fresh fetches only', async () => {
      const before = stub.calls(stubEndpoints.global);
      await readFreshGlobal(test); // 10:20:00, fetched
      await test.request('GET', '/api/market-data/global'); // cached: no fetch, no row
      time = start + 121_000; // 10:22:01, stale: fetched again within the same slot
      await readFreshGlobal(test);
      time = Date.parse('2025-03-10T10:30:05Z'); // the next slot
      await readFreshGlobal(test);
      expect(stub.calls(stubEndpoints.global) - before).toBe(3);
      const rows = await rowsOf(test);
      expect(
        rows.map((row) => [row.source, row.slotStart.toISOString(), row.recordedAt.toISOString()]),
      ).toEqual([
        ['coingecko', '2025-03-10T10:15:00.000Z', '2025-03-10T10:20:00.000Z'],
        ['coingecko', '2025-03-10T10:30:00.000Z', '2025-03-10T10:30:05.000Z'],
      ]);
      expect(rows[0]).toMatchObject({ ...recorded, totalMarketCap: expect.any(Number) });
    });

    it('keeps 90 days: storing a row prunes the older ones, of every source', async () => {
      const db = test.database.db;
      const now = Date.parse('2025-03-10T11:00:00Z');
      const point = { bitcoinDominance: 50, ethereumDominance: 15, totalMarketCap: 3e12 };
      await recordDominance(db, 'simulated', { ...point, time: now - 91 * DAY_MS });
      await recordDominance(db, 'coingecko', { ...point, time: now - 90 * DAY_MS - 60_000 });
      await recordDominance(db, 'coingecko', { ...point, time: now - 89 * DAY_MS });
      expect((await rowsOf(test)).length).toBe(5);
      // a second fetch in an already stored slot stores nothing, so it prunes nothing either
      expect(
        await recordDominance(db, 'coingecko', { ...point, time: Date.parse('2025-03-10T10:31:00Z') }),
      ).toBe(false);
      expect((await rowsOf(test)).length).toBe(5);
      expect(await recordDominance(db, 'coingecko', { ...point, time: now })).toBe(true);
      const kept = (await rowsOf(test)).map((row) => row.recordedAt.getTime());
      expect(kept).not.toContain(now - 91 * DAY_MS);
      expect(kept).not.toContain(now - 90 * DAY_MS - 60_000);
      expect(kept).toContain(now - 89 * DAY_MS);
    });

    it('serves the stored history of the live source, ending with the current snapshot', async () => {
      time = Date.parse('2025-03-10T11:05:00Z');
      const history = await test.app.market.getDominanceHistory(1);
      expect(history.source).toBe('coingecko');
      // 10:20, 10:30:05 and 11:00 are stored within the last day; 11:05 is the fresh fetch itself
      expect(history.data.map((point) => new Date(point.time).toISOString())).toEqual([
        '2025-03-10T10:20:00.000Z',
        '2025-03-10T10:30:05.000Z',
        '2025-03-10T11:00:00.000Z',
        '2025-03-10T11:05:00.000Z',
      ]);
      expect(history.data.at(-1)).toMatchObject(recorded);
    });
  });

  describe('dominance history of the simulated market', () => {
    let test: TestApp;
    beforeAll(async () => {
      test = await startTestApp({ engine, deps: { now: () => new Date(start) } });
    });
    afterAll(() => test.close());

    it('has 7 days of 15-minute points on a fresh install, computed by the simulator and ending at the current snapshot', async () => {
      const history = await test.app.market.getDominanceHistory(7);
      const global = await test.request('GET', '/api/market-data/global');
      expect(history.source).toBe('simulated');
      expect(history.data).toHaveLength(7 * 96 + 1);
      expect(history.data[0]!.time).toBe(start - 7 * DAY_MS + 10 * 60_000); // 10:30 seven days before
      expect(history.data[1]!.time - history.data[0]!.time).toBe(15 * 60_000);
      const last = history.data.at(-1)!;
      expect(last.bitcoinDominance).toBe(global.body.data.bitcoin_dominance);
      // the step just before the current one is computed apart from the snapshot but from the same prices
      const previous = history.data.at(-2)!;
      expect(Math.abs(previous.bitcoinDominance - last.bitcoinDominance)).toBeLessThan(1);
      expect(new Set(history.data.map((point) => point.bitcoinDominance.toFixed(6))).size).toBeGreaterThan(
        100,
      );
      // the fetch of the current snapshot is recorded as simulated history too
      expect((await rowsOf(test)).map((row) => row.source)).toEqual(['simulated']);
    });
  });
});

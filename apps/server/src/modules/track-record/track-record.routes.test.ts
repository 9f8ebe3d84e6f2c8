import { trackRecordSchema } from '@farol/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, selectRows } from '../../db/client.ts';
import { forEachEngine, startTestApp, useTestApp, type TestApp } from '../../test/harness.ts';
import { startMarketStub, type MarketStub } from '../../test/stubs/market-stub.ts';
import { readTestCandles } from '../signals/csv-candles.ts';
import { SIGNAL_ENGINE_VERSION } from '../signals/signal-calibration.ts';

const HOUR = 3_600_000;
// the coins with recorded 1h candles up to 2025-04 in the stub (MATIC's pair stopped in 2024: skipped as stale)
const recordedCoins = ['BTC', 'ETH', 'SOL'];

type StoredRow = {
  coin: string;
  time: Date | string;
  signal: string;
  price: number;
  confidence: number;
  engine_version: string;
  price_24h: number | null;
  price_72h: number | null;
  price_7d: number | null;
};
const storedRows = (testApp: TestApp) =>
  selectRows<StoredRow>(testApp.database.db, sql`select * from signal_history order by coin, time`);
const iso = (time: Date | string) => new Date(time).toISOString();

/** The close of the 1h candle of `symbol` that ends at `time` (ms), from the repository's real candles. */
const closeEndingAt = (symbol: string, time: number) =>
  readTestCandles(`${symbol}USDT-1h.csv`).find((candle) => candle.openTime + HOUR === time)!.close;

forEachEngine((engine) => {
  describe('signal track record on recorded Binance candles', () => {
    let stub: MarketStub;
    let clock = Date.parse('2025-04-20T10:30:00Z');
    let testApp: TestApp;
    let secondInstance: TestApp | undefined;

    beforeAll(async () => {
      stub = await startMarketStub();
      const env = { MARKET_DATA_SOURCE: 'live', ...stub.env };
      testApp = await startTestApp({ engine, env, deps: { now: () => new Date(clock) } });
      if (engine === 'postgres') {
        // a second app process on the same PostgreSQL database, as a second instance behind a load balancer
        secondInstance = await startTestApp({
          // the deployment's key: the first instance stored its shared secrets (VAPID keys) encrypted with it
          env: { ...env, ENCRYPTION_KEY: testApp.config.ENCRYPTION_KEY },
          deps: {
            now: () => new Date(clock),
            database: await openDatabase({ databaseUrl: testApp.config.DATABASE_URL }),
          },
        });
      }
    });
    afterAll(async () => {
      await secondInstance?.close();
      await testApp.close();
      await stub.close();
    });

    it('stores the signal of each coin once per hourly close, however many runs and instances', async () => {
      const runs = [testApp, secondInstance ?? testApp, testApp].map((instance) =>
        instance.app.jobs.run('signal-track-record'),
      );
      const results = await Promise.all(runs);
      const stored = results.flatMap((run) => run.result.stored as string[]);
      expect(stored.sort()).toEqual(recordedCoins);
      // the coins without 1h candles up to now are skipped with a reason, not stored
      expect(Object.keys(results[0]!.result.skipped as object)).toHaveLength(7);
      expect((results[0]!.result.skipped as Record<string, string>).MATIC).toBe('stale');

      const rows = await storedRows(testApp);
      expect(rows.map((row) => row.coin)).toEqual(recordedCoins);
      for (const row of rows) {
        expect(iso(row.time)).toBe('2025-04-20T10:00:00.000Z');
        expect(row.price).toBe(closeEndingAt(row.coin, Date.parse('2025-04-20T10:00:00Z')));
        expect(row.engine_version).toBe(SIGNAL_ENGINE_VERSION);
        expect(row.price_24h).toBeNull();
      }

      const again = await testApp.app.jobs.run('signal-track-record');
      expect(again.result.stored).toEqual([]);
      expect((again.result.alreadyStored as string[]).sort()).toEqual(recordedCoins);
    });

    it('refuses to delete or rewrite a stored signal', async () => {
      await expect(testApp.database.db.execute(sql`delete from signal_history`)).rejects.toThrow();
      await expect(
        testApp.database.db.execute(sql`update signal_history set signal = 'strong_buy'`),
      ).rejects.toThrow();
      expect(await storedRows(testApp)).toHaveLength(3);
    });

    it('scores each signal with the 1h close 24 h, 72 h and 7 d later, once', async () => {
      const signalTime = Date.parse('2025-04-20T10:00:00Z');
      clock = Date.parse('2025-04-27T10:20:00Z'); // 7 d after the signal's close: every horizon has closed
      let rows = await storedRows(testApp);
      // the market's cached 1h series revalidates in the background: run until the outcomes are in
      for (let attempt = 0; attempt < 30 && rows.some((row) => row.price_7d === null); attempt++) {
        await testApp.app.jobs.run('signal-track-record');
        clock += 5_000;
        rows = await storedRows(testApp);
      }
      const first = rows.filter((row) => iso(row.time) === '2025-04-20T10:00:00.000Z');
      expect(first.map((row) => row.coin)).toEqual(recordedCoins);
      for (const row of first) {
        expect(row.price_24h).toBe(closeEndingAt(row.coin, signalTime + 24 * HOUR));
        expect(row.price_72h).toBe(closeEndingAt(row.coin, signalTime + 72 * HOUR));
        expect(row.price_7d).toBe(closeEndingAt(row.coin, signalTime + 168 * HOUR));
      }
      // the signals of the hour just closed are recorded too, their outcomes still to come
      const latest = rows.filter((row) => iso(row.time) === '2025-04-27T10:00:00.000Z');
      expect(latest.map((row) => row.coin)).toEqual(recordedCoins);
      expect(latest.every((row) => row.price_24h === null)).toBe(true);

      const before = JSON.stringify(rows);
      const rerun = await testApp.app.jobs.run('signal-track-record');
      expect(rerun.result.scored).toBe(0);
      expect(JSON.stringify(await storedRows(testApp))).toBe(before);
    });

    it('answers the record publicly, measured on the stored signals, beside the backtest it leads with for now', async () => {
      const response = await testApp.request('GET', '/api/market-signals/track-record');
      expect(response.status).toBe(200);
      const record = trackRecordSchema.parse(response.body.data);
      expect(record.primary).toBe('backtest'); // 7 days of history, under the 30 it needs to lead
      expect(record.live.signals).toBe(6);
      expect(record.live.coins).toEqual(recordedCoins);
      expect(record.live.from).toBe('2025-04-20T10:00:00.000Z');
      expect(record.live.to).toBe('2025-04-27T10:00:00.000Z');
      expect(record.live.horizons.map((horizon) => horizon.signals)).toEqual([3, 3, 3]);
      // engine 3's published run: the validation window of the four training coins (docs/signals.md)
      expect(record.backtest.symbols).toEqual(['BTC', 'ETH', 'SOL', 'MATIC']);
      expect(record.backtest.from).toBe('2024-07-01T00:00:00.000Z');
      expect(record.backtest.examples.length).toBeGreaterThan(0);
    });
  });

  describe('track record figures on a known history', () => {
    const testApp = useTestApp({ engine });

    it('equals the hand computation of hit rates, intervals, baselines, calibration and equity', async () => {
      // BTC: buy at 100 (24 h later 105), buy at 110 (100), sell at 99 (95); ETH: neutral at 50 (51), strong buy at 50 (55)
      const rows = [
        ['BTC', '2025-01-01T00:00:00Z', 'buy', 0.3, 45, 100, 105],
        ['BTC', '2025-01-01T01:00:00Z', 'buy', 0.2, 55, 110, 100],
        ['BTC', '2025-01-01T02:00:00Z', 'sell', -0.2, 55, 99, 95],
        ['ETH', '2025-01-01T00:00:00Z', 'neutral', 0, 72, 50, 51],
        ['ETH', '2025-01-01T01:00:00Z', 'strong_buy', 0.5, 65, 50, 55],
      ] as const;
      for (const [coin, time, signal, score, confidence, price, later] of rows) {
        await testApp.database.db.execute(sql`
          insert into signal_history (coin, time, signal, score, confidence, price, engine_version, price_24h)
          values (${coin}, ${time}, ${signal}, ${score}, ${confidence}, ${price}, '2.0.0', ${later})`);
      }
      await testApp.app.jobs.run('track-record-summary');
      const response = await testApp.request('GET', '/api/market-signals/track-record');
      expect(response.status).toBe(200);
      const record = trackRecordSchema.parse(response.body.data);
      expect(record.live).toMatchObject({
        from: '2025-01-01T00:00:00.000Z',
        to: '2025-01-01T02:00:00.000Z',
        signals: 5,
        coins: ['BTC', 'ETH'],
        engineVersions: ['2.0.0'],
      });
      expect(record.live.days).toBeCloseTo(2 / 24, 10);

      // changes: +5%, −9.09%, −4.04%, +2%, +10%; median absolute move 5%
      const [day, threeDays, week] = record.live.horizons;
      expect(threeDays!.signals).toBe(0);
      expect(week!.signals).toBe(0);
      expect(day!.signals).toBe(5);
      expect(day!.medianAbsoluteMove).toBeCloseTo(0.05, 12);
      const byClass = Object.fromEntries(day!.classes.map((row) => [row.signal, row]));
      expect(byClass.buy).toMatchObject({ count: 2, hitRate: 0.5 });
      expect(byClass.buy!.hitRateLow).toBeCloseTo(0.094529, 5); // Wilson 95% of 1 in 2
      expect(byClass.buy!.hitRateHigh).toBeCloseTo(0.905471, 5);
      expect(byClass.buy!.meanReturn).toBeCloseTo((0.05 + (100 / 110 - 1)) / 2, 12);
      expect(byClass.buy!.shuffledHitRate).toBeCloseTo(3 / 5, 12); // three of the five moves were rises
      expect(byClass.sell).toMatchObject({ count: 1, hitRate: 1, hitRateHigh: 1 });
      expect(byClass.sell!.hitRateLow).toBeCloseTo(0.206543, 5); // Wilson 95% of 1 in 1
      expect(byClass.sell!.shuffledHitRate).toBeCloseTo(2 / 5, 12);
      expect(byClass.neutral).toMatchObject({ count: 1, hitRate: 1 });
      expect(byClass.neutral!.shuffledHitRate).toBeCloseTo(2 / 5, 12); // |2%| and |4.04%| under the median
      expect(byClass.strong_buy).toMatchObject({ count: 1, hitRate: 1 });
      expect(byClass.strong_sell).toMatchObject({ count: 0, hitRate: null, shuffledHitRate: null });
      expect(day!.alwaysLong.hitRate).toBeCloseTo(3 / 5, 12);
      expect(day!.alwaysLong.meanReturn).toBeCloseTo(
        (0.05 + (100 / 110 - 1) + (95 / 99 - 1) + 0.02 + 0.1) / 5,
        12,
      );

      expect(
        record.live.calibration
          .filter((bucket) => bucket.count > 0)
          .map(({ from, count, hitRate, meanConfidence }) => ({ from, count, hitRate, meanConfidence })),
      ).toEqual([
        { from: 40, count: 1, hitRate: 1, meanConfidence: 45 },
        { from: 50, count: 2, hitRate: 0.5, meanConfidence: 55 },
        { from: 60, count: 1, hitRate: 1, meanConfidence: 65 },
        { from: 70, count: 1, hitRate: 1, meanConfidence: 72 },
      ]);

      // following: BTC long 100 → 110 (0.1% fee to enter) then long 110 → 99; ETH flat. Holding pays one entry each.
      const btcFollowing = (1 + 0.1 - 0.001) * (1 + (99 / 110 - 1)) - 1;
      expect(record.live.strategy.totalReturn).toBeCloseTo((btcFollowing + 0) / 2, 12);
      expect(record.live.strategy.maxDrawdown).toBeCloseTo(-(btcFollowing + 0) / 2, 12);
      expect(record.live.strategy.sharpe).toBeNull(); // one day: no variation to measure
      expect(record.live.buyAndHold.totalReturn).toBeCloseTo((btcFollowing + -0.001) / 2, 12);
      expect(record.live.equity).toHaveLength(1);
      expect(record.live.equity[0]!.time).toBe('2025-01-02T00:00:00.000Z');

      // measured once for this state of the table by the job, then read back by any instance; a new row makes a new state
      const summaries = () =>
        selectRows<{ fingerprint: string }>(
          testApp.database.db,
          sql`select fingerprint from signal_track_record_summary`,
        );
      const [first] = await summaries();
      expect(first).toBeDefined();
      const again = await testApp.request('GET', '/api/market-signals/track-record');
      expect(again.body).toEqual(response.body);
      await testApp.database.db.execute(sql`
        insert into signal_history (coin, time, signal, score, confidence, price, engine_version)
        values ('ETH', '2025-01-01T02:00:00Z', 'sell', -0.3, 50, 55, '2.0.0')`);
      await testApp.app.jobs.run('track-record-summary');
      const grown = await testApp.request('GET', '/api/market-signals/track-record');
      expect(grown.body.data.live.signals).toBe(6);
      const after = await summaries();
      expect(after).toHaveLength(1); // only the newest state's summary is kept
      expect(after[0]!.fingerprint).not.toBe(first!.fingerprint);
    });

    it("shows one engine version's live record on ?engineVersion=, listing every version for the choice", async () => {
      const rows = [
        ['BTC', '2025-02-01T00:00:00Z', 'buy', 100, 105, '8.0.0'],
        ['BTC', '2025-02-01T01:00:00Z', 'sell', 104, 100, '8.0.0'],
        ['ETH', '2025-02-01T00:00:00Z', 'buy', 50, 45, '8.1.0'],
      ] as const;
      for (const [coin, time, signal, price, later, version] of rows) {
        await testApp.database.db.execute(sql`
          insert into signal_history (coin, time, signal, score, confidence, price, engine_version, price_24h)
          values (${coin}, ${time}, ${signal}, 0.2, 50, ${price}, ${version}, ${later})`);
      }
      await testApp.app.jobs.run('track-record-summary');
      const all = trackRecordSchema.parse(
        (await testApp.request('GET', '/api/market-signals/track-record')).body.data,
      );
      // the describe's earlier test stored signals of 2.0.0 in the same database
      expect(all.live.engineVersion).toBeNull();
      expect(all.live.engineVersions).toEqual(expect.arrayContaining(['8.0.0', '8.1.0']));
      const older = await testApp.request('GET', '/api/market-signals/track-record?engineVersion=8.0.0');
      expect(older.status).toBe(200);
      const record = trackRecordSchema.parse(older.body.data);
      expect(record.live).toMatchObject({
        signals: 2,
        coins: ['BTC'],
        engineVersion: '8.0.0',
      });
      // both BTC signals were right at 24 h (rose after the buy, fell after the sell); the ETH one was not
      const [day] = record.live.horizons;
      expect(day!.classes.find((row) => row.signal === 'buy')).toMatchObject({ count: 1, hitRate: 1 });
      const newer = trackRecordSchema.parse(
        (await testApp.request('GET', '/api/market-signals/track-record?engineVersion=8.1.0')).body.data,
      );
      expect(newer.live).toMatchObject({ signals: 1, coins: ['ETH'], engineVersion: '8.1.0' });
      expect(newer.live.engineVersions).toEqual(all.live.engineVersions);
      expect(newer.live.horizons[0]!.classes.find((row) => row.signal === 'buy')).toMatchObject({
        hitRate: 0,
      });
      const unknown = trackRecordSchema.parse(
        (await testApp.request('GET', '/api/market-signals/track-record?engineVersion=9.9.9')).body.data,
      );
      expect(unknown.live).toMatchObject({ signals: 0, from: null, engineVersion: '9.9.9' });
    });

    it('answers from the stored summary alone: signal_history is read by the job, never by a request', async () => {
      const read = async (query = '') => {
        const response = await testApp.request('GET', `/api/market-signals/track-record${query}`);
        expect(response.status).toBe(200);
        return trackRecordSchema.parse(response.body.data).live;
      };
      await testApp.app.jobs.run('track-record-summary');
      const before = { all: await read(), version: await read('?engineVersion=8.0.0') };
      expect(before.version.signals).toBe(2);
      // a row written straight into the table, past the jobs that store signals and measure them
      await testApp.database.db.execute(sql`
        insert into signal_history (coin, time, signal, score, confidence, price, engine_version, price_24h)
        values ('SOL', '2025-02-01T00:00:00Z', 'buy', 0.2, 50, 20, '8.0.0', 21)`);
      expect(await read()).toEqual(before.all);
      expect(await read('?engineVersion=8.0.0')).toEqual(before.version);
      // with the table out of reach, requests still answer the same, from the summary
      await testApp.database.db.execute(sql`alter table signal_history rename to signal_history_hidden`);
      try {
        expect(await read()).toEqual(before.all);
        expect(await read('?engineVersion=8.0.0')).toEqual(before.version);
        expect((await read('?engineVersion=9.9.9')).engineVersions).toEqual(before.all.engineVersions);
      } finally {
        await testApp.database.db.execute(sql`alter table signal_history_hidden rename to signal_history`);
      }
      // the scheduled refresh measures the row; running it again finds nothing new to measure
      expect((await testApp.app.jobs.run('track-record-summary')).result).toMatchObject({ refreshed: true });
      expect((await testApp.app.jobs.run('track-record-summary')).result).toMatchObject({ refreshed: false });
      expect((await read()).signals).toBe(before.all.signals + 1);
      expect(await read('?engineVersion=8.0.0')).toMatchObject({ signals: 3, coins: ['BTC', 'SOL'] });
    });

    it('refuses a malformed engine version with a translated 400', async () => {
      for (const [language, word] of [
        ['pt-BR', /inválid|não é válid/i],
        ['en', /invalid/i],
        ['es', /no es válido/i],
      ] as const) {
        const response = await testApp.request(
          'GET',
          `/api/market-signals/track-record?engineVersion=${encodeURIComponent("2.0'; drop table x")}`,
          { headers: { 'accept-language': language } },
        );
        expect(response.status).toBe(400);
        expect(response.body.message).toMatch(word);
      }
    });

    it('answers an empty live record before any signal is stored', async () => {
      const fresh = await startTestApp({ engine });
      try {
        const response = await fresh.request('GET', '/api/market-signals/track-record');
        expect(response.status).toBe(200);
        const record = trackRecordSchema.parse(response.body.data);
        expect(record).toMatchObject({ primary: 'backtest', minimumLiveDays: 30, feePerTradePercent: 0.1 });
        expect(record.live).toMatchObject({ from: null, to: null, signals: 0, coins: [], equity: [] });
        expect(record.live.strategy).toEqual({ sharpe: null, maxDrawdown: 0, totalReturn: 0 });
      } finally {
        await fresh.close();
      }
    });

    it('records nothing from the simulated market, whether chosen or fallen back to', async () => {
      // chosen: the job says so without computing a signal
      const chosen = await testApp.app.jobs.run('signal-track-record');
      expect(chosen.result).toEqual({ recorded: false, reason: 'simulated market' });
      // fallen back to: the market's sources refuse, every reading is simulated, none is stored
      const unreachable = 'http://127.0.0.1:9';
      const fallen = await startTestApp({
        engine,
        env: { MARKET_DATA_SOURCE: 'auto', BINANCE_BASE_URL: unreachable, COINGECKO_BASE_URL: unreachable },
      });
      try {
        const run = await fallen.app.jobs.run('signal-track-record');
        expect(run.result.stored).toEqual([]);
        const reasons = Object.values(run.result.skipped as object);
        expect(reasons.length).toBeGreaterThan(0);
        expect(reasons.every((reason) => reason === 'simulated')).toBe(true);
      } finally {
        await fallen.close();
      }
    });
  });
});

import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { selectRows } from '../../db/client.ts';
import { createPriceAlert } from '../../test/alert-firing.ts';
import { eventually } from '../../test/eventually.ts';
import { useLiveStream } from '../../test/live-stream.ts';
import { forEachEngine, type TestApp } from '../../test/harness.ts';
import type { BinanceStreamStub } from '../../test/stubs/binance-stream-stub.ts';

// DOGE (rank 9, $0.186) and TRX (rank 10, $0.224) are listed in the recorded coin list and trade against USDT
// in the recorded exchangeInfo: coins beyond the ten. The harness runs no jobs, so no scheduled check and no
// market refresh run: only ticks check the alerts here. The stub sends a ticker only on connections
// subscribed to its stream, as Binance does.
const DOGE = 'dogeusdt@miniTicker';
const TRX = 'trxusdt@miniTicker';

forEachEngine((engine) => {
  describe('price alerts on coins beyond the ten', () => {
    const live = useLiveStream({ engine });
    let stream: BinanceStreamStub;
    let t: TestApp;
    beforeAll(() => void ({ stream, t } = live));

    const count = async (query: ReturnType<typeof sql>) =>
      (await selectRows<{ count: number }>(t.database.db, query))[0]!.count;
    const firings = (alertId: string) =>
      count(sql`select count(*)::int as count from alert_events where alert_id = ${alertId}`);
    const alertEmails = (userId: string) =>
      count(
        sql`select count(*)::int as count from email_outbox where user_id = ${userId} and template = 'crypto-alert'`,
      );
    const alertRow = async (alertId: string) =>
      (
        await selectRows<{ checked: Date | null; met: string[] }>(
          t.database.db,
          sql`select last_checked_at as checked, met_conditions as met from alerts where id = ${alertId}`,
        )
      )[0]!;
    const subscribed = (name: string, wanted: boolean) =>
      eventually(
        () => stream.subscriptions(),
        (streams) => streams.includes(name) === wanted,
      );

    it('follows the coin of an alert upstream and fires on its ticks once per crossing, e-mail in the outbox', async () => {
      const { token, user } = await t.registerUser();
      expect(stream.subscriptions()).not.toContain(DOGE);
      const alertId = await createPriceAlert(t, token, 'DOGE', 0.25);
      await subscribed(DOGE, true);
      expect(stream.requests()).toContainEqual({ method: 'SUBSCRIBE', params: [DOGE] });

      stream.sendTicker('DOGEUSDT', 0.2);
      await eventually(
        () => alertRow(alertId),
        (row) => row.checked !== null,
      );
      expect(await firings(alertId)).toBe(0);

      // the crossing fires, its e-mail is queued in the same transaction
      stream.sendTicker('DOGEUSDT', 0.26, 0.2);
      await eventually(
        () => firings(alertId),
        (fired) => fired === 1,
      );
      expect(await alertEmails(user.id)).toBe(1);
      // the tick reached the cached coin list too (DOGE is in it)
      const cached = await eventually(
        () => t.request('GET', '/api/market-data/coins/doge?currency=USD'),
        (answer) => answer.body.data?.price === 0.26,
      );
      expect(cached.body.data.priceChangePercentage24h).toBeCloseTo(30, 6);
      // Binance's rolling 24 h, not the list's CoinGecko figure: the answer says whose the price and change are
      expect(cached.body.data.priceSource).toBe('binance');
      expect(cached.body.source).not.toBe('binance');

      // back below re-arms; once the alert's cooldown is over, the next crossing fires again
      await t.app.db.execute(
        sql`update alerts set last_triggered = last_triggered - interval '15 minutes' where id = ${alertId}`,
      );
      stream.sendTicker('DOGEUSDT', 0.27);
      stream.sendTicker('DOGEUSDT', 0.19);
      await eventually(
        () => alertRow(alertId),
        (row) => row.met.length === 0,
      );
      stream.sendTicker('DOGEUSDT', 0.3);
      await eventually(
        () => firings(alertId),
        (fired) => fired === 2,
      );

      // a second alert fires on the next tick: the first was checked on that tick too, and stays at two
      const probeId = await createPriceAlert(t, token, 'DOGE', 0.35);
      stream.sendTicker('DOGEUSDT', 0.4);
      await eventually(
        () => firings(probeId),
        (fired) => fired === 1,
      );
      expect(await firings(alertId)).toBe(2);
      expect(await alertEmails(user.id)).toBe(3);
    }, 30_000);

    it('unsubscribes the coin when its last active price alert is switched off or deleted', async () => {
      const { token } = await t.registerUser();
      const first = await createPriceAlert(t, token, 'TRX', 0.3);
      const second = await createPriceAlert(t, token, 'TRX', 0.5);
      await subscribed(TRX, true);

      // one of two switched off: the coin stays followed, and the other alert still fires on its ticks
      expect((await t.request('PATCH', `/api/alerts/${first}/toggle`, { token })).status).toBe(200);
      stream.sendTicker('TRXUSDT', 0.6);
      await eventually(
        () => firings(second),
        (fired) => fired === 1,
      );
      expect(await firings(first)).toBe(0);

      // the last one switched off: unsubscribed; on again: subscribed; deleted with the other: unsubscribed
      expect((await t.request('PATCH', `/api/alerts/${second}/toggle`, { token })).status).toBe(200);
      await subscribed(TRX, false);
      expect(stream.requests().at(-1)).toEqual({ method: 'UNSUBSCRIBE', params: [TRX] });
      expect((await t.request('PATCH', `/api/alerts/${second}/toggle`, { token })).status).toBe(200);
      await subscribed(TRX, true);
      expect(stream.requests().at(-1)).toEqual({ method: 'SUBSCRIBE', params: [TRX] });
      expect((await t.request('DELETE', `/api/alerts/${first}`, { token })).status).toBe(200);
      expect((await t.request('DELETE', `/api/alerts/${second}`, { token })).status).toBe(200);
      await subscribed(TRX, false);
      expect(stream.requests().at(-1)).toEqual({ method: 'UNSUBSCRIBE', params: [TRX] });
      // the ten and DOGE, whose alerts are still on, stay followed
      expect(stream.subscriptions()).toEqual(expect.arrayContaining(['btcusdt@miniTicker', DOGE]));
    }, 30_000);

    it('follows the alerted coins of the database from the start', async () => {
      const connections = stream.connections();
      const second = await buildApp(t.config, { database: t.database, webDist: false });
      try {
        await second.ready();
        await eventually(
          () => stream.connections(),
          (count) => count > connections,
        );
        // the newest connection is the new instance's: DOGE's alerts are on, TRX has none left
        const streams = await subscribed(DOGE, true);
        expect(streams).not.toContain(TRX);
      } finally {
        await second.close();
      }
    });

    it('leaves the price alerts ticks check to them while the upstream is live, and checks them while it is down', async () => {
      // the first test's two DOGE alerts are the only active ones
      await eventually(
        () => t.app.marketStream.health().mode,
        (mode) => mode === 'live',
      );
      expect(await t.app.alertChecks.run()).toMatchObject({ checked: 0, fired: 0 });
      stream.setRefusing(true);
      stream.dropConnections();
      await eventually(
        () => t.app.marketStream.health().mode,
        (mode) => mode === 'polling',
      );
      expect((await t.app.alertChecks.run()).checked).toBe(2);
      stream.setRefusing(false);
    });
  });
});

import { readTestData } from '@farol/testdata';
import { sql } from 'drizzle-orm';
import { rsi } from '@farol/indicators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forEachEngine, useTestApp, type TestApp } from '../../test/harness.ts';
import { startMarketStub, type MarketStub } from '../../test/stubs/market-stub.ts';
import { renderEmail } from '../email/templates/email-templates.ts';
import { selectRows } from '../../db/client.ts';
import { emptyMarketSnapshot, type MarketSnapshot } from './alerts.evaluation.ts';
import { latestRsi, volumeChangePercent } from './alerts.market.ts';
import { checkAlertsAgainst, sendAlertDigests } from './alerts.service.ts';

const btcHourly = readTestData('ohlcv/BTCUSDT-1h.csv')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [time, , , , close, volume] = line.split(',');
    return { time: time!, close: Number(close), volume: Number(volume) };
  });

const snapshot = (
  values: Partial<{ price: number; volumeChange: number; rsi: number; fearGreed: number }>,
): MarketSnapshot => ({
  ...emptyMarketSnapshot(),
  prices: new Map(values.price === undefined ? [] : [['BTC', values.price]]),
  volumeChanges: new Map(values.volumeChange === undefined ? [] : [['BTC', values.volumeChange]]),
  rsi: new Map(values.rsi === undefined ? [] : [['BTC', values.rsi]]),
  fearGreed: values.fearGreed,
});

forEachEngine((engine) => {
  describe('alert checks', () => {
    let clock = new Date('2025-04-01T12:00:00Z');
    const context = () => ({ db: app.app.db, now: () => clock });
    const tick = (minutes = 10) => {
      clock = new Date(clock.getTime() + minutes * 60_000);
    };
    const app = useTestApp({ engine, deps: { now: () => clock } });

    const createAlert = async (token: string, body: Record<string, unknown>) => {
      const response = await app.request('POST', '/api/alerts', {
        token,
        // in dollars, like the snapshots' prices (a pt-BR account's alerts default to reais)
        body: { name: 'a', coinSymbol: 'BTC', coinName: 'Bitcoin', currency: 'USD', ...body },
      });
      expect(response.status).toBe(201);
      return response.body.data.id as string;
    };
    const alertOf = async (token: string, id: string) =>
      (await app.request('GET', '/api/alerts', { token })).body.data.find(
        (alert: { id: string }) => alert.id === id,
      );
    const queuedAlertEmails = (userId: string) =>
      selectRows<{ data: Record<string, unknown> }>(
        app.database.db,
        sql`select data from email_outbox where user_id = ${userId} and template = 'crypto-alert' order by created_at`,
      );

    it.each([
      [
        'preco',
        { priceAbove: 100_000 },
        [{ price: 99_000 }, { price: 100_500 }, { price: 101_000 }, { price: 99_500 }, { price: 100_001 }],
        'price',
      ],
      [
        'volume',
        { volumeChange: 150 },
        [
          { volumeChange: 20 },
          { volumeChange: 180 },
          { volumeChange: 200 },
          { volumeChange: -10 },
          { volumeChange: 150 },
        ],
        'volumeChange',
      ],
      [
        'tecnico',
        { rsiBelow: 30 },
        [{ rsi: 45 }, { rsi: 28.5 }, { rsi: 25 }, { rsi: 31 }, { rsi: 12 }],
        'rsi',
      ],
      [
        'sentimento',
        { fearGreedAbove: 80 },
        [{ fearGreed: 50 }, { fearGreed: 81 }, { fearGreed: 90 }, { fearGreed: 80 }, { fearGreed: 95 }],
        'fearGreed',
      ],
    ] as const)(
      'fires a %s alert once per crossing and re-arms when the condition stops holding',
      async (type, conditions, steps, field) => {
        const { token, user } = await app.registerUser({ language: 'en' });
        const id = await createAlert(token, { type, conditions });
        const firedAt: string[] = [];
        for (const step of steps) {
          tick();
          const report = await checkAlertsAgainst(context(), snapshot(step));
          if (report.fired > 0) firedAt.push(clock.toISOString());
        }
        const alert = await alertOf(token, id);
        expect(alert.triggeredCount).toBe(2);
        expect(alert.lastTriggered).toBe(firedAt[1]);
        const events = (await app.request('GET', '/api/alerts/events', { token })).body.data;
        const valueAt = (index: number) => (steps[index] as Record<string, number>)[field];
        expect(events.map((event: { observedValue: number }) => event.observedValue)).toEqual([
          valueAt(4),
          valueAt(1),
        ]);
        expect(events[0]).toMatchObject({
          alertId: id,
          type,
          threshold: Object.values(conditions)[0],
          triggeredAt: firedAt[1],
        });
        expect(await queuedAlertEmails(user.id)).toHaveLength(2);
      },
    );

    it('counts one firing per upward crossing of RSI(14) 70 on real BTC hourly closes', async () => {
      const { token } = await app.registerUser();
      const id = await createAlert(token, { type: 'tecnico', conditions: { rsiAbove: 70 } });
      const window = btcHourly.slice(0, 600);
      const closes = window.map((candle) => candle.close);
      const series = rsi(closes, 14);
      let expected = 0;
      let wasAbove = false;
      for (let hour = 200; hour < window.length; hour += 1) {
        const value = latestRsi(closes.slice(0, hour + 1))!;
        expect(value).toBeCloseTo(series[hour]!, 9);
        const isAbove = value > 70;
        if (isAbove && !wasAbove) expected += 1;
        wasAbove = isAbove;
        tick(1);
        await checkAlertsAgainst(context(), snapshot({ rsi: value }));
      }
      expect(expected).toBeGreaterThan(1);
      expect((await alertOf(token, id)).triggeredCount).toBe(expected);
    });

    it('computes the 24 h volume change against the previous 24 h from real hourly volumes', () => {
      const volumes = btcHourly.slice(0, 48).map((candle) => candle.volume);
      const previous = volumes.slice(0, 24).reduce((a, b) => a + b, 0);
      const latest = volumes.slice(24).reduce((a, b) => a + b, 0);
      expect(volumeChangePercent(volumes)).toBeCloseTo(((latest - previous) / previous) * 100, 9);
      expect(volumeChangePercent(volumes.slice(1))).toBeUndefined();
    });

    it('never fires a disabled alert, and fires on a condition that holds once re-enabled', async () => {
      const { token } = await app.registerUser();
      const id = await createAlert(token, { type: 'preco', conditions: { priceBelow: 50_000 } });
      await app.request('PATCH', `/api/alerts/${id}/toggle`, { token });
      tick();
      await checkAlertsAgainst(context(), snapshot({ price: 40_000 }));
      expect((await alertOf(token, id)).triggeredCount).toBe(0);
      await app.request('PATCH', `/api/alerts/${id}/toggle`, { token });
      tick();
      await checkAlertsAgainst(context(), snapshot({ price: 40_000 }));
      expect((await alertOf(token, id)).triggeredCount).toBe(1);
    });

    it('keeps the state when a value is unknown: an outage neither fires nor re-arms', async () => {
      const { token } = await app.registerUser();
      const id = await createAlert(token, { type: 'sentimento', conditions: { fearGreedBelow: 20 } });
      for (const value of [10, undefined, 12]) {
        tick();
        await checkAlertsAgainst(context(), snapshot({ fearGreed: value }));
      }
      expect((await alertOf(token, id)).triggeredCount).toBe(1);
    });

    it('shows each user only their own firings and e-mails only users with e-mail alerts on', async () => {
      const alice = await app.registerUser({ language: 'pt-BR' });
      const bob = await app.registerUser({ language: 'es' });
      await app.request('PUT', '/api/user/preferences', { token: bob.token, body: { emailAlerts: false } });
      const aliceAlert = await createAlert(alice.token, {
        type: 'sentimento',
        conditions: { fearGreedAbove: 97 },
      });
      const bobAlert = await createAlert(bob.token, {
        type: 'sentimento',
        conditions: { fearGreedAbove: 98 },
      });
      tick();
      await checkAlertsAgainst(context(), snapshot({ fearGreed: 99 }));
      const aliceEvents = (await app.request('GET', '/api/alerts/events', { token: alice.token })).body.data;
      const bobEvents = (await app.request('GET', '/api/alerts/events', { token: bob.token })).body.data;
      expect(aliceEvents.map((event: { alertId: string }) => event.alertId)).toEqual([aliceAlert]);
      expect(bobEvents.map((event: { alertId: string }) => event.alertId)).toEqual([bobAlert]);
      expect(await queuedAlertEmails(alice.user.id)).toHaveLength(1);
      expect(await queuedAlertEmails(bob.user.id)).toHaveLength(0);
    });

    it('records the firings of an unverified address but mails it neither the alert nor the digest', async () => {
      const carol = await app.registerUser({ language: 'en', verified: false });
      const carolAlert = await createAlert(carol.token, {
        type: 'sentimento',
        conditions: { fearGreedAbove: 96 },
      });
      tick();
      await checkAlertsAgainst(context(), snapshot({ fearGreed: 99 }));
      const events = (await app.request('GET', '/api/alerts/events', { token: carol.token })).body.data;
      expect(events.map((event: { alertId: string }) => event.alertId)).toEqual([carolAlert]);
      expect(await queuedAlertEmails(carol.user.id)).toHaveLength(0);
      await sendAlertDigests(context());
      const digests = await selectRows<{ id: string }>(
        app.database.db,
        sql`select id from email_outbox where user_id = ${carol.user.id} and template = 'digest'`,
      );
      expect(digests).toHaveLength(0);
    });

    it('queues one daily digest per user with the last day of firings, once', async () => {
      tick(24 * 60 + 1); // earlier firings fall out of the 24 h window
      const { token, user } = await app.registerUser({ language: 'es' });
      await createAlert(token, { name: 'Pânico', type: 'sentimento', conditions: { fearGreedBelow: 5 } });
      await createAlert(token, { name: 'Euforia', type: 'sentimento', conditions: { fearGreedAbove: 99.5 } });
      tick();
      await checkAlertsAgainst(context(), snapshot({ fearGreed: 3 }));
      tick();
      await checkAlertsAgainst(context(), snapshot({ fearGreed: 100 }));
      tick();
      // other users' alerts fire on the same snapshots (they re-armed and crossed again): they get theirs
      const first = await sendAlertDigests(context());
      expect(first.events).toBeGreaterThanOrEqual(2);
      expect(await sendAlertDigests(context())).toEqual({ users: 0, events: 0 });
      const digests = await selectRows<{ language: string; data: { events: { alertName: string }[] } }>(
        app.database.db,
        sql`select language, data from email_outbox where user_id = ${user.id} and template = 'digest'`,
      );
      expect(digests).toHaveLength(1);
      const digest = digests[0]!;
      expect(digest.language).toBe('es');
      expect(digest.data.events.map((event) => event.alertName)).toEqual(['Pânico', 'Euforia']);
    });
  });
});

forEachEngine((engine) => {
  describe('alert checks pause while the market is simulated', () => {
    let stub: MarketStub;
    beforeAll(async () => {
      stub = await startMarketStub();
    });
    afterAll(async () => stub?.close());
    const simulatedApp = useTestApp({ engine, env: { MARKET_DATA_SOURCE: 'simulated' } });
    const liveApp = useTestApp(() => ({ engine, env: { MARKET_DATA_SOURCE: 'live', ...stub.env } }));

    /** An admin with a price alert that holds at any real or simulated BTC price. */
    async function alwaysTrueAlert(app: TestApp) {
      const { token, user } = await app.registerUser();
      await app.makeAdmin(user.id);
      const created = await app.request('POST', '/api/alerts', {
        token,
        body: {
          name: 'BTC acima de 1',
          type: 'preco',
          coinSymbol: 'BTC',
          coinName: 'Bitcoin',
          conditions: { priceAbove: 1 },
        },
      });
      expect(created.status).toBe(201);
      return { token, user };
    }

    it('neither fires nor re-arms on simulated prices, and the alerts answer says the checks are paused', async () => {
      const { token, user } = await alwaysTrueAlert(simulatedApp);
      const run = await simulatedApp.request('POST', '/api/admin/jobs/alert-check/run', { token });
      expect(run.status).toBe(200);
      const list = await simulatedApp.request('GET', '/api/alerts', { token });
      expect(list.body.checksPaused).toBe(true);
      expect(list.body.data[0].triggeredCount).toBe(0);
      const emails = await selectRows(
        simulatedApp.database.db,
        sql`select id from email_outbox where user_id = ${user.id} and template = 'crypto-alert'`,
      );
      expect(emails).toHaveLength(0);
    });

    it('fires on live prices, with the checks running', async () => {
      const { token } = await alwaysTrueAlert(liveApp);
      expect((await liveApp.request('POST', '/api/admin/jobs/alert-check/run', { token })).status).toBe(200);
      const list = await liveApp.request('GET', '/api/alerts', { token });
      expect(list.body.checksPaused).toBe(false);
      expect(list.body.data[0].triggeredCount).toBe(1);
    });

    it('says in the daily digest that alerts are paused while the market is simulated', async () => {
      const { token, user } = await simulatedApp.registerUser({ language: 'en' });
      await simulatedApp.request('POST', '/api/alerts', {
        token,
        body: {
          name: 'Greed',
          type: 'sentimento',
          coinSymbol: 'BTC',
          coinName: 'Bitcoin',
          conditions: { fearGreedAbove: 50 },
        },
      });
      const context = { db: simulatedApp.app.db, now: () => new Date(), market: simulatedApp.app.market };
      // a firing recorded before the market fell back to simulated data
      await checkAlertsAgainst(context, { ...emptyMarketSnapshot(), fearGreed: 90 });
      await sendAlertDigests(context);
      const [digest] = await selectRows<{ data: Record<string, unknown> }>(
        simulatedApp.database.db,
        sql`select data from email_outbox where user_id = ${user.id} and template = 'digest'`,
      );
      expect(digest!.data.checksPaused).toBe(true);
      const rendered = renderEmail('digest', 'en', digest!.data, { appUrl: 'https://farol.example' });
      expect(rendered.text).toContain('Alerts are paused right now');
    });
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { btcAt, createTestClock, priceAboveAlert } from '../../test/alert-firing.ts';
import { forEachEngine, startTestApp, type TestApp } from '../../test/harness.ts';
import { newBrowser, startPushService, type PushService } from '../../test/stubs/push-service-stub.ts';
import { renderEmail } from '../email/templates/email-templates.ts';
import { checkAlertsAgainst } from './alerts.service.ts';

forEachEngine((engine) => {
  describe('how much one alert, and one user, can send', () => {
    let t: TestApp;
    let service: PushService;
    const clock = createTestClock();
    beforeAll(async () => {
      service = await startPushService();
      t = await startTestApp({
        engine,
        env: { PUSH_ALLOW_INSECURE_ENDPOINTS: 'true' },
        deps: { now: clock.now },
      });
    });
    afterAll(async () => {
      await t.close();
      await service.close();
    });

    /** Checks the alerts against each BTC price, a minute apart. */
    async function pricesAMinuteApart(prices: number[], notificationHourlyBudget?: number) {
      for (const price of prices) {
        clock.advance(60_000);
        await checkAlertsAgainst({ db: t.app.db, now: clock.now, notificationHourlyBudget }, btcAt(price));
      }
    }
    const firingsOf = async (alertId: string) =>
      (
        await selectRows<{ total: number }>(
          t.database.db,
          sql`select count(*)::int as total from alert_events where alert_id = ${alertId}`,
        )
      )[0]!.total;
    async function createAlert(token: string, priceAbove: number, extra: Record<string, unknown> = {}) {
      const created = await t.request('POST', '/api/alerts', {
        token,
        body: { ...priceAboveAlert('BTC', priceAbove), ...extra },
      });
      expect(created.status).toBe(201);
      return created.body.data as { id: string; cooldownMinutes: number };
    }

    it('fires an alert at most once per cooldown, 15 minutes unless chosen longer', async () => {
      const { token } = await t.registerUser({ language: 'en' });
      const quick = await createAlert(token, 100_000);
      const patient = await createAlert(token, 100_000, { cooldownMinutes: 60 });
      expect([quick.cooldownMinutes, patient.cooldownMinutes]).toEqual([15, 60]);
      // crosses, falls back, crosses again two minutes later: one firing
      await pricesAMinuteApart([99_000, 101_000, 99_000, 101_500]);
      expect([await firingsOf(quick.id), await firingsOf(patient.id)]).toEqual([1, 1]);
      // still above once the 15 minutes are over: the default one fires, the hour-long one stays quiet
      clock.advance(15 * 60_000);
      await pricesAMinuteApart([101_600]);
      expect([await firingsOf(quick.id), await firingsOf(patient.id)]).toEqual([2, 1]);
      clock.advance(60 * 60_000);
      await pricesAMinuteApart([101_700]);
      expect(await firingsOf(patient.id)).toBe(2);
    });

    it('refuses a cooldown shorter than 15 minutes with a translated 400', async () => {
      const { token } = await t.registerUser({ language: 'pt-BR' });
      const refused = await t.request('POST', '/api/alerts', {
        token,
        body: { ...priceAboveAlert('BTC', 100_000), cooldownMinutes: 5 },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('validation_failed');
      expect(refused.body.errors[0].message).toBe('O intervalo entre avisos é de pelo menos 15 minutos.');
    });

    it('gathers the firings past the hourly budget into one digest per channel', async () => {
      const { token, user } = await t.registerUser({ language: 'en' });
      await t.setPlan(user.id, 'profissional');
      const browser = newBrowser(service, `budget-${user.id}`);
      expect(
        (await t.request('POST', '/api/push/subscriptions', { token, body: browser.subscription })).status,
      ).toBe(200);
      for (const threshold of [100_000, 100_100, 100_200, 100_300, 100_400])
        await createAlert(token, threshold);
      await pricesAMinuteApart([99_000, 101_000], 2);
      const rows = await selectRows<{ channel: string; template: string; data: { events?: unknown[] } }>(
        t.database.db,
        sql`select channel, template, data from email_outbox where user_id = ${user.id} and channel in ('email', 'push') and template in ('crypto-alert', 'alert-digest') order by channel, template`,
      );
      const summary = rows.map((row) => [row.channel, row.template, row.data.events?.length ?? 1]);
      expect(summary).toEqual([
        ['email', 'alert-digest', 3],
        ['email', 'crypto-alert', 1],
        ['email', 'crypto-alert', 1],
        ['push', 'alert-digest', 3],
        ['push', 'crypto-alert', 1],
        ['push', 'crypto-alert', 1],
      ]);
      // the digest goes out an hour later, as one notice
      await t.app.push.deliverDue();
      expect(service.received.filter((message) => message.path === browser.path)).toHaveLength(2);
      clock.advance(61 * 60_000);
      await t.app.push.deliverDue();
      const pushed = service.received.filter((message) => message.path === browser.path);
      expect(pushed).toHaveLength(3);
      expect(JSON.parse(browser.decrypt(pushed[2]!.body))).toMatchObject({
        title: '3 alerts fired in the last hour',
        url: '/alerts',
      });
    });

    it('writes the budget digest e-mail in each language', () => {
      const data = {
        name: 'Ana',
        events: [
          {
            alertName: 'Topo',
            coinSymbol: 'BTC',
            coinName: 'Bitcoin',
            condition: 'priceAbove',
            observedValue: 101_000,
            threshold: 100_000,
            currency: 'USD',
            triggeredAt: '2026-05-02T15:04:00.000Z',
          },
        ],
      };
      const subjects = ['pt-BR', 'en', 'es'].map(
        (language) =>
          renderEmail('alert-digest', language, data, { appUrl: 'https://farol.example' }).subject,
      );
      expect(subjects).toEqual([
        '1 alerta disparado na última hora',
        '1 alert fired in the last hour',
        '1 alerta disparada en la última hora',
      ]);
      const text = renderEmail('alert-digest', 'en', data, { appUrl: 'https://farol.example' }).text;
      expect(text).toContain('Topo (BTC)');
      expect(text).toContain('https://farol.example/alerts');
    });
  });
});

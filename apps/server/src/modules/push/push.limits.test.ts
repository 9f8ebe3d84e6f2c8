import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { checkBtcPrices, createTestClock, createTopoAlert } from '../../test/alert-firing.ts';
import { forEachEngine, startTestApp, type TestApp } from '../../test/harness.ts';
import { newBrowser, startPushService, type PushService } from '../../test/stubs/push-service-stub.ts';
import { enqueueChannelMessage } from '../email/email.outbox.ts';

const keys = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};

const firing = {
  name: 'Ana',
  alertName: 'Topo',
  coinSymbol: 'BTC',
  coinName: 'Bitcoin',
  condition: 'priceAbove',
  observedValue: 101_000,
  threshold: 100_000,
  currency: 'USD',
  triggeredAt: new Date().toISOString(),
};

forEachEngine((engine) => {
  describe('push endpoints, as the operator leaves them', () => {
    let t: TestApp;
    let service: PushService;
    beforeAll(async () => {
      service = await startPushService();
      t = await startTestApp({ engine });
    });
    afterAll(async () => {
      await t.close();
      await service.close();
    });

    it('accepts only the push services browsers use, so a subscription cannot name an internal host', async () => {
      const { token } = await t.registerUser({ language: 'en' });
      const statusOf = async (endpoint: string) => {
        const answer = await t.request('POST', '/api/push/subscriptions', {
          token,
          body: { endpoint, keys },
        });
        return answer.status === 400 ? answer.body.code : answer.status;
      };
      const refused = [
        'http://fcm.googleapis.com/fcm/send/abc',
        'https://127.0.0.1/push',
        'https://localhost:8443/push',
        'https://[::1]/push',
        'https://push.internal.example/push/abc',
        'https://metadata.google.internal/computeMetadata/v1/',
        'https://fcm.googleapis.com.attacker.example/fcm/send/abc',
        'https://user:pass@fcm.googleapis.com/fcm/send/abc',
      ];
      const accepted = [
        'https://fcm.googleapis.com/fcm/send/abc',
        'https://updates.push.services.mozilla.com/wpush/v2/abc',
        'https://web.push.apple.com/QGRhc2hib2FyZA',
        'https://wns2-by3p.notify.windows.com/w/?token=abc',
      ];
      for (const endpoint of refused)
        expect(await statusOf(endpoint), endpoint).toBe('push_endpoint_refused');
      for (const endpoint of accepted) expect(await statusOf(endpoint), endpoint).toBe(200);
    });

    it('never posts to a stored subscription that points inside, whenever it was stored', async () => {
      const { user } = await t.registerUser({ language: 'en' });
      const browser = newBrowser(service, `stored-inside-${engine}`);
      // as a subscription kept from before the check would be
      await t.app.db.execute(
        sql`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES (${user.id}, ${browser.subscription.endpoint}, ${browser.subscription.keys.p256dh}, ${browser.subscription.keys.auth})`,
      );
      await enqueueChannelMessage(t.app.db, {
        channel: 'push',
        userId: user.id,
        to: browser.subscription.endpoint,
        language: 'en',
        template: 'crypto-alert',
        data: firing,
      });
      await t.app.push.deliverDue();
      expect(service.received.filter((message) => message.path === browser.path)).toEqual([]);
      const [row] = await selectRows<{ status: string; last_error: string | null }>(
        t.database.db,
        sql`select status, last_error from email_outbox where user_id = ${user.id} and channel = 'push'`,
      );
      expect(row!.last_error).toBeTruthy();
    });
  });

  describe('push deliveries and their bounds', () => {
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
    const subscribe = (token: string, subscription: unknown) =>
      t.request('POST', '/api/push/subscriptions', { token, body: subscription });
    const pushRows = (userId: string) =>
      selectRows<{ status: string; to_address: string; last_error: string | null; template: string }>(
        t.database.db,
        sql`select status, to_address, last_error, template from email_outbox where user_id = ${userId} and channel = 'push' order by created_at`,
      );
    const subscriptionsOf = (userId: string) =>
      selectRows<{ endpoint: string; paused_at: Date | null }>(
        t.database.db,
        sql`select endpoint, paused_at from push_subscriptions where user_id = ${userId} order by created_at`,
      );

    it('does not follow a push service redirect', async () => {
      const { token, user } = await t.registerUser({ language: 'en' });
      await createTopoAlert(t, token);
      const browser = newBrowser(service, `redirecting-${user.id}`);
      const inside = `/inside/${user.id}`;
      service.redirects.set(browser.path, `${service.url}${inside}`);
      expect((await subscribe(token, browser.subscription)).status).toBe(200);
      await checkBtcPrices(t, clock, [99_000, 101_000]);
      await t.app.push.deliverDue();
      expect(service.received.filter((message) => message.path === browser.path)).toHaveLength(1);
      expect(service.received.filter((message) => message.path === inside)).toEqual([]);
      expect((await pushRows(user.id))[0]!.last_error).toBe('push service answered 307');
    });

    it('keeps at most ten browsers per user, the oldest replaced', async () => {
      const { token, user } = await t.registerUser({ language: 'en' });
      const browsers = Array.from({ length: 11 }, (_, index) =>
        newBrowser(service, `many-${user.id}-${index}`),
      );
      for (const browser of browsers) {
        expect((await subscribe(token, browser.subscription)).status).toBe(200);
        clock.advance(1000);
      }
      const kept = (await subscriptionsOf(user.id)).map((row) => row.endpoint);
      expect(kept).toHaveLength(10);
      expect(kept).not.toContain(browsers[0]!.subscription.endpoint);
      expect(kept).toContain(browsers[10]!.subscription.endpoint);
    });

    it('limits how many subscriptions a user adds in an hour, with a translated 429', async () => {
      const { token, user } = await t.registerUser({ language: 'pt-BR' });
      const answers = [];
      for (let index = 0; index < 21; index += 1)
        answers.push(
          (await subscribe(token, newBrowser(service, `rate-${user.id}-${index}`).subscription)).status,
        );
      expect(answers.slice(0, 20).every((status) => status === 200)).toBe(true);
      const refused = await subscribe(token, newBrowser(service, `rate-${user.id}-last`).subscription);
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('too_many_requests');
    });

    it('pauses a browser whose push service keeps failing, tells its owner once, and resumes it on subscribing again', async () => {
      const { token, user } = await t.registerUser({ language: 'es' });
      await createTopoAlert(t, token);
      const browser = newBrowser(service, `failing-${user.id}`);
      service.answers.set(browser.path, 500);
      await subscribe(token, browser.subscription);
      await checkBtcPrices(t, clock, [99_000, 101_000]);
      // each attempt fails; the clock passes each backoff so the next one is due
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await t.app.push.deliverDue();
        clock.advance(7 * 3_600_000);
      }
      expect((await subscriptionsOf(user.id))[0]!.paused_at).not.toBeNull();
      expect((await pushRows(user.id))[0]!.status).toBe('failed');
      const notices = await selectRows<{ template: string; language: string }>(
        t.database.db,
        sql`select template, language from email_outbox where user_id = ${user.id} and channel = 'email' and template = 'push-paused'`,
      );
      expect(notices).toEqual([{ template: 'push-paused', language: 'es' }]);
      // paused: the next firing queues nothing for it
      await checkBtcPrices(t, clock, [99_000, 101_500]);
      expect(await pushRows(user.id)).toHaveLength(1);
      // subscribing again resumes it
      service.answers.delete(browser.path);
      await subscribe(token, browser.subscription);
      expect((await subscriptionsOf(user.id))[0]!.paused_at).toBeNull();
      await checkBtcPrices(t, clock, [99_000, 102_000]);
      await t.app.push.deliverDue();
      expect((await pushRows(user.id)).map((row) => row.status)).toEqual(['failed', 'sent']);
    });
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { checkBtcPrices, createTestClock, createTopoAlert } from '../../test/alert-firing.ts';
import { forEachEngine, startTestApp, type TestApp } from '../../test/harness.ts';
import {
  newBrowser,
  startPushService,
  verifyVapid,
  type PushService,
} from '../../test/stubs/push-service-stub.ts';

// Intl puts a no-break space between the currency and the amount
const plain = (text: string) => text.replace(/\s/g, ' ');

forEachEngine((engine) => {
  describe('browser notifications (Web Push)', () => {
    let t: TestApp;
    let service: PushService;
    const clock = createTestClock();
    beforeAll(async () => {
      service = await startPushService();
      t = await startTestApp({
        engine,
        env: { PUSH_ALLOW_INSECURE_ENDPOINTS: 'true', CONTACT_EMAIL: 'alertas@farol.test' },
        deps: { now: clock.now },
      });
    });
    afterAll(async () => {
      await t.close();
      await service.close();
    });

    const subscribe = (token: string, subscription: unknown) =>
      t.request('POST', '/api/push/subscriptions', { token, body: subscription });
    const fire = (prices: number[]) => checkBtcPrices(t, clock, prices);
    const pushRows = (userId: string) =>
      selectRows<{ status: string; attempts: number; to_address: string; last_error: string | null }>(
        t.database.db,
        sql`select status, attempts, to_address, last_error from email_outbox where user_id = ${userId} and channel = 'push' order by created_at`,
      );
    async function userWithPriceAlert(language: string) {
      const account = await t.registerUser({ language });
      await createTopoAlert(t, account.token);
      return account;
    }

    it('gives the VAPID public key to anyone, the same one every time', async () => {
      const first = await t.request('GET', '/api/push/public-key');
      expect(first.status).toBe(200);
      expect(first.body.data.publicKey).toMatch(/^[\w-]{87}$/);
      expect((await t.request('GET', '/api/push/public-key')).body.data.publicKey).toBe(
        first.body.data.publicKey,
      );
    });

    it('pushes a fired alert to every subscribed browser, encrypted and signed, and forgets a browser that is gone', async () => {
      const { token, user } = await userWithPriceAlert('pt-BR');
      const phone = newBrowser(service, `phone-${user.id}`);
      const laptop = newBrowser(service, `laptop-${user.id}`);
      for (const browser of [phone, laptop])
        expect((await subscribe(token, browser.subscription)).status).toBe(200);
      service.answers.set(laptop.path, 410);

      await fire([99_000, 101_500]);
      await t.app.push.deliverDue();

      const delivered = service.received.find((message) => message.path === phone.path)!;
      expect(delivered.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(delivered.headers.ttl)).toBeGreaterThan(0);
      const jwt = await verifyVapid(
        delivered.headers,
        (await t.request('GET', '/api/push/public-key')).body.data.publicKey,
      );
      expect(jwt).toMatchObject({ aud: service.url, sub: 'mailto:alertas@farol.test' });
      expect(jwt.exp! * 1000).toBeGreaterThan(Date.now());
      const notice = JSON.parse(phone.decrypt(delivered.body));
      expect(notice).toMatchObject({ url: '/alerts' });
      expect(plain(notice.title)).toBe('Alerta "Topo": BTC preço acima de US$ 100.000,00');
      expect(plain(notice.body)).toBe('Valor observado: US$ 101.500,00');

      // the laptop's push service said 410: that subscription is gone, and its notice is not retried
      const rows = await pushRows(user.id);
      expect(rows.map((row) => [row.to_address, row.status])).toEqual(
        expect.arrayContaining([
          [phone.subscription.endpoint, 'sent'],
          [laptop.subscription.endpoint, 'failed'],
        ]),
      );
      await fire([99_000, 102_000]);
      expect(
        (await pushRows(user.id)).filter((row) => row.to_address === laptop.subscription.endpoint),
      ).toHaveLength(1);
    });

    it('retries with backoff when the push service fails for a while', async () => {
      const { token, user } = await userWithPriceAlert('en');
      const browser = newBrowser(service, `flaky-${user.id}`);
      await subscribe(token, browser.subscription);
      service.answers.set(browser.path, 503);
      const sentTo = () => service.received.filter((message) => message.path === browser.path);
      await fire([99_000, 100_500]);
      await t.app.push.deliverDue();
      expect(sentTo()).toHaveLength(1);
      expect((await pushRows(user.id))[0]).toMatchObject({ status: 'pending', attempts: 1 });
      // not due again until the backoff has passed
      await t.app.push.deliverDue();
      expect(sentTo()).toHaveLength(1);
      service.answers.delete(browser.path);
      clock.advance(60_000);
      await t.app.push.deliverDue();
      expect(sentTo()).toHaveLength(2);
      expect((await pushRows(user.id))[0]).toMatchObject({ status: 'sent', attempts: 2 });
      expect(plain(JSON.parse(browser.decrypt(sentTo()[1]!.body)).title)).toBe(
        'Alert "Topo": BTC price above $100,000.00',
      );
    });

    it('pushes nothing while the browser-notifications switch is off, and stops after unsubscribing', async () => {
      const { token, user } = await userWithPriceAlert('pt-BR');
      const browser = newBrowser(service, `quiet-${user.id}`);
      await subscribe(token, browser.subscription);
      await t.request('PUT', '/api/user/preferences', { token, body: { pushNotifications: false } });
      await fire([99_000, 101_000]);
      expect(await pushRows(user.id)).toEqual([]);

      await t.request('PUT', '/api/user/preferences', { token, body: { pushNotifications: true } });
      const removed = await t.request('DELETE', '/api/push/subscriptions', {
        token,
        body: { endpoint: browser.subscription.endpoint },
      });
      expect(removed.body.data).toEqual({ subscribed: false });
      await fire([99_000, 101_000]);
      expect(await pushRows(user.id)).toEqual([]);
    });

    it('refuses malformed subscriptions and answers 401 without a session', async () => {
      const { token } = await t.registerUser({ language: 'en' });
      const browser = newBrowser(service, 'malformed');
      expect(
        (await subscribe(token, { endpoint: 'not a url', keys: browser.subscription.keys })).status,
      ).toBe(400);
      expect(
        (await subscribe(token, { ...browser.subscription, keys: { p256dh: 'short', auth: 'x' } })).status,
      ).toBe(400);
      expect(
        (await t.request('POST', '/api/push/subscriptions', { body: browser.subscription })).status,
      ).toBe(401);
    });
  });
});

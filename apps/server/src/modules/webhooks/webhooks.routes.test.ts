import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { checkBtcPrices, createTestClock, createTopoAlert } from '../../test/alert-firing.ts';
import { forEachEngine, startTestApp, useTestApp, type TestApp } from '../../test/harness.ts';
import {
  signalChangedPayload,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../test/stubs/webhook-receiver-stub.ts';
import { createEncryption } from '../../lib/encryption.ts';
import { WEBHOOK_MAX_CONSECUTIVE_FAILURES, WEBHOOK_SECRET_UNREADABLE } from './webhooks.delivery.ts';
import { enqueueWebhookEvent } from './webhooks.service.ts';

const WEBHOOKS_URL = '/api/user/webhooks';

forEachEngine((engine) => {
  describe('webhooks', () => {
    let t: TestApp;
    let receiver: WebhookReceiver;
    const clock = createTestClock();
    const logLines: string[] = [];
    beforeAll(async () => {
      receiver = await startWebhookReceiver();
      t = await startTestApp({
        engine,
        env: { WEBHOOK_ALLOW_PRIVATE: 'true', LOG_LEVEL: 'warn' },
        deps: { now: clock.now, logStream: { write: (line: string) => logLines.push(line) } },
      });
    });
    afterAll(async () => {
      await t.close();
      await receiver.close();
    });

    /** A Profissional user with a webhook at `path` of the receiver. */
    async function userWithWebhook(path: string, events = ['alert.fired', 'signal.changed']) {
      const account = await t.registerUser();
      await t.setPlan(account.user.id, 'profissional');
      const created = await t.request('POST', WEBHOOKS_URL, {
        token: account.token,
        body: { url: receiver.url + path, events },
      });
      expect(created.status).toBe(201);
      return {
        ...account,
        webhookId: created.body.data.id as string,
        secret: created.body.data.secret as string,
      };
    }
    const deliveriesTo = (path: string) => receiver.received.filter((delivery) => delivery.path === path);

    it('needs a verified address, e-mails the owner the URL, and holds the limit under concurrent creation', async () => {
      const unverified = await t.registerUser({ verified: false });
      await t.setPlan(unverified.user.id, 'profissional');
      const refused = await t.request('POST', WEBHOOKS_URL, {
        token: unverified.token,
        body: { url: `${receiver.url}/unverified`, events: ['alert.fired'] },
      });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        code: 'email_not_verified',
        message: 'Confirme o seu e-mail primeiro: abra o link que enviamos para ele.',
      });

      const account = await t.registerUser();
      await t.setPlan(account.user.id, 'profissional');
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, index) =>
          t.request('POST', WEBHOOKS_URL, {
            token: account.token,
            body: { url: `${receiver.url}/parallel-${index}`, events: ['alert.fired'] },
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([201, 201, 201, 201, 201, 403, 403, 403]);
      const notices = await selectRows<{ data: { kind: string; label: string } }>(
        t.database.db,
        sql`select data from email_outbox where user_id = ${account.user.id} and template = 'access-added'`,
      );
      const created = answers.filter((answer) => answer.status === 201);
      expect(notices.map((notice) => notice.data.label).sort()).toEqual(
        created.map((answer) => answer.body.data.url).sort(),
      );
      expect(notices.every((notice) => notice.data.kind === 'webhook')).toBe(true);
    });

    it('answers the id and secret once, and signs a test event the receiver can verify', async () => {
      const { token, webhookId, secret } = await userWithWebhook('/test-event');
      expect(secret).toMatch(/^whsec_/);
      const test = await t.request('POST', `${WEBHOOKS_URL}/${webhookId}/test`, { token });
      expect(test.status).toBe(202);
      await t.app.webhooks.deliverDue();

      const [delivery] = deliveriesTo('/test-event');
      expect(delivery?.payload).toMatchObject({ id: test.body.data.deliveryId, type: 'webhook.test' });
      expect(receiver.isSignedBy(delivery!, secret)).toBe(true);
      expect(receiver.isSignedBy(delivery!, 'whsec_another')).toBe(false);
      expect(delivery!.headers['farol-signature']).toMatch(
        new RegExp(`^t=${Math.floor(clock.now().getTime() / 1000)},v1=[0-9a-f]{64}$`),
      );

      const list = await t.request('GET', WEBHOOKS_URL, { token });
      expect(list.text).not.toContain(secret);
      expect(list.body.data.webhooks[0]).toMatchObject({
        id: webhookId,
        isActive: true,
        deliveries: [{ event: 'webhook.test', status: 'sent', attempts: 1, lastError: null }],
      });
    });

    it('posts alert.fired when one of the user alerts fires', async () => {
      const { token, secret } = await userWithWebhook('/alerts');
      await createTopoAlert(t, token);
      await checkBtcPrices(t, clock, [90_000, 101_000]);
      await t.app.webhooks.deliverDue();
      const [delivery] = deliveriesTo('/alerts');
      expect(delivery?.payload).toMatchObject({
        type: 'alert.fired',
        data: { alertName: 'Topo', coinSymbol: 'BTC', condition: 'priceAbove', observedValue: 101_000 },
      });
      expect(delivery!.payload.data).not.toHaveProperty('name');
      expect(receiver.isSignedBy(delivery!, secret)).toBe(true);
    });

    it('posts signal.changed when a followed coin changes class at an hourly close', async () => {
      const { token } = await userWithWebhook('/signals', ['signal.changed']);
      const other = await userWithWebhook('/not-following', ['signal.changed']);
      expect(other.token).toBeTruthy();
      const favourite = await t.request('POST', '/api/crypto/toggle-favorite', {
        token,
        body: { coinId: 'bitcoin', coinName: 'Bitcoin', isFavorite: true },
      });
      expect(favourite.status).toBe(200);
      const current = await t.app.signals.getReading('BTC');
      const before = current.signal === 'buy' ? 'sell' : 'buy';
      await t.app.webhooks.checkSignals();
      await t.app.db.execute(
        sql`UPDATE signal_classes SET signal = ${before}, strength = 40 WHERE symbol = 'BTC'`,
      );

      expect(await t.app.webhooks.checkSignals()).toBeGreaterThanOrEqual(1);
      expect(await t.app.webhooks.checkSignals()).toBe(0);
      await t.app.webhooks.deliverDue();
      expect(deliveriesTo('/signals').map((delivery) => delivery.payload)).toEqual([
        signalChangedPayload({ symbol: 'BTC', coinId: 'bitcoin', before, current: current.signal }),
      ]);
      expect(deliveriesTo('/not-following')).toEqual([]);
    });

    it('retries a failing endpoint, disables it after repeated failures and e-mails its owner', async () => {
      const { token, webhookId, user } = await userWithWebhook('/down');
      receiver.answers.set('/down', 500);
      for (let index = 0; index < WEBHOOK_MAX_CONSECUTIVE_FAILURES; index += 1)
        await enqueueWebhookEvent(t.app.db, { webhookId, userId: user.id, event: 'webhook.test', data: {} });
      await t.app.webhooks.deliverDue();

      const [webhook] = (await t.request('GET', WEBHOOKS_URL, { token })).body.data.webhooks;
      expect(webhook).toMatchObject({
        isActive: false,
        consecutiveFailures: WEBHOOK_MAX_CONSECUTIVE_FAILURES,
      });
      expect(webhook.deliveries[0]).toMatchObject({
        status: 'pending',
        attempts: 1,
        lastError: 'HTTP 500',
        errorCode: 'http_status',
        errorStatus: 500,
      });
      const emails = await selectRows<{ template: string }>(
        t.app.db,
        sql`SELECT template FROM email_outbox WHERE user_id = ${user.id} AND template = 'webhook-disabled'`,
      );
      expect(emails).toHaveLength(1);

      // a disabled webhook gets nothing more until its owner sends a test event, which re-enables it
      receiver.answers.set('/down', 204);
      clock.advance(60 * 60_000);
      await t.app.webhooks.deliverDue();
      expect(deliveriesTo('/down')).toHaveLength(WEBHOOK_MAX_CONSECUTIVE_FAILURES);
      await t.request('POST', `${WEBHOOKS_URL}/${webhookId}/test`, { token });
      await t.app.webhooks.deliverDue();
      const [again] = (await t.request('GET', WEBHOOKS_URL, { token })).body.data.webhooks;
      expect(again).toMatchObject({ isActive: true, consecutiveFailures: 0 });
    });

    it('records a signing secret that no longer decrypts as a failed attempt with its reason, and delivers the others', async () => {
      const broken = await userWithWebhook('/unreadable-secret');
      const healthy = await userWithWebhook('/readable-secret');
      // sealed with another ENCRYPTION_KEY, as after the key was lost or changed
      const otherKey = createEncryption(crypto.randomBytes(32).toString('hex'));
      const sealed = otherKey.encrypt(broken.secret, `webhook:${broken.webhookId}`);
      await t.app.db.execute(
        sql`UPDATE webhooks SET secret_encrypted = ${sealed} WHERE id = ${broken.webhookId}`,
      );
      logLines.length = 0;
      for (const account of [broken, healthy])
        await enqueueWebhookEvent(t.app.db, {
          webhookId: account.webhookId,
          userId: account.user.id,
          event: 'webhook.test',
          data: {},
        });
      await t.app.webhooks.deliverDue();

      expect(deliveriesTo('/unreadable-secret')).toHaveLength(0);
      expect(deliveriesTo('/readable-secret')).toHaveLength(1);
      const [webhook] = (await t.request('GET', WEBHOOKS_URL, { token: broken.token })).body.data.webhooks;
      // a failed attempt like any other: retried later (an operator who restores the key loses nothing),
      // counted towards disabling the webhook, which e-mails its owner
      expect(webhook).toMatchObject({ isActive: true, consecutiveFailures: 1 });
      expect(webhook.deliveries[0]).toMatchObject({
        status: 'pending',
        attempts: 1,
        lastError: WEBHOOK_SECRET_UNREADABLE,
        errorCode: 'secret_unreadable',
      });
      const warnings = logLines.filter((line) => line.includes('a stored secret can no longer be decrypted'));
      expect(warnings).toHaveLength(1);
      expect(JSON.parse(warnings[0]!)).toMatchObject({
        level: 40,
        userId: broken.user.id,
        webhookId: broken.webhookId,
      });
      expect(logLines.join('\n')).not.toContain(broken.secret);
      expect(logLines.join('\n')).not.toContain(sealed.split(':')[3]);
    });

    it('refuses webhooks to plans without them, and another user webhook', async () => {
      const free = await t.registerUser({ language: 'en' });
      const refused = await t.request('POST', WEBHOOKS_URL, {
        token: free.token,
        body: { url: `${receiver.url}/x`, events: ['alert.fired'] },
      });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('webhooks_require_pro');
      const owner = await userWithWebhook('/owned');
      for (const [method, url] of [
        ['DELETE', `${WEBHOOKS_URL}/${owner.webhookId}`],
        ['POST', `${WEBHOOKS_URL}/${owner.webhookId}/test`],
      ] as const)
        expect((await t.request(method, url, { token: free.token })).status).toBe(404);
      expect(
        (await t.request('DELETE', `${WEBHOOKS_URL}/${owner.webhookId}`, { token: owner.token })).status,
      ).toBe(200);
    });
  });

  describe('webhook addresses, as the operator leaves them (no private addresses)', () => {
    const t = useTestApp({ engine });

    it('refuses plain HTTP and every loopback, private and link-local form with a translated 400', async () => {
      const account = await t.registerUser({ language: 'en' });
      await t.setPlan(account.user.id, 'profissional');
      for (const url of [
        'https://localhost/hook',
        'https://127.0.0.1/hook',
        'https://2130706433/hook',
        'https://0x7f.0.0.1/hook',
        'https://0177.0.0.1/hook',
        'https://[::1]/hook',
        'https://[::ffff:127.0.0.1]/hook',
        'https://[::ffff:a9fe:a9fe]/hook',
        'https://169.254.169.254/latest/meta-data',
        'https://10.1.2.3/hook',
        'https://192.168.0.10/hook',
        'https://[fd00::1]/hook',
        'https://[fe80::1]/hook',
      ]) {
        const answer = await t.request('POST', WEBHOOKS_URL, {
          token: account.token,
          body: { url, events: ['alert.fired'] },
        });
        expect(answer.status, url).toBe(400);
        expect(answer.body.code, url).toBe('webhook_url_refused');
        expect(answer.body.message).toMatch(/public HTTPS address/);
      }
      // not an HTTPS address at all: said as such, not as a private one
      for (const url of ['http://93.184.216.34/hook', 'https://user:pass@93.184.216.34/hook', 'not a url']) {
        const answer = await t.request('POST', WEBHOOKS_URL, {
          token: account.token,
          body: { url, events: ['alert.fired'] },
        });
        expect(answer.status, url).toBe(400);
        expect(answer.body).toMatchObject({
          code: 'webhook_url_invalid',
          message: 'Use a valid HTTPS address (https://…), without a user name or password.',
        });
      }
      expect((await t.request('GET', WEBHOOKS_URL, { token: account.token })).body.data.webhooks).toEqual([]);
    });

    it("says a host that does not resolve is not found, naming it, in the caller's language", async () => {
      const account = await t.registerUser({ language: 'pt-BR' });
      await t.setPlan(account.user.id, 'profissional');
      // .invalid never resolves (RFC 2606)
      const answer = await t.request('POST', WEBHOOKS_URL, {
        token: account.token,
        body: { url: 'https://hooks.farol-nowhere.invalid/alert', events: ['alert.fired'] },
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        code: 'webhook_host_unresolved',
        message:
          'O endereço hooks.farol-nowhere.invalid não foi encontrado: o nome não resolve. Confira o domínio.',
      });
    });
  });
});

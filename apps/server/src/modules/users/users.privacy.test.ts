import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payThroughCheckout, stripeTestEnv } from '../../test/billing.ts';
import { selectRows } from '../../db/client.ts';
import { forEachEngine, startTestApp, type TestApp } from '../../test/harness.ts';
import { startSmtpPeer, type SmtpPeer } from '../../test/stubs/smtp-stub.ts';
import { startStripeStub, type StripeStub } from '../../test/stubs/stripe-stub.ts';
import { EXPORTS_PER_USER } from './users.routes.ts';

const WEBHOOK_SECRET = 'whsec_test_privacy';

forEachEngine((engine) => {
  describe('LGPD: access and erasure', () => {
    let t: TestApp;
    let stripe: StripeStub;
    let smtp: SmtpPeer;
    beforeAll(async () => {
      [stripe, smtp] = await Promise.all([startStripeStub(), startSmtpPeer()]);
      t = await startTestApp({
        engine,
        env: { ...stripeTestEnv(stripe, WEBHOOK_SECRET), SMTP_URL: smtp.url },
      });
    });
    afterAll(async () => {
      await t.close();
      await Promise.all([stripe.close(), smtp.close()]);
    });

    const count = async (table: string, column: string, id: string) => {
      const result = await t.database.db.execute(
        sql.raw(`select count(*) as n from ${table} where ${column} = '${id}'`),
      );
      return Number((result as unknown as { rows: { n: number | string }[] }).rows[0]!.n);
    };

    /** A user with a favourite, an alert and a chat answer. */
    async function busyUser() {
      const account = await t.registerUser({ name: 'Ana Dados' });
      const { token } = account;
      expect(
        (
          await t.request('POST', '/api/crypto/toggle-favorite', {
            token,
            body: { coinId: 'bitcoin', coinName: 'Bitcoin' },
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await t.request('POST', '/api/alerts', {
            token,
            body: {
              name: 'Pânico',
              type: 'sentimento',
              coinSymbol: 'BTC',
              coinName: 'Bitcoin',
              conditions: { fearGreedBelow: 10 },
            },
          })
        ).status,
      ).toBe(201);
      expect(
        (await t.request('POST', '/api/chat/message', { token, body: { message: 'Como está o BTC?' } }))
          .status,
      ).toBe(201);
      return account;
    }

    it('downloads everything held about the user, and never a key or the password hash', async () => {
      const { token, user, email } = await busyUser();
      const response = await t.request('GET', '/api/user/export', { token });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toMatch(
        /^attachment; filename="farol-dados-\d{4}-\d{2}-\d{2}\.json"$/,
      );
      expect(response.body.profile).toMatchObject({ id: user.id, name: 'Ana Dados', email });
      expect(response.body.favorites.map((favorite: { coinId: string }) => favorite.coinId)).toEqual([
        'bitcoin',
      ]);
      expect(response.body.alerts.map((alert: { name: string }) => alert.name)).toEqual(['Pânico']);
      expect(response.body.chatMessages.map((message: { message: string }) => message.message)).toEqual([
        'Como está o BTC?',
      ]);
      expect(response.body.subscription).toMatchObject({ plan: 'free' });
      expect(response.body.emails.map((mail: { template: string }) => mail.template)).toContain(
        'email-verification',
      );
      expect(response.text).not.toMatch(/password|passwordHash|encryptedKey|stripeCustomerId/i);
      // another user's export holds none of it
      const other = await t.registerUser();
      const theirs = await t.request('GET', '/api/user/export', { token: other.token });
      expect(theirs.body.favorites).toEqual([]);
      expect(theirs.text).not.toContain(user.id);
    });

    it('exports the Telegram link, browsers, API tokens, webhooks and deliveries without a secret, at most EXPORTS_PER_USER times an hour', async () => {
      const account = await t.registerUser();
      const { token, user } = account;
      await t.setPlan(user.id, 'profissional');
      const created = await t.request('POST', '/api/user/api-tokens', {
        token,
        body: { name: 'planilha' },
      });
      const apiToken = created.body.data.token as string;
      const endpoint = `https://fcm.googleapis.com/fcm/send/segredo-${user.id}`;
      await t.database.db.execute(sql`
        insert into telegram_links (user_id, chat_id, linked_at) values (${user.id}, '99001', now())`);
      await t.database.db.execute(sql`
        insert into push_subscriptions (user_id, endpoint, p256dh, auth) values (${user.id}, ${endpoint}, 'k', 'a')`);
      const [hook] = await selectRows<{ id: string }>(
        t.database.db,
        sql`insert into webhooks (user_id, url, events, secret_encrypted)
            values (${user.id}, 'https://meu.example/hook', array['alert.fired'], 'selado') returning id`,
      );
      await t.database.db.execute(sql`
        insert into email_outbox (user_id, channel, to_address, template, language, data, status)
        values (${user.id}, 'webhook', ${hook!.id}, 'alert.fired', 'pt-BR', '{}'::jsonb, 'sent'),
               (${user.id}, 'push', ${endpoint}, 'crypto-alert', 'pt-BR', '{}'::jsonb, 'pending')`);

      const response = await t.request('GET', '/api/user/export', { token });
      expect(response.status).toBe(200);
      expect(response.body.telegram).toMatchObject({ chatId: '99001' });
      expect(response.body.pushSubscriptions).toEqual([
        { host: 'fcm.googleapis.com', createdAt: expect.any(String) },
      ]);
      expect(response.body.apiTokens).toEqual([
        expect.objectContaining({ name: 'planilha', expiresAt: expect.any(String), lastUsedAt: null }),
      ]);
      expect(response.body.webhooks).toEqual([
        expect.objectContaining({ id: hook!.id, url: 'https://meu.example/hook', events: ['alert.fired'] }),
      ]);
      expect(response.body.notifications).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ channel: 'webhook', template: 'alert.fired', webhookId: hook!.id }),
          expect.objectContaining({ channel: 'push', template: 'crypto-alert', status: 'pending' }),
        ]),
      );
      expect(response.body.emails.every((mail: { to: string }) => mail.to === account.email)).toBe(true);
      for (const secret of [apiToken, endpoint, 'selado', 'tokenHash', 'token_hash', 'secretEncrypted'])
        expect(response.text).not.toContain(secret);

      const statuses = [];
      for (let index = 1; index < EXPORTS_PER_USER + 1; index += 1)
        statuses.push((await t.request('GET', '/api/user/export', { token })).status);
      expect(statuses).toEqual([...Array(EXPORTS_PER_USER - 1).fill(200), 429]);
    });

    it('keeps everything when the password is wrong', async () => {
      const { token, user } = await busyUser();
      const refused = await t.request('DELETE', '/api/user', { token, body: { password: 'notMyPassword1' } });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('wrong_current_password');
      expect(await count('users', 'id', user.id)).toBe(1);
      expect(await count('alerts', 'user_id', user.id)).toBe(1);
      expect((await t.request('GET', '/api/user/profile', { token })).status).toBe(200);
    });

    it('cancels the paid subscription, erases the personal data, keeps the billing record anonymised and confirms by e-mail', async () => {
      const account = await busyUser();
      const { token, user, email, password } = account;
      const { subscriptionId } = await payThroughCheckout(t, stripe, {
        token,
        planId: 'profissional',
        webhookSecret: WEBHOOK_SECRET,
      });
      expect(await count('subscription_changes', 'user_id', user.id)).toBeGreaterThan(0);
      smtp.messages.length = 0;
      const [{ stripe_customer_id: customerId }] = await selectRows<{ stripe_customer_id: string }>(
        t.database.db,
        sql`select stripe_customer_id from subscriptions where user_id = ${user.id}`,
      );

      const deleted = await t.request('DELETE', '/api/user', {
        token,
        body: { password },
        headers: { 'accept-language': 'en' },
      });
      expect(deleted.status).toBe(200);
      expect(deleted.body.message).toBe('Account deleted. We sent a confirmation to your e-mail.');
      expect(
        stripe.calls.some(
          (call) => call.method === 'DELETE' && call.path === `/v1/subscriptions/${subscriptionId}`,
        ),
      ).toBe(true);
      expect(stripe.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
        `/v1/subscriptions/${subscriptionId}`,
        `/v1/customers/${customerId}`,
      ]);
      for (const [table, column] of [
        ['users', 'id'],
        ['subscriptions', 'user_id'],
        ['favorites', 'user_id'],
        ['alerts', 'user_id'],
        ['chat_messages', 'user_id'],
        ['chat_daily_usage', 'user_id'],
        ['user_api_keys', 'user_id'],
        ['email_outbox', 'user_id'],
        ['subscription_changes', 'user_id'],
        ['email_verification_tokens', 'user_id'],
        ['revoked_sessions', 'user_id'],
      ] as const)
        expect(await count(table, column, user.id), table).toBe(0);
      // the paid plan change stays, without anyone attached
      const kept = await t.database.db.execute(
        sql`select count(*) as n from subscription_changes where user_id is null and source = 'stripe'`,
      );
      expect(Number((kept as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBeGreaterThan(0);
      // the session is gone with the account
      expect((await t.request('GET', '/api/user/profile', { token })).status).toBe(401);
      expect((await t.request('POST', '/api/auth/login', { body: { email, password } })).status).toBe(401);
      await t.app.emailDelivery.deliverDue();
      const confirmation = smtp.messages.find((mail) => mail.subject === 'Your Farol account was deleted');
      expect(confirmation?.envelopeTo).toEqual([email]);
    });

    it('refunds and cancels a Checkout completed after the account was deleted', async () => {
      const { token, password } = await t.registerUser();
      const checkout = await t.request('POST', '/api/subscription/checkout', {
        token,
        body: { planId: 'profissional' },
      });
      expect(checkout.status).toBe(200);
      const deleted = await t.request('DELETE', '/api/user', { token, body: { password } });
      expect(deleted.status).toBe(200);

      // the payment page was still open: the customer pays after the account is gone
      const now = new Date();
      const { session, subscription } = stripe.completeCheckout(checkout.body.data.sessionId, {
        start: now,
        end: new Date(now.getTime() + 30 * 86_400_000),
      });
      const payload = JSON.stringify(stripe.event('checkout.session.completed', session));
      const delivered = await t.request('POST', '/api/subscription/webhook', {
        rawBody: payload,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': stripe.sign(payload, WEBHOOK_SECRET, now),
        },
      });
      expect(delivered.status).toBe(200);
      const refunds = [...stripe.refunds.values()].filter(
        (refund) => refund.metadata?.farol_account_deleted === 'true',
      );
      expect(refunds).toHaveLength(1);
      expect(refunds[0]!.amount).toBe(4900);
      expect(stripe.subscriptions.get(subscription.id as string)!.status).toBe('canceled');
      // the same event again refunds nothing more
      const again = await t.request('POST', '/api/subscription/webhook', {
        rawBody: payload,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': stripe.sign(payload, WEBHOOK_SECRET, now),
        },
      });
      expect(again.status).toBe(200);
      expect(
        [...stripe.refunds.values()].filter((refund) => refund.metadata?.farol_account_deleted),
      ).toHaveLength(1);
    });
  });
});

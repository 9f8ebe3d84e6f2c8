import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payThroughCheckout, stripeTestEnv } from '../../test/billing.ts';
import { forEachEngine, startTestApp, type TestApp } from '../../test/harness.ts';
import { startSmtpPeer, type SmtpPeer } from '../../test/stubs/smtp-stub.ts';
import { startStripeStub, type StripeStub } from '../../test/stubs/stripe-stub.ts';

const WEBHOOK_SECRET = 'whsec_test_refund';

forEachEngine((engine) => {
  describe('the 30-day guarantee: refunds', () => {
    let t: TestApp;
    let stripe: StripeStub;
    let smtp: SmtpPeer;
    let adminToken: string;
    beforeAll(async () => {
      [stripe, smtp] = await Promise.all([startStripeStub(), startSmtpPeer()]);
      t = await startTestApp({
        engine,
        env: { ...stripeTestEnv(stripe, WEBHOOK_SECRET), SMTP_URL: smtp.url },
      });
      const admin = await t.registerUser({ name: 'Chefe' });
      await t.makeAdmin(admin.user.id);
      adminToken = admin.token;
    });
    afterAll(async () => {
      await t.close();
      await Promise.all([stripe.close(), smtp.close()]);
    });

    /** A verified user paying for Profissional (R$ 149,00) through checkout and the signed webhook. */
    async function payingUser(language = 'pt-BR') {
      const account = await t.registerUser({ name: 'Bia Reembolso' });
      await t.request('PUT', '/api/user/preferences', { token: account.token, body: { language } });
      const { subscriptionId } = await payThroughCheckout(t, stripe, {
        token: account.token,
        planId: 'profissional',
        webhookSecret: WEBHOOK_SECRET,
        amountPaid: 14900,
      });
      const current = await t.request('GET', '/api/subscription/current', { token: account.token });
      expect(current.body.data.plan.id).toBe('profissional');
      return { ...account, subscriptionId };
    }

    it('refunds the latest invoice in full, cancels at once, moves to free and e-mails the user once', async () => {
      const user = await payingUser('en');
      await t.app.emailDelivery.deliverDue();
      smtp.messages.length = 0;

      const refunded = await t.request('POST', `/api/admin/users/${user.user.id}/refund`, {
        token: adminToken,
      });
      expect(refunded.status).toBe(200);
      expect(refunded.body.data).toMatchObject({ amount: 149, currency: 'BRL', plan: 'free' });
      const refundCall = stripe.calls.find((call) => call.method === 'POST' && call.path === '/v1/refunds');
      expect(refundCall?.body).toMatchObject({ reason: 'requested_by_customer' });
      expect(refundCall?.body.payment_intent).toMatch(/^pi_/);
      expect(
        stripe.calls.some(
          (call) => call.method === 'DELETE' && call.path === `/v1/subscriptions/${user.subscriptionId}`,
        ),
      ).toBe(true);
      const current = await t.request('GET', '/api/subscription/current', { token: user.token });
      expect(current.body.data.plan.id).toBe('free');

      await t.app.emailDelivery.deliverDue();
      expect(smtp.messages.map((mail) => mail.subject)).toEqual(['Your refund has been issued']);
      expect(smtp.messages[0]!.envelopeTo).toEqual([user.email]);
      expect(smtp.messages[0]!.text).toContain('R$149.00');
    });

    it('never refunds the same payment twice', async () => {
      const user = await payingUser();
      const first = await t.request('POST', `/api/admin/users/${user.user.id}/refund`, { token: adminToken });
      expect(first.status).toBe(200);
      const again = await t.request('POST', `/api/admin/users/${user.user.id}/refund`, {
        token: adminToken,
        headers: { 'accept-language': 'es' },
      });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({
        code: 'nothing_to_refund',
        message: 'No hay ningún pago para reembolsar en esta cuenta.',
      });
      const refund = stripe.refunds.get(first.body.data.refundId)!;
      const refundsOfPayment = [...stripe.refunds.values()].filter(
        (candidate) => candidate.payment_intent === refund.payment_intent,
      );
      expect(refundsOfPayment).toHaveLength(1);
    });

    it('answers 409 for a user who never paid, and 403 to anyone but an admin', async () => {
      const free = await t.registerUser();
      const nothing = await t.request('POST', `/api/admin/users/${free.user.id}/refund`, {
        token: adminToken,
      });
      expect(nothing.status).toBe(409);
      expect(nothing.body.code).toBe('nothing_to_refund');
      const forbidden = await t.request('POST', `/api/admin/users/${free.user.id}/refund`, {
        token: free.token,
      });
      expect(forbidden.status).toBe(403);
    });
  });
});

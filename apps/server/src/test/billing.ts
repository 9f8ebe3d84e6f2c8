// Test helper: Stripe settings pointed at the local Stripe stub, and a user who pays the way a customer
// does (checkout, Stripe completes it, the signed webhook arrives).
import type { PaidPlanId } from '@farol/contract';
import { expect } from 'vitest';
import type { TestApp } from './harness.ts';
import type { StripeStub } from './stubs/stripe-stub.ts';

const DAY_MS = 86_400_000;

export const stripeTestEnv = (stripe: StripeStub, webhookSecret: string) => ({
  STRIPE_SECRET_KEY: 'sk_test_farol',
  STRIPE_WEBHOOK_SECRET: webhookSecret,
  STRIPE_PRICE_INICIANTE: 'price_test_iniciante',
  STRIPE_PRICE_PROFISSIONAL: 'price_test_profissional',
  STRIPE_API_BASE: stripe.url,
});

/** Checkout for `planId`, paid now for 30 days (`amountPaid` in cents), confirmed by the signed webhook. */
export async function payThroughCheckout(
  t: Pick<TestApp, 'request'>,
  stripe: StripeStub,
  options: { token: string; planId: PaidPlanId; webhookSecret: string; amountPaid?: number },
): Promise<{ subscriptionId: string }> {
  const checkout = await t.request('POST', '/api/subscription/checkout', {
    token: options.token,
    body: { planId: options.planId },
  });
  expect(checkout.status).toBe(200);
  const now = new Date();
  const { session, subscription } = stripe.completeCheckout(
    checkout.body.data.sessionId,
    { start: now, end: new Date(now.getTime() + 30 * DAY_MS) },
    options.amountPaid,
  );
  const payload = JSON.stringify(stripe.event('checkout.session.completed', session));
  const delivered = await t.request('POST', '/api/subscription/webhook', {
    rawBody: payload,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripe.sign(payload, options.webhookSecret, now),
    },
  });
  expect(delivered.status).toBe(200);
  return { subscriptionId: subscription.id as string };
}

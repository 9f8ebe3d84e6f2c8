// Test helper: a user who pays the way a customer does (checkout, Stripe completes it, the signed webhook
// arrives), and the Stripe settings that point the app at the local stub.
import type { PaidPlanId } from '@farol/contract';
import { expect } from 'vitest';
import type { TestApp } from './harness.ts';
import type { StripeStub } from './stubs/stripe-stub.ts';

export { stripeTestEnv } from './stubs/stripe-stub.ts';

const DAY_MS = 86_400_000;

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

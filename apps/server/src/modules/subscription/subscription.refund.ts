import { isLanguage } from '@farol/i18n';
import type Stripe from 'stripe';
import { AppError } from '../../lib/app-error.ts';
import { planForPriceId } from '../../providers/stripe/client.ts';
import { toBillingSnapshot } from '../../providers/stripe/mapper.ts';
import { enqueueNotice } from '../email/email.outbox.ts';
import { effectivePlan } from '../entitlements/entitlements.service.ts';
import {
  callStripe,
  changesFromSnapshot,
  planName,
  requireStripe,
  writeSubscriptionChange,
  type BillingContext,
  type ChangeSource,
} from './subscription.reconcile.ts';
import { findSubscription } from './subscription.repository.ts';

export type RefundResult = {
  invoiceId: string;
  refundId: string;
  /** In the invoice's currency, major units (R$ 49.00 is 49). */
  amount: number;
  currency: string;
  /** The plan in force after the refund (free: the subscription was cancelled). */
  plan: string;
};

type RefundInput = { userId: string; actorId: string | null; source: Extract<ChangeSource, 'admin' | 'cli'> };

/** The latest paid invoice of a subscription and what paid it (a payment intent, or a bare charge). */
async function latestPayment(stripe: Stripe, subscriptionId: string) {
  const invoices = await callStripe(() =>
    stripe.invoices.list({ subscription: subscriptionId, status: 'paid', limit: 1 }),
  );
  const invoice = invoices.data[0];
  if (!invoice?.id || invoice.amount_paid <= 0) return undefined;
  const invoiceId = invoice.id;
  const payments = await callStripe(() =>
    stripe.invoicePayments.list({ invoice: invoiceId, status: 'paid', limit: 1 }),
  );
  const paid = payments.data[0]?.payment;
  const idOf = (value: string | { id: string } | null | undefined) =>
    typeof value === 'string' ? value : value?.id;
  const paymentIntent = idOf(paid?.payment_intent);
  const charge = idOf(paid?.charge);
  if (!paymentIntent && !charge) return undefined;
  return { invoice, target: paymentIntent ? { payment_intent: paymentIntent } : { charge: charge! } };
}

/**
 * The 30-day guarantee: refunds the latest paid invoice of the user's Stripe subscription in full,
 * cancels the subscription at once, moves the account to the plan Stripe's state implies (free) and
 * e-mails the user one message that says both. A payment already refunded is not refunded twice (the
 * refund is keyed on the invoice, and a payment with a refund answers 409 nothing_to_refund).
 */
export async function refundLatestPayment(
  context: BillingContext,
  input: RefundInput,
): Promise<RefundResult> {
  const stripe = requireStripe(context);
  const row = await findSubscription(context.db, input.userId);
  if (!row?.stripeSubscriptionId) throw new AppError('nothing_to_refund');
  const subscriptionId = row.stripeSubscriptionId;
  const payment = await latestPayment(stripe, subscriptionId);
  if (!payment) throw new AppError('nothing_to_refund');
  const earlier = await callStripe(() => stripe.refunds.list({ ...payment.target, limit: 10 }));
  if (earlier.data.some((refund) => refund.status !== 'failed' && refund.status !== 'canceled'))
    throw new AppError('nothing_to_refund');
  const refund = await callStripe(() =>
    stripe.refunds.create(
      { ...payment.target, reason: 'requested_by_customer', metadata: { farol_user_id: input.userId } },
      { idempotencyKey: `farol-refund-${payment.invoice.id}` },
    ),
  );
  const cancelled = await callStripe(() => stripe.subscriptions.cancel(subscriptionId));
  const snapshot = toBillingSnapshot(cancelled, (price) => planForPriceId(context.config, price));
  const now = context.now();
  const saved = await context.db.transaction(async (tx) => {
    const locked = (await findSubscription(tx, input.userId, { forUpdate: true }))!;
    const before = effectivePlan(locked, now);
    const changes = changesFromSnapshot(locked, snapshot);
    const updated = changes
      ? await writeSubscriptionChange(tx, locked, changes, {
          source: input.source,
          actorId: input.actorId,
          now,
          notify: false,
        })
      : locked;
    const language = isLanguage(locked.language) ? locked.language : 'pt-BR';
    await enqueueNotice(tx, {
      to: locked.email,
      userId: locked.userId,
      language,
      template: 'refund-issued',
      data: {
        name: locked.name,
        planName: planName(language, before === 'free' ? locked.plan : before),
        amount: refund.amount / 100,
        currency: refund.currency.toUpperCase(),
      },
    });
    return updated;
  });
  return {
    invoiceId: payment.invoice.id!,
    refundId: refund.id,
    amount: refund.amount / 100,
    currency: refund.currency.toUpperCase(),
    plan: effectivePlan(saved, now),
  };
}

/**
 * A Checkout completed for an account that no longer exists (deleted while the payment page was open): the
 * payment is refunded in full and the subscription cancelled at once, so nobody pays for a plan no account
 * holds. Keyed on the invoice like every refund, so a repeated event refunds once.
 */
export async function refundOrphanedCheckout(context: BillingContext, subscriptionId: string): Promise<void> {
  const stripe = requireStripe(context);
  const payment = await latestPayment(stripe, subscriptionId);
  if (payment) {
    await callStripe(() =>
      stripe.refunds.create(
        { ...payment.target, reason: 'requested_by_customer', metadata: { farol_account_deleted: 'true' } },
        { idempotencyKey: `farol-refund-${payment.invoice.id}` },
      ),
    );
  }
  const subscription = await callStripe(() => stripe.subscriptions.retrieve(subscriptionId));
  if (subscription.status !== 'canceled') await callStripe(() => stripe.subscriptions.cancel(subscriptionId));
}

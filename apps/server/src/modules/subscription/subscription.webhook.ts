import { isLanguage } from '@farol/i18n';
import { AppError } from '../../lib/app-error.ts';
import { customerIdOf } from '../../providers/stripe/mapper.ts';
import {
  stripeCheckoutSessionSchema,
  stripeEventSchema,
  stripeInvoiceSchema,
  stripeSubscriptionSchema,
  type StripeEvent,
} from '../../providers/stripe/schemas.ts';
import { enqueueNotice } from '../email/email.outbox.ts';
import { effectivePlan } from '../entitlements/entitlements.service.ts';
import { findUserById } from '../users/users.repository.ts';
import {
  findSubscription,
  findUserIdByCustomer,
  isStripeEventRecorded,
  linkStripeCustomer,
  recordStripeEvent,
} from './subscription.repository.ts';
import { refundOrphanedCheckout } from './subscription.refund.ts';
import {
  callStripe,
  fetchCustomerSnapshot,
  planName,
  reconcileUser,
  type BillingContext,
} from './subscription.reconcile.ts';

export const handledStripeEvents = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.payment_failed',
] as const;

/** The Farol user and Stripe customer an event is about; undefined for events Farol does not act on. */
async function findEventSubject(context: BillingContext, event: StripeEvent) {
  const object = event.data.object;
  if (event.type === 'checkout.session.completed') {
    const session = stripeCheckoutSessionSchema.parse(object);
    const customerId = customerIdOf(session.customer);
    if (session.mode !== 'subscription' || !customerId) return undefined;
    const known = await findUserIdByCustomer(context.db, customerId);
    if (known) return { userId: known, customerId };
    // The customer was created at checkout and stored then; the reference is the fallback if that write was lost.
    const userId = session.client_reference_id ?? session.metadata?.userId;
    if (!userId || !(await findUserById(context.db, userId))) return undefined;
    const linked = await linkStripeCustomer(context.db, userId, customerId);
    return linked === customerId ? { userId, customerId } : undefined;
  }
  const customer = event.type.startsWith('customer.subscription.')
    ? stripeSubscriptionSchema.parse(object).customer
    : event.type === 'invoice.payment_failed'
      ? stripeInvoiceSchema.parse(object).customer
      : undefined;
  const customerId = customerIdOf(customer);
  if (!customerId) return undefined;
  const userId = await findUserIdByCustomer(context.db, customerId);
  return userId ? { userId, customerId } : undefined;
}

/**
 * The subscription a completed Checkout started for an account that no longer exists (neither its customer
 * nor the account it was opened for is known); undefined otherwise.
 */
async function orphanedCheckoutSubscription(context: BillingContext, event: StripeEvent) {
  if (event.type !== 'checkout.session.completed') return undefined;
  const session = stripeCheckoutSessionSchema.parse(event.data.object);
  const subscriptionId = customerIdOf(session.subscription);
  const customerId = customerIdOf(session.customer);
  if (session.mode !== 'subscription' || !subscriptionId) return undefined;
  if (customerId && (await findUserIdByCustomer(context.db, customerId))) return undefined;
  const userId = session.client_reference_id ?? session.metadata?.userId;
  if (userId && (await findUserById(context.db, userId))) return undefined;
  return subscriptionId;
}

/**
 * POST /webhook. The signature is checked on the raw body first (a bad one changes nothing). Each event
 * is applied once: its id is stored in the same transaction as its effect. Whatever the event says, the
 * customer's subscriptions are read back from Stripe, so events arriving late, twice or out of order all
 * end in Stripe's current state. A failure answers 5xx and records nothing, so Stripe retries.
 */
export async function handleStripeWebhook(
  context: BillingContext,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ received: true; duplicate: boolean }> {
  const secret = context.config.STRIPE_WEBHOOK_SECRET;
  if (!context.stripe || !secret) throw new AppError('payments_unavailable');
  let event: StripeEvent;
  try {
    const verified = context.stripe.webhooks.constructEvent(
      rawBody,
      signature ?? '',
      secret,
      undefined,
      undefined,
      context.now().getTime(),
    );
    event = stripeEventSchema.parse(verified);
  } catch {
    throw new AppError('invalid_webhook_signature');
  }
  if (await isStripeEventRecorded(context.db, event.id)) return { received: true, duplicate: true };
  const isHandled = (handledStripeEvents as readonly string[]).includes(event.type);
  const subject = isHandled ? await findEventSubject(context, event) : undefined;
  const orphaned = subject ? undefined : await orphanedCheckoutSubscription(context, event);
  // refunded before the event is recorded: if Stripe fails, the 5xx makes Stripe send the event again
  if (orphaned) await refundOrphanedCheckout(context, orphaned);
  const snapshot = subject
    ? await callStripe(() => fetchCustomerSnapshot(context, subject.customerId))
    : undefined;
  const now = context.now();
  const isNew = await context.db.transaction(async (tx) => {
    if (!(await recordStripeEvent(tx, event.id, event.type))) return false;
    if (!subject) return true;
    const row = await reconcileUser(tx, subject.userId, snapshot, now);
    if (event.type === 'invoice.payment_failed' && row) {
      const user = (await findSubscription(tx, subject.userId))!;
      const invoice = stripeInvoiceSchema.parse(event.data.object);
      const language = isLanguage(user.language) ? user.language : 'pt-BR';
      const plan = row.plan === 'free' ? effectivePlan(row, now) : row.plan;
      await enqueueNotice(tx, {
        to: user.email,
        userId: user.userId,
        language,
        template: 'payment-failed',
        data: {
          name: user.name,
          planName: planName(language, plan),
          ...(invoice.amount_due !== undefined ? { amount: invoice.amount_due / 100 } : {}),
          ...(invoice.currency ? { currency: invoice.currency.toUpperCase() } : {}),
          manageUrl: new URL('/settings', context.config.APP_URL).toString(),
        },
      });
    }
    return true;
  });
  return { received: true, duplicate: !isNew };
}

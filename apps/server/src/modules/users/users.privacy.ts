import { and, asc, eq, ne } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { alertEvents, alerts } from '../../db/schema/alerts.ts';
import { subscriptionChanges } from '../../db/schema/billing.ts';
import { chatDailyUsage, chatMessages, userApiKeys } from '../../db/schema/chat.ts';
import { emailOutbox } from '../../db/schema/email.ts';
import { favorites } from '../../db/schema/market.ts';
import { subscriptions } from '../../db/schema/subscriptions.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Actor } from '../../plugins/auth.ts';
import type { StripeClient } from '../../providers/stripe/client.ts';
import { verifyPassword } from '../auth/password.ts';
import { enqueueEmail } from '../email/email.outbox.ts';
import { callStripe } from '../subscription/subscription.reconcile.ts';
import { toPublicUser } from './users.mapper.ts';

export type PrivacyDeps = { db: Db; config: Config; stripe: StripeClient | undefined };

/** Stripe states of a subscription that still bills or may bill. */
const billingStatuses = new Set(['active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'paused']);

/**
 * Everything Farol holds about the user, as one JSON document (Brazil's LGPD right of access): profile and
 * preferences, favourites, alerts and their firings, chat history, subscription and its history, the
 * e-mails sent to them. Never the stored API keys (only which providers have one) nor the password hash.
 */
export async function exportUserData(deps: Pick<PrivacyDeps, 'db'>, actor: Actor) {
  const { db } = deps;
  const mine = <T extends { userId: unknown }>(table: T) => eq(table.userId as never, actor.id);
  const [user] = await db.select().from(users).where(eq(users.id, actor.id));
  if (!user) throw new AppError('session_expired');
  const [subscription, planHistory, favoriteRows, alertRows, firings, messages, usage, keyRows, emails] =
    await Promise.all([
      db.select().from(subscriptions).where(mine(subscriptions)),
      db
        .select()
        .from(subscriptionChanges)
        .where(mine(subscriptionChanges))
        .orderBy(asc(subscriptionChanges.createdAt)),
      db.select().from(favorites).where(mine(favorites)).orderBy(asc(favorites.createdAt)),
      db.select().from(alerts).where(mine(alerts)).orderBy(asc(alerts.createdAt)),
      db.select().from(alertEvents).where(mine(alertEvents)).orderBy(asc(alertEvents.triggeredAt)),
      db.select().from(chatMessages).where(mine(chatMessages)).orderBy(asc(chatMessages.createdAt)),
      db.select().from(chatDailyUsage).where(mine(chatDailyUsage)).orderBy(asc(chatDailyUsage.day)),
      db
        .select({ provider: userApiKeys.provider, verified: userApiKeys.verified })
        .from(userApiKeys)
        .where(mine(userApiKeys)),
      db
        .select({
          template: emailOutbox.template,
          to: emailOutbox.toAddress,
          status: emailOutbox.status,
          createdAt: emailOutbox.createdAt,
          sentAt: emailOutbox.sentAt,
        })
        .from(emailOutbox)
        .where(mine(emailOutbox))
        .orderBy(asc(emailOutbox.createdAt)),
    ]);
  const {
    userId: _user,
    stripeCustomerId: _customer,
    stripeSubscriptionId: _subscription,
    ...plan
  } = subscription[0] ?? ({} as Record<string, unknown>);
  return {
    exportedAt: new Date().toISOString(),
    profile: { ...toPublicUser(user), language: user.language },
    subscription: subscription[0] ? plan : null,
    subscriptionHistory: planHistory.map(({ userId: _id, actorId: _actor, ...change }) => change),
    favorites: favoriteRows.map(({ userId: _id, ...favorite }) => favorite),
    alerts: alertRows.map(({ userId: _id, ...alert }) => alert),
    alertFirings: firings.map(({ userId: _id, ...firing }) => firing),
    chatMessages: messages.map(({ userId: _id, ...message }) => message),
    chatUsage: usage.map(({ userId: _id, ...day }) => day),
    apiKeys: keyRows.map((key) => ({ provider: key.provider, verified: key.verified })),
    emails,
  };
}

/**
 * Deletes the account (LGPD right of erasure) once the password confirms it is the owner: a live Stripe
 * subscription is cancelled first (if Stripe refuses, nothing is deleted), then in one transaction the user
 * and everything personal go (favourites, alerts, chat, keys, sessions, e-mails to them), the paid plan
 * changes stay as billing records without the user, and a confirmation e-mail is queued to the address.
 */
export async function deleteAccount(deps: PrivacyDeps, actor: Actor, password: string): Promise<void> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, actor.id));
  if (!user) throw new AppError('session_expired');
  if (!(await verifyPassword(user.passwordHash, password))) throw new AppError('wrong_current_password');
  const [subscription] = await deps.db.select().from(subscriptions).where(eq(subscriptions.userId, actor.id));
  if (subscription?.stripeSubscriptionId && billingStatuses.has(subscription.status)) {
    if (!deps.stripe) throw new AppError('payments_unavailable');
    const stripe = deps.stripe;
    await callStripe(() => stripe.subscriptions.cancel(subscription.stripeSubscriptionId!));
  }
  await deps.db.transaction(async (tx) => {
    // plan changes made by hand (admin, CLI) are not billing records; Stripe's stay, without the user
    await tx
      .delete(subscriptionChanges)
      .where(and(eq(subscriptionChanges.userId, actor.id), ne(subscriptionChanges.source, 'stripe')));
    await tx.delete(emailOutbox).where(eq(emailOutbox.userId, actor.id));
    await tx.delete(users).where(eq(users.id, actor.id));
    await enqueueEmail(tx, {
      // no userId: the message outlives the account it confirms the end of
      to: user.email,
      language: actor.language,
      template: 'account-deleted',
      data: { name: user.name },
    });
  });
}

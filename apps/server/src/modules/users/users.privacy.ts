import { and, asc, eq, ne } from 'drizzle-orm';
import { apiTokens } from '../../db/schema/api-tokens.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { alertEvents, alerts } from '../../db/schema/alerts.ts';
import { subscriptionChanges } from '../../db/schema/billing.ts';
import { chatDailyUsage, chatMessages, userApiKeys } from '../../db/schema/chat.ts';
import { emailOutbox } from '../../db/schema/email.ts';
import { favorites } from '../../db/schema/market.ts';
import { pushSubscriptions } from '../../db/schema/push.ts';
import { subscriptions } from '../../db/schema/subscriptions.ts';
import { telegramLinks } from '../../db/schema/telegram.ts';
import { users } from '../../db/schema/users.ts';
import { webhooks } from '../../db/schema/webhooks.ts';
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
 * e-mails sent to them, the linked Telegram chat, the browsers with notifications, the personal API tokens,
 * the webhooks and every notification delivered or queued. Never a secret: not the stored API keys (only
 * which providers have one), the password hash, a token's or webhook's secret, nor a push endpoint's URL
 * (it lets anyone push to the browser: its host names it).
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
          channel: emailOutbox.channel,
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
  const access = await exportAccountAccess(db, actor.id);
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
    emails: emails
      .filter((email) => email.channel === 'email')
      .map(({ channel: _channel, ...email }) => email),
    ...access,
    notifications: emails
      .filter((message) => message.channel !== 'email')
      .map(({ to, ...message }) => ({
        ...message,
        // a webhook delivery names its webhook; a push or Telegram address is not repeated here
        ...(message.channel === 'webhook' ? { webhookId: to } : {}),
      })),
  };
}

/** What reaches outside the account (Telegram, push, API tokens, webhooks), without any secret. */
async function exportAccountAccess(db: Db, userId: string) {
  const [telegram, browsers, tokens, hooks] = await Promise.all([
    db
      .select({ chatId: telegramLinks.chatId, linkedAt: telegramLinks.linkedAt })
      .from(telegramLinks)
      .where(eq(telegramLinks.userId, userId)),
    db
      .select({ endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushSubscriptions.createdAt)),
    db
      .select({
        name: apiTokens.name,
        createdAt: apiTokens.createdAt,
        lastUsedAt: apiTokens.lastUsedAt,
        expiresAt: apiTokens.expiresAt,
        requestCount: apiTokens.requestCount,
      })
      .from(apiTokens)
      .where(eq(apiTokens.userId, userId))
      .orderBy(asc(apiTokens.createdAt)),
    db
      .select({
        id: webhooks.id,
        url: webhooks.url,
        events: webhooks.events,
        createdAt: webhooks.createdAt,
        disabledAt: webhooks.disabledAt,
      })
      .from(webhooks)
      .where(eq(webhooks.userId, userId))
      .orderBy(asc(webhooks.createdAt)),
  ]);
  return {
    telegram: telegram[0]?.chatId ? { chatId: telegram[0].chatId, linkedAt: telegram[0].linkedAt } : null,
    pushSubscriptions: browsers.map((browser) => ({
      host: new URL(browser.endpoint).host,
      createdAt: browser.createdAt,
    })),
    apiTokens: tokens,
    webhooks: hooks,
  };
}

/**
 * Deletes the Stripe customer (its name, address and cards; Stripe ends its subscriptions with it), so the
 * payment provider keeps no profile of an erased account. One already gone counts as deleted.
 */
async function deleteStripeCustomer(stripe: StripeClient, customerId: string): Promise<void> {
  try {
    await stripe.customers.del(customerId);
  } catch (error) {
    if ((error as { code?: string }).code === 'resource_missing') return;
    throw new AppError('billing_provider_error', { reason: (error as Error).message });
  }
}

/**
 * Deletes the account (LGPD right of erasure) once the password confirms it is the owner: a live Stripe
 * subscription is cancelled and the Stripe customer deleted first (if Stripe refuses, nothing is deleted;
 * a Checkout still open then is refunded when it completes, see the billing webhook), then in one transaction the user
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
  if (subscription?.stripeCustomerId && deps.stripe)
    await deleteStripeCustomer(deps.stripe, subscription.stripeCustomerId);
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

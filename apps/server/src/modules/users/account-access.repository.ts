import { and, eq, inArray } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { apiTokens } from '../../db/schema/api-tokens.ts';
import { emailOutbox } from '../../db/schema/email.ts';
import { pushSubscriptions } from '../../db/schema/push.ts';
import { telegramLinks } from '../../db/schema/telegram.ts';
import { webhooks } from '../../db/schema/webhooks.ts';

/** The channels that reach a destination someone added to the account (not its e-mail address). */
const addedDestinationChannels = ['push', 'telegram', 'webhook'] as const;

/**
 * Removes every way into or out of the account that survives a password change: personal API tokens, the
 * Telegram link, push subscriptions, webhooks and the messages still queued for them. Someone who held the
 * account (or registered its address first) keeps neither read access nor the owner's alerts once the owner
 * recovers it. Run it in the transaction that ends the sessions.
 */
export async function removeAccountAccess(executor: DbExecutor, userId: string): Promise<void> {
  await executor.delete(apiTokens).where(eq(apiTokens.userId, userId));
  await executor.delete(telegramLinks).where(eq(telegramLinks.userId, userId));
  await executor.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  await executor.delete(webhooks).where(eq(webhooks.userId, userId));
  await executor
    .delete(emailOutbox)
    .where(
      and(
        eq(emailOutbox.userId, userId),
        inArray(emailOutbox.channel, [...addedDestinationChannels]),
        eq(emailOutbox.status, 'pending'),
      ),
    );
}

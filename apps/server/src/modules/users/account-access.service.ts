import type { AccountAccessKind } from '@farol/contract';
import type { DbExecutor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Actor } from '../../plugins/auth.ts';
import { enqueueNotice } from '../email/email.outbox.ts';

/**
 * Anything that reaches outside the account (API token, webhook, push, Telegram) needs a verified address:
 * otherwise whoever registered someone else's address could wire the owner's alerts to themselves.
 */
export function requireVerifiedAddress(actor: Actor): void {
  if (!actor.isEmailVerified) throw new AppError('email_not_verified');
}

/** E-mails the owner that an access was added, naming it; queued in the transaction that adds it. */
export async function noticeAccessAdded(
  executor: DbExecutor,
  owner: Pick<Actor, 'id' | 'email' | 'name'> & { language: string },
  kind: AccountAccessKind,
  label: string,
): Promise<void> {
  await enqueueNotice(executor, {
    to: owner.email,
    userId: owner.id,
    language: owner.language,
    template: 'access-added',
    data: { name: owner.name, kind, label },
  });
}

import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { revokedSessions } from '../../db/schema/users.ts';
import type { Actor } from '../../plugins/auth.ts';
import { removeAccountAccess } from '../users/account-access.repository.ts';
import { endAllSessions } from '../users/users.repository.ts';

/** Signs this session out: its token is refused from now on, on every instance. */
export async function signOut(deps: { db: Db; now: () => Date }, actor: Actor): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(revokedSessions)
      .values({ sessionId: actor.session!.id, userId: actor.id, expiresAt: actor.session!.expiresAt })
      .onConflictDoNothing();
    // a signed-out token is kept only while it could still be presented
    await tx.delete(revokedSessions).where(lt(revokedSessions.expiresAt, deps.now()));
  });
}

/**
 * Signs every session of the user out (tokens carry the user's token version, which moves on) and removes
 * what a session could have left behind: API tokens, the Telegram link, push subscriptions and webhooks.
 */
export async function signOutEverywhere(deps: { db: Db }, actor: Actor): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await endAllSessions(tx, actor.id);
    await removeAccountAccess(tx, actor.id);
  });
}

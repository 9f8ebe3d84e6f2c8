import type { Preferences, PublicUser } from '@farol/contract';
import type { Actor } from '../../plugins/auth.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TokenService } from '../../lib/tokens.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { removeAccountAccess } from './account-access.repository.ts';
import { toPublicUser } from './users.mapper.ts';
import { findUserById, replacePassword, updateUser } from './users.repository.ts';

async function requireUser(db: Db, userId: string) {
  const row = await findUserById(db, userId);
  if (!row) throw new AppError('session_expired');
  return row;
}

export async function getProfile(db: Db, actor: Actor): Promise<PublicUser> {
  return toPublicUser(await requireUser(db, actor.id));
}

export async function renameUser(db: Db, actor: Actor, name: string): Promise<PublicUser> {
  const row = await updateUser(db, actor.id, { name: name.trim() });
  if (!row) throw new AppError('session_expired');
  return toPublicUser(row);
}

/**
 * Checks the current password, stores the new one and returns a fresh token (older ones stop working). With
 * `removeAccess`, the API tokens, Telegram link, push subscriptions and webhooks go in the same transaction.
 */
export async function changePassword(
  deps: { db: Db; tokens: TokenService },
  actor: Actor,
  input: { currentPassword: string; newPassword: string; removeAccess?: boolean },
): Promise<{ token: string }> {
  const row = await requireUser(deps.db, actor.id);
  if (!(await verifyPassword(row.passwordHash, input.currentPassword)))
    throw new AppError('wrong_current_password');
  const passwordHash = await hashPassword(input.newPassword);
  const updated = await deps.db.transaction(async (tx) => {
    const changed = await replacePassword(tx, actor.id, passwordHash);
    if (changed && input.removeAccess) await removeAccountAccess(tx, actor.id);
    return changed;
  });
  if (!updated) throw new AppError('session_expired');
  return { token: await deps.tokens.sign({ userId: actor.id, tokenVersion: updated.tokenVersion }) };
}

export async function updatePreferences(
  db: Db,
  actor: Actor,
  changes: Partial<Preferences>,
): Promise<Preferences> {
  const row = await requireUser(db, actor.id);
  const preferences = { ...toPublicUser(row).preferences, ...changes };
  const updated = await updateUser(db, actor.id, {
    preferences,
    ...(changes.language ? { language: changes.language } : {}),
  });
  if (!updated) throw new AppError('session_expired');
  return toPublicUser(updated).preferences;
}

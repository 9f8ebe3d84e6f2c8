import type { Preferences } from '@farol/contract';
import { translate, type Language } from '@farol/i18n';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TokenService } from '../../lib/tokens.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { toPublicUser } from './users.mapper.ts';
import { findUserById, replacePassword, updateUser } from './users.repository.ts';

async function requireUser(db: Db, userId: string) {
  const row = await findUserById(db, userId);
  if (!row) throw new AppError('session_expired');
  return row;
}

export async function getProfile(db: Db, userId: string) {
  return toPublicUser(await requireUser(db, userId));
}

export async function renameUser(db: Db, userId: string, name: string, language: Language) {
  const row = await updateUser(db, userId, { name: name.trim() });
  if (!row) throw new AppError('session_expired');
  return { user: toPublicUser(row), message: translate(language, 'profile:updatedMessage') };
}

/** Checks the current password, stores the new one and returns a fresh token (older ones stop working). */
export async function changePassword(
  db: Db,
  tokens: TokenService,
  userId: string,
  input: { currentPassword: string; newPassword: string },
  language: Language,
) {
  const row = await requireUser(db, userId);
  if (!(await verifyPassword(row.passwordHash, input.currentPassword)))
    throw new AppError('wrong_current_password');
  const updated = await replacePassword(db, userId, await hashPassword(input.newPassword));
  if (!updated) throw new AppError('session_expired');
  const token = await tokens.sign({ userId, tokenVersion: updated.tokenVersion });
  return { message: translate(language, 'profile:passwordChangedMessage'), token };
}

export async function updatePreferences(
  db: Db,
  userId: string,
  changes: Partial<Preferences>,
  language: Language,
) {
  const row = await requireUser(db, userId);
  const preferences = { ...toPublicUser(row).preferences, ...changes };
  const updated = await updateUser(db, userId, {
    preferences,
    ...(changes.language ? { language: changes.language } : {}),
  });
  if (!updated) throw new AppError('session_expired');
  return {
    preferences: toPublicUser(updated).preferences,
    message: translate(changes.language ?? language, 'profile:preferencesSaved'),
  };
}

import crypto from 'node:crypto';
import { translate, type Language } from '@farol/i18n';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword } from '../auth/password.ts';
import { PASSWORD_RESET_TTL_MINUTES } from '../email/email.constants.ts';
import { enqueueEmail } from '../email/email.outbox.ts';
import { removeAccountAccess } from '../users/account-access.repository.ts';
import { findUserByEmail, replacePassword } from '../users/users.repository.ts';
import { consumeResetToken, isResetTokenValid, replaceResetToken } from './password-reset.repository.ts';

export type PasswordResetContext = { db: Db; config: Config; now: () => Date; language: Language };

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/**
 * Always the same answer, whether the account exists or not, so the form cannot be used to discover
 * accounts. When it exists and `mayMail` allows one more e-mail to it, a single-use link valid for one hour
 * is e-mailed (queued with the token).
 */
export async function requestPasswordReset(
  context: PasswordResetContext,
  email: string,
  mayMail: () => Promise<boolean>,
): Promise<{ message: string; queued: boolean }> {
  const message = translate(context.language, 'passwordReset:server.requested');
  const user = await findUserByEmail(context.db, email);
  if (!user || !(await mayMail())) return { message, queued: false };
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(context.now().getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000);
  const resetUrl = new URL('/reset-password', context.config.APP_URL);
  resetUrl.searchParams.set('token', token);
  await context.db.transaction(async (tx) => {
    await replaceResetToken(tx, { userId: user.id, tokenHash: hashToken(token), expiresAt });
    await enqueueEmail(tx, {
      to: user.email,
      userId: user.id,
      language: user.language,
      template: 'password-reset',
      data: { name: user.name, resetUrl: resetUrl.toString(), expiresInMinutes: PASSWORD_RESET_TTL_MINUTES },
    });
  });
  return { message, queued: true };
}

/**
 * Applies the new password and bumps the token version, so every older session ends; the API tokens, Telegram
 * link, push subscriptions and webhooks go too (whoever held the account keeps nothing of it).
 */
export async function resetPassword(
  context: PasswordResetContext,
  token: string,
  password: string,
): Promise<{ message: string }> {
  // a wrong or used token is refused before the costly hash: guesses cost the server nothing
  const tokenHash = hashToken(token);
  if (!(await isResetTokenValid(context.db, tokenHash, context.now())))
    throw new AppError('invalid_reset_token');
  const passwordHash = await hashPassword(password);
  await context.db.transaction(async (tx) => {
    const userId = await consumeResetToken(tx, tokenHash, context.now());
    if (!userId) throw new AppError('invalid_reset_token');
    await replacePassword(tx, userId, passwordHash);
    await removeAccountAccess(tx, userId);
  });
  return { message: translate(context.language, 'passwordReset:server.done') };
}

import crypto from 'node:crypto';
import type { EmailResult, VerifyEmailResponse } from '@farol/contract';
import { translate, type Language } from '@farol/i18n';
import type { Config } from '../../config.ts';
import type { Db, DbExecutor } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Actor } from '../../plugins/auth.ts';
import { sendQueuedNow, type EmailServiceContext } from '../email/email.service.ts';
import { EMAIL_VERIFICATION_TTL_HOURS } from '../email/email.constants.ts';
import { enqueueEmail } from '../email/email.outbox.ts';
import { toPublicUser } from '../users/users.mapper.ts';
import { findUserById, normalizeEmail, updateUser } from '../users/users.repository.ts';
import { consumeVerificationToken, replaceVerificationToken } from './email-verification.repository.ts';

export type EmailVerificationContext = { db: Db; config: Config; now: () => Date; language: Language };

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/**
 * Queues the verification e-mail with a new single-use link valid for 24 hours; older unused links stop
 * working. Call it inside the transaction that creates the account, or on its own for a re-send.
 */
export async function queueVerificationEmail(
  executor: DbExecutor,
  options: { config: Config; now: Date },
  user: Pick<UserRow, 'id' | 'email' | 'name' | 'language'>,
): Promise<{ id: string }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const verifyUrl = new URL('/verify-email', options.config.APP_URL);
  verifyUrl.searchParams.set('token', token);
  await replaceVerificationToken(executor, {
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(options.now.getTime() + EMAIL_VERIFICATION_TTL_HOURS * 3_600_000),
  });
  return enqueueEmail(executor, {
    to: user.email,
    userId: user.id,
    language: user.language,
    template: 'email-verification',
    data: {
      name: user.name,
      verifyUrl: verifyUrl.toString(),
      expiresInHours: EMAIL_VERIFICATION_TTL_HOURS,
    },
  });
}

const isConfiguredAdmin = (config: Config, email: string) =>
  config.ADMIN_EMAILS.includes(normalizeEmail(email));

/**
 * ADMIN_EMAILS makes a user admin once, and only for a verified address: the grant is recorded, so removing
 * the role later (API or CLI) is not undone by the next login.
 */
export async function grantConfiguredAdmin(
  executor: DbExecutor,
  config: Config,
  row: UserRow,
  now: Date,
): Promise<UserRow> {
  if (!row.emailVerifiedAt || row.adminGrantedAt || !isConfiguredAdmin(config, row.email)) return row;
  return (await updateUser(executor, row.id, { isAdmin: true, adminGrantedAt: now })) ?? row;
}

/** POST /api/auth/verify-email: marks the address verified (and grants ADMIN_EMAILS' role, once). */
export async function verifyEmail(
  context: EmailVerificationContext,
  token: string,
): Promise<VerifyEmailResponse> {
  const now = context.now();
  const row = await context.db.transaction(async (tx) => {
    const userId = await consumeVerificationToken(tx, hashToken(token), now);
    const user = userId ? await findUserById(tx, userId) : undefined;
    if (!user) throw new AppError('invalid_verification_token');
    const verified = user.emailVerifiedAt
      ? user
      : ((await updateUser(tx, user.id, { emailVerifiedAt: now })) ?? user);
    return grantConfiguredAdmin(tx, context.config, verified, now);
  });
  return { message: translate(context.language, 'auth:emailVerified'), user: toPublicUser(row) };
}

/** POST /api/auth/resend-verification: a new link (older ones stop working), sent at once when SMTP answers. */
export async function resendVerificationEmail(
  context: EmailServiceContext,
  user: Actor,
): Promise<EmailResult> {
  if (user.isEmailVerified)
    return { success: true, sent: false, message: translate(context.language, 'auth:emailAlreadyVerified') };
  const { id } = await context.db.transaction(async (tx) => {
    const row = await findUserById(tx, user.id);
    return queueVerificationEmail(tx, { config: context.config, now: context.now() }, row!);
  });
  return sendQueuedNow(context, { id, to: user.email });
}

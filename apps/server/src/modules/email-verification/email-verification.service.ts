import crypto from 'node:crypto';
import type { EmailResult, VerifyEmailResponse } from '@farol/contract';
import { translate, type Language } from '@farol/i18n';
import type { Config } from '../../config.ts';
import type { Db, DbExecutor } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TokenService } from '../../lib/tokens.ts';
import type { Actor } from '../../plugins/auth.ts';
import { verifyPassword } from '../auth/password.ts';
import { sendQueuedNow, type EmailServiceContext } from '../email/email.service.ts';
import { EMAIL_VERIFICATION_TTL_HOURS } from '../email/email.constants.ts';
import { enqueueEmail } from '../email/email.outbox.ts';
import { toPublicUser } from '../users/users.mapper.ts';
import { endAllSessions, findUserById, normalizeEmail, updateUser } from '../users/users.repository.ts';
import {
  consumeVerificationToken,
  findVerificationTokenUser,
  replaceVerificationToken,
} from './email-verification.repository.ts';

export type EmailVerificationContext = {
  db: Db;
  config: Config;
  tokens: TokenService;
  now: () => Date;
  language: Language;
};

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
  // the page names the account it confirms (the address is the link's own recipient, so it tells no one new)
  verifyUrl.searchParams.set('email', user.email);
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

/** Who confirms: the signed-in actor (if any) and the password sent with the token (if any). */
export type VerificationProof = { actor: Actor | undefined; password: string | undefined };

/**
 * The token says which account; the caller must also show it owns that account (its session, or its
 * password), otherwise whoever registered an address first would get it verified by the owner's click (or a
 * mail scanner's). A refused proof leaves the link usable.
 */
async function requireAccountOwner(
  context: EmailVerificationContext,
  userId: string,
  proof: VerificationProof,
): Promise<void> {
  if (proof.actor?.session && proof.actor.id === userId) return;
  if (proof.password === undefined) throw new AppError('verification_proof_required');
  const user = await findUserById(context.db, userId);
  if (!user || !(await verifyPassword(user.passwordHash, proof.password)))
    throw new AppError('verification_password_incorrect');
}

/**
 * POST /api/auth/verify-email: marks the address verified once the owner is proven. When that makes the
 * account admin (ADMIN_EMAILS), every other session of it ends (the token version moves on) and a
 * signed-in caller gets a fresh token, so no session opened before the proof holds admin rights.
 */
export async function verifyEmail(
  context: EmailVerificationContext,
  token: string,
  proof: VerificationProof,
): Promise<VerifyEmailResponse> {
  const now = context.now();
  const tokenHash = hashToken(token);
  const owner = await findVerificationTokenUser(context.db, tokenHash, now);
  if (!owner) throw new AppError('invalid_verification_token');
  await requireAccountOwner(context, owner, proof);
  const { row, madeAdmin } = await context.db.transaction(async (tx) => {
    const userId = await consumeVerificationToken(tx, tokenHash, now);
    const user = userId === owner ? await findUserById(tx, userId) : undefined;
    if (!user) throw new AppError('invalid_verification_token');
    const verified = user.emailVerifiedAt
      ? user
      : ((await updateUser(tx, user.id, { emailVerifiedAt: now })) ?? user);
    const granted = await grantConfiguredAdmin(tx, context.config, verified, now);
    if (granted.isAdmin === verified.isAdmin) return { row: granted, madeAdmin: false };
    const ended = await endAllSessions(tx, granted.id);
    return { row: ended ?? granted, madeAdmin: true };
  });
  const freshToken =
    madeAdmin && proof.actor?.id === row.id
      ? await context.tokens.sign({ userId: row.id, tokenVersion: row.tokenVersion })
      : undefined;
  return {
    message: translate(context.language, 'auth:emailVerified'),
    user: toPublicUser(row),
    ...(freshToken ? { token: freshToken } : {}),
  };
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

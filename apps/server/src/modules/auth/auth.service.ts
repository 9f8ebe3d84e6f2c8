import { defaultPreferences, type LoginRequest, type RegisterRequest } from '@farol/contract';
import { translate, type Language } from '@farol/i18n';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TokenService } from '../../lib/tokens.ts';
import { enqueueEmail } from '../email/email.outbox.ts';
import {
  grantConfiguredAdmin,
  queueVerificationEmail,
} from '../email-verification/email-verification.service.ts';
import { toPublicUser } from '../users/users.mapper.ts';
import { findUserByEmail, insertUserWithFreePlan } from '../users/users.repository.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password.ts';

export type AuthContext = {
  db: Db;
  config: Config;
  tokens: TokenService;
  language: Language;
  now: () => Date;
};

export async function registerUser(context: AuthContext, input: RegisterRequest) {
  const { db, config, tokens, language } = context;
  if (input.password !== input.confirmPassword) throw new AppError('password_mismatch');
  const passwordHash = await hashPassword(input.password);
  // The welcome and verification e-mails are queued in the same transaction as the account: all exist or none.
  // Nobody is admin at registration: ADMIN_EMAILS applies once the address is verified.
  const row = await db.transaction(async (tx) => {
    const inserted = await insertUserWithFreePlan(tx, {
      name: input.name.trim(),
      email: input.email.trim(),
      passwordHash,
      preferences: { ...defaultPreferences, language },
      isAdmin: false,
      language,
    });
    if (inserted) {
      await enqueueEmail(tx, {
        to: inserted.email,
        userId: inserted.id,
        language,
        template: 'welcome',
        data: { name: inserted.name },
      });
      await queueVerificationEmail(tx, { config, now: context.now() }, inserted);
    }
    return inserted;
  });
  if (!row) throw new AppError('email_taken');
  const token = await tokens.sign({ userId: row.id, tokenVersion: row.tokenVersion });
  return { token, user: toPublicUser(row), message: translate(language, 'auth:registered'), row };
}

export async function loginUser(context: AuthContext, input: LoginRequest) {
  const { db, config, tokens, language } = context;
  const found = await findUserByEmail(db, input.email);
  if (!found) {
    await verifyAgainstDummy(input.password);
    throw new AppError('invalid_credentials');
  }
  if (!(await verifyPassword(found.passwordHash, input.password))) throw new AppError('invalid_credentials');
  // An address added to ADMIN_EMAILS after it was verified is granted at the next login (once).
  const row = await grantConfiguredAdmin(db, config, found, context.now());
  const token = await tokens.sign({ userId: row.id, tokenVersion: row.tokenVersion });
  return { token, user: toPublicUser(row), message: translate(language, 'auth:loggedIn') };
}

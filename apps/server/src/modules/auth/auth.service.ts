import { defaultPreferences, type LoginRequest, type RegisterRequest } from '@farol/contract';
import { translate, type Language } from '@farol/i18n';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TokenService } from '../../lib/tokens.ts';
import { enqueueEmail } from '../email/email.outbox.ts';
import { toPublicUser } from '../users/users.mapper.ts';
import {
  findUserByEmail,
  insertUserWithFreePlan,
  normalizeEmail,
  updateUser,
} from '../users/users.repository.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password.ts';

export type AuthContext = { db: Db; config: Config; tokens: TokenService; language: Language };

const isConfiguredAdmin = (config: Config, email: string) =>
  config.ADMIN_EMAILS.includes(normalizeEmail(email));

export async function registerUser(context: AuthContext, input: RegisterRequest) {
  const { db, config, tokens, language } = context;
  if (input.password !== input.confirmPassword) throw new AppError('password_mismatch');
  const passwordHash = await hashPassword(input.password);
  // The welcome e-mail is queued in the same transaction as the account: both exist or neither does.
  const row = await db.transaction(async (tx) => {
    const inserted = await insertUserWithFreePlan(tx, {
      name: input.name.trim(),
      email: input.email.trim(),
      passwordHash,
      preferences: { ...defaultPreferences, language },
      isAdmin: isConfiguredAdmin(config, input.email),
      language,
    });
    if (inserted)
      await enqueueEmail(tx, {
        to: inserted.email,
        userId: inserted.id,
        language,
        template: 'welcome',
        data: { name: inserted.name },
      });
    return inserted;
  });
  if (!row) throw new AppError('email_taken');
  const token = await tokens.sign({ userId: row.id, tokenVersion: row.tokenVersion });
  return { token, user: toPublicUser(row), message: translate(language, 'auth:registered'), row };
}

export async function loginUser(context: AuthContext, input: LoginRequest) {
  const { db, config, tokens, language } = context;
  let row = await findUserByEmail(db, input.email);
  if (!row) {
    await verifyAgainstDummy(input.password);
    throw new AppError('invalid_credentials');
  }
  if (!(await verifyPassword(row.passwordHash, input.password))) throw new AppError('invalid_credentials');
  // ADMIN_EMAILS applies from the next login as well as from registration.
  if (isConfiguredAdmin(config, row.email) && !row.isAdmin)
    row = (await updateUser(db, row.id, { isAdmin: true })) ?? row;
  const token = await tokens.sign({ userId: row.id, tokenVersion: row.tokenVersion });
  return { token, user: toPublicUser(row), message: translate(language, 'auth:loggedIn') };
}

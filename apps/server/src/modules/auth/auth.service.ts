import { defaultPreferences, type LoginRequest, type RegisterRequest } from '@farol/contract';
import { translate, type Language } from '@farol/i18n';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TokenService } from '../../lib/tokens.ts';
import { toPublicUser } from '../users/users.mapper.ts';
import { findUserByEmail, insertUserWithFreePlan, normalizeEmail, updateUser } from '../users/users.repository.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password.ts';

export type AuthContext = { db: Db; config: Config; tokens: TokenService; language: Language };

const isConfiguredAdmin = (config: Config, email: string) => config.ADMIN_EMAILS.includes(normalizeEmail(email));

export async function registerUser(context: AuthContext, input: RegisterRequest) {
  const { db, config, tokens, language } = context;
  if (input.password !== input.confirmPassword) throw new AppError('password_mismatch');
  const row = await insertUserWithFreePlan(db, {
    name: input.name.trim(),
    email: input.email.trim(),
    passwordHash: await hashPassword(input.password),
    preferences: { ...defaultPreferences, language },
    isAdmin: isConfiguredAdmin(config, input.email),
    language,
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
  if (isConfiguredAdmin(config, row.email) && !row.isAdmin) row = (await updateUser(db, row.id, { isAdmin: true })) ?? row;
  const token = await tokens.sign({ userId: row.id, tokenVersion: row.tokenVersion });
  return { token, user: toPublicUser(row), message: translate(language, 'auth:loggedIn') };
}

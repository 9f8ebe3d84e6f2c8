import { isLanguage, type Language } from '@farol/i18n';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Preferences } from '@farol/contract';
import { AppError } from '../lib/app-error.ts';
import type { TokenService } from '../lib/tokens.ts';
import { findUserById } from '../modules/users/users.repository.ts';

export type AuthenticatedUser = {
  id: string;
  email: string;
  name: string;
  isAdmin: boolean;
  language: Language;
  preferences: Preferences;
  tokenVersion: number;
  createdAt: Date;
};

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value.trim() : undefined;
}

/**
 * `app.authenticate` (401 without a valid token), `app.authenticateOptional` (sets `request.user` when a
 * valid token is present) and `app.requireAdmin` (403 for non-admins). The user row is read on every
 * request so a password change or a revoked admin flag takes effect at once.
 */
export function registerAuth(app: FastifyInstance, tokens: TokenService) {
  app.decorateRequest('user', undefined);

  async function resolveUser(request: FastifyRequest): Promise<AuthenticatedUser | 'missing' | 'invalid'> {
    const token = bearerToken(request);
    if (!token) return 'missing';
    const claims = await tokens.verify(token);
    if (!claims) return 'invalid';
    const row = await findUserById(app.db, claims.userId);
    if (!row || row.tokenVersion !== claims.tokenVersion) return 'invalid';
    const preferenceLanguage = row.preferences.language;
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      isAdmin: row.isAdmin,
      language: isLanguage(preferenceLanguage) ? preferenceLanguage : request.language,
      preferences: row.preferences,
      tokenVersion: row.tokenVersion,
      createdAt: row.createdAt,
    };
  }

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const result = await resolveUser(request);
    if (result === 'missing') throw new AppError('unauthorized');
    if (result === 'invalid') throw new AppError('session_expired');
    request.user = result;
    request.language = result.language;
  });

  app.decorate('authenticateOptional', async (request: FastifyRequest) => {
    const result = await resolveUser(request);
    if (typeof result === 'object') {
      request.user = result;
      request.language = result.language;
    }
  });

  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    if (!request.user) await app.authenticate(request, undefined as never);
    if (!request.user?.isAdmin) throw new AppError('admin_required');
  });
}

import { isLanguage, type Language } from '@farol/i18n';
import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PlanId, Preferences } from '@farol/contract';
import type { DbExecutor } from '../db/client.ts';
import { subscriptions } from '../db/schema/subscriptions.ts';
import { users } from '../db/schema/users.ts';
import { AppError } from '../lib/app-error.ts';
import { memoizeOnEmbedded } from '../lib/cache.ts';
import type { TokenClaims, TokenService } from '../lib/tokens.ts';
import {
  effectivePlan,
  entitlementsFor,
  planStateColumns,
  planStateOf,
  type Entitlements,
} from '../modules/entitlements/entitlements.service.ts';

export type AuthenticatedUser = {
  id: string;
  email: string;
  name: string;
  isAdmin: boolean;
  /** The owner opened the verification link: only then may the account make the server mail its address. */
  isEmailVerified: boolean;
  language: Language;
  preferences: Preferences;
  tokenVersion: number;
  createdAt: Date;
  /** The plan's limits now, from the subscription read with the user (no second query). */
  entitlements: () => Entitlements;
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user and the subscription fields the plan depends on, in one round trip. */
async function findSession(db: DbExecutor, userId: string) {
  // ids come from tokens: anything that is not a uuid matches no one (and must not reach SQL as one)
  if (!uuidPattern.test(userId)) return undefined;
  const [row] = await db
    .select({ user: users, ...planStateColumns })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row && { user: row.user, planState: planStateOf(row) };
}

/**
 * `tokens.verify` remembered per token: a signature check is a pure function of the token and the secret,
 * so only the expiry is re-checked on later uses (the token version is checked against the user row on
 * every request as before).
 */
function rememberVerifiedTokens(tokens: TokenService, now: () => Date): TokenService['verify'] {
  const verified = new LRUCache<string, { claims: TokenClaims; expiresAtMs: number }>({ max: 10_000 });
  const verifyAndRemember = async (token: string) => {
    const claims = await tokens.verify(token);
    if (!claims) return undefined;
    const { exp } = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      exp?: unknown;
    };
    if (typeof exp === 'number') verified.set(token, { claims, expiresAtMs: exp * 1000 });
    return claims;
  };
  // not async: a known token (every request after the first) costs one resolved promise
  return (token) => {
    const known = verified.get(token);
    if (!known) return verifyAndRemember(token);
    return Promise.resolve(now().getTime() < known.expiresAtMs ? known.claims : undefined);
  };
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value.trim() : undefined;
}

/**
 * `app.authenticate` (401 without a valid token), `app.authenticateOptional` (sets `request.user` when a
 * valid token is present) and `app.requireAdmin` (403 for non-admins). The user row is (re)read after
 * every write, so a password change or a revoked admin flag takes effect at once.
 */
export function registerAuth(app: FastifyInstance, tokens: TokenService) {
  app.decorateRequest('user', undefined);
  const verifyToken = rememberVerifiedTokens(tokens, app.now);
  // one read per user until the next write on the embedded database; every request on PostgreSQL
  const readSession = memoizeOnEmbedded(app.database, (userId) => findSession(app.db, userId), {
    ttlMs: 60_000,
    maxEntries: 10_000,
  });
  // the limits depend on the plan and the admin flag only: one frozen object each, not one per request
  const entitlementsByPlan = new Map<string, Entitlements>();
  const entitlementsOf = (plan: PlanId, isAdmin: boolean) => {
    const key = `${plan}:${isAdmin}`;
    let entitlements = entitlementsByPlan.get(key);
    if (!entitlements) {
      entitlements = Object.freeze(entitlementsFor(plan, isAdmin));
      entitlementsByPlan.set(key, entitlements);
    }
    return entitlements;
  };

  type Session = NonNullable<Awaited<ReturnType<typeof findSession>>>;
  const usersBySession = new WeakMap<Session, AuthenticatedUser>();
  const userOf = ({ user: row, planState }: Session, language: Language): AuthenticatedUser => ({
    id: row.id,
    email: row.email,
    name: row.name,
    isAdmin: row.isAdmin,
    isEmailVerified: row.emailVerifiedAt !== null,
    language,
    preferences: row.preferences,
    tokenVersion: row.tokenVersion,
    createdAt: row.createdAt,
    // the plan as of each call: a kept user object still sees a subscription expire
    entitlements: () => entitlementsOf(effectivePlan(planState, app.now()), row.isAdmin),
  });

  async function resolveUser(request: FastifyRequest): Promise<AuthenticatedUser | 'missing' | 'invalid'> {
    const token = bearerToken(request);
    if (!token) return 'missing';
    const claims = await verifyToken(token);
    if (!claims) return 'invalid';
    const session = await readSession(claims.userId);
    const row = session?.user;
    if (!row || row.tokenVersion !== claims.tokenVersion) return 'invalid';
    const preferenceLanguage = row.preferences.language;
    if (!isLanguage(preferenceLanguage)) return userOf(session, request.language);
    // the same session row (memoised on the embedded database) gives the same user: built once, not per request
    let user = usersBySession.get(session);
    if (!user) {
      user = userOf(session, preferenceLanguage);
      usersBySession.set(session, user);
    }
    return user;
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

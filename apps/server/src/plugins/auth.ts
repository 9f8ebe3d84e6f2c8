import { isLanguage, type Language } from '@farol/i18n';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_TOKEN_PREFIX, type Preferences } from '@farol/contract';
import type { Db } from '../db/client.ts';
import { subscriptions } from '../db/schema/subscriptions.ts';
import { revokedSessions, users } from '../db/schema/users.ts';
import { AppError } from '../lib/app-error.ts';
import { createRateLimiter, enforceLimit } from '../lib/rate-limiter.ts';
import type { TokenService } from '../lib/tokens.ts';
import { prepareApiTokenUse } from '../modules/api-tokens/api-tokens.repository.ts';
import {
  API_TOKEN_REQUESTS_PER_MINUTE,
  API_TOKEN_WINDOW_MS,
  hashApiToken,
} from '../modules/api-tokens/api-tokens.service.ts';
import {
  effectivePlan,
  entitlementsFor,
  planStateColumns,
  planStateOf,
  type Entitlements,
} from '../modules/entitlements/entitlements.service.ts';

/**
 * Who is asking, resolved once per request from the session token with one query: the user, the plan's
 * limits now, and the language of this answer (the request's own, else the saved preference). Services take
 * it as their `actor` argument and never read the user or the plan again.
 */
export type Actor = {
  id: string;
  email: string;
  name: string;
  isAdmin: boolean;
  /** The owner opened the verification link: only then may the account make the server mail its address. */
  isEmailVerified: boolean;
  /** The language of this request's answer: `?lng=` or Accept-Language when sent, else the saved preference. */
  language: Language;
  preferences: Preferences;
  tokenVersion: number;
  createdAt: Date;
  entitlements: Entitlements;
  /** This session's token id and expiry (to sign it out); absent when a personal API token asks. */
  session?: { id: string; expiresAt: Date };
  /** The personal API token that asks, when one does (such requests reach only read-only routes). */
  apiTokenId?: string;
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The user, the subscription fields the plan depends on and whether this session was signed out: one query,
 * prepared once (every authenticated request runs it, so its SQL is built once and, on PostgreSQL, planned
 * once per connection).
 */
function prepareActorQuery(db: Db) {
  return db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      isAdmin: users.isAdmin,
      emailVerifiedAt: users.emailVerifiedAt,
      preferences: users.preferences,
      tokenVersion: users.tokenVersion,
      createdAt: users.createdAt,
      ...planStateColumns,
      signedOut: sql<boolean>`exists (select 1 from ${revokedSessions} where ${eq(
        revokedSessions.sessionId,
        sql.placeholder('sessionId'),
      )})`,
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('farol_actor');
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value.trim() : undefined;
}

/**
 * Who may call a route, declared by every API route in its options (`config: { access }`):
 * - `public`: anyone; the session is not read.
 * - `optional`: anyone; `request.user` is set when a valid session is sent.
 * - `user`: a valid session (401 `unauthorized` without a token, `session_expired` for a dead one).
 * - `admin`: a signed-in admin (403 `admin_required` otherwise).
 *
 * A personal API token (`farol_pat_…`) is accepted only where the route also declares `apiToken: true`
 * (reads of market data, signals, analyses and the user's alerts); anywhere else it gets 403
 * `api_token_read_only`, so a leaked token cannot change an account, its billing or its keys.
 */
export type RouteAccess = 'public' | 'optional' | 'user' | 'admin';

// the OpenAPI document and its viewer are registered by their plugin and are public
const undeclaredAllowed = /^\/api\/docs(\/|$)/;

/**
 * The one way authentication is attached: a hook before anything else (body parsing and validation
 * included, so their messages are already in the actor's language) reads the route's declared access and
 * resolves the actor. An API route that declares no access stops the server at start-up.
 */
type ActorRow = Awaited<ReturnType<ReturnType<typeof prepareActorQuery>['execute']>>[number];

/** The actor of a user row, in the language of this request (asked for, else saved, else the default). */
function actorOf(request: FastifyRequest, row: ActorRow, now: Date): Actor {
  const saved = row.preferences.language;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    isAdmin: row.isAdmin,
    isEmailVerified: row.emailVerifiedAt !== null,
    language: request.requestedLanguage ?? (isLanguage(saved) ? saved : request.language),
    preferences: row.preferences,
    tokenVersion: row.tokenVersion,
    createdAt: row.createdAt,
    entitlements: entitlementsFor(effectivePlan(planStateOf(row), now), row.isAdmin),
  };
}

export function registerAuth(app: FastifyInstance, tokens: TokenService) {
  app.decorateRequest('user', undefined);
  const actorQuery = prepareActorQuery(app.db);
  const apiTokenUse = prepareApiTokenUse(app.db);
  const apiTokenLimiter = createRateLimiter(app.rateLimitStore, {
    name: 'api-token',
    max: API_TOKEN_REQUESTS_PER_MINUTE,
    windowMs: API_TOKEN_WINDOW_MS,
  });

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || undeclaredAllowed.test(route.url)) return;
    if (!route.config?.access)
      throw new Error(`${String(route.method)} ${route.url} declares no access (config: { access })`);
  });

  async function resolveSessionActor(request: FastifyRequest, token: string): Promise<Actor | 'invalid'> {
    const claims = await tokens.verify(token);
    if (!claims) return 'invalid';
    // ids come from tokens: anything that is not a uuid matches no one (and must not reach SQL as one)
    if (!uuidPattern.test(claims.userId) || !uuidPattern.test(claims.sessionId)) return 'invalid';
    const [row] = await actorQuery.execute({ userId: claims.userId, sessionId: claims.sessionId });
    if (!row || row.tokenVersion !== claims.tokenVersion || row.signedOut) return 'invalid';
    return {
      ...actorOf(request, row, app.now()),
      session: { id: claims.sessionId, expiresAt: claims.expiresAt },
    };
  }

  /**
   * A personal API token: found by its hash (the same statement records the use), then its owner. Its own
   * rate limit applies, and a plan that lost API access stops its tokens at once.
   */
  async function resolveApiTokenActor(request: FastifyRequest, token: string): Promise<Actor> {
    if (!request.routeOptions.config.apiToken) throw new AppError('api_token_read_only');
    const [used] = await apiTokenUse.execute({
      tokenHash: hashApiToken(token),
      now: app.now().toISOString(),
    });
    if (!used) throw new AppError('api_token_invalid');
    await enforceLimit(apiTokenLimiter, used.id);
    // a token id is never a signed-out session's id: the query's sign-out check is simply false here
    const [row] = await actorQuery.execute({ userId: used.userId, sessionId: used.id });
    if (!row) throw new AppError('api_token_invalid');
    const actor = { ...actorOf(request, row, app.now()), apiTokenId: used.id };
    if (actor.entitlements.apiTokens === 0) throw new AppError('api_tokens_require_pro');
    return actor;
  }

  async function resolveActor(request: FastifyRequest): Promise<Actor | 'missing' | 'invalid'> {
    const token = bearerToken(request);
    if (!token) return 'missing';
    if (token.startsWith(API_TOKEN_PREFIX)) return resolveApiTokenActor(request, token);
    return resolveSessionActor(request, token);
  }

  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    const result = await resolveActor(request);
    if (typeof result === 'object') {
      request.user = result;
      request.language = result.language;
      // an answer for one signed-in person: no shared or browser cache keeps it
      reply.header('cache-control', 'no-store');
    }
    if (access === 'optional') return;
    if (result === 'missing') throw new AppError('unauthorized');
    if (result === 'invalid') throw new AppError('session_expired');
    if (access === 'admin' && !result.isAdmin) throw new AppError('admin_required');
  });
}

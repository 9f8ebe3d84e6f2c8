import { authResponseSchema, loginRequestSchema, registerRequestSchema } from '@farol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import {
  clientKey,
  createFailureCounter,
  createHourlyCeiling,
  createRateLimiter,
  enforceLimit,
  tooManyRequests,
} from '../../lib/rate-limiter.ts';
import type { TokenService } from '../../lib/tokens.ts';
import { normalizeEmail } from '../users/users.repository.ts';
import { loginUser, registerUser, type AuthContext } from './auth.service.ts';

export const PER_EMAIL_ATTEMPTS_PER_MINUTE = 5;
/** Failed sign-ins allowed from one address for one account before that pair waits. */
export const LOGIN_FAILURES_PER_PAIR = 5;
export const LOGIN_PAIR_WINDOW_MS = 15 * 60_000;
/** Failed sign-ins for one account from anywhere before its attempts are slowed (never blocked). */
export const LOGIN_FAILURES_PER_ACCOUNT = 50;
export const LOGIN_ACCOUNT_WINDOW_MS = 60 * 60_000;
/** Past the account ceiling: one attempt for that account every this many milliseconds. */
export const SLOWED_LOGIN_INTERVAL_MS = 5_000;

type App = Parameters<FastifyPluginAsyncZod>[0];
/** The services' context for one request's language. */
type ContextFor = (language: AuthContext['language']) => AuthContext;
type RequestLimits = ReturnType<typeof createRequestLimits>;
type LoginGuard = ReturnType<typeof createLoginGuard>;

export const authRoutes: FastifyPluginAsyncZod<{ tokens: TokenService }> = async (app, { tokens }) => {
  // a session token (or a refusal that says whether the address exists) is kept by no browser or proxy cache
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const limits = createRequestLimits(app);
  const loginGuard = createLoginGuard(app);
  const context: ContextFor = (language) => ({
    db: app.db,
    config: app.config,
    tokens,
    language,
    now: app.now,
  });
  registerRegistration(app, context, limits);
  registerLogin(app, context, limits, loginGuard);
};

/** Attempts per IP and per e-mail address. */
function createRequestLimits(app: App) {
  const perIp = createRateLimiter(app.rateLimitStore, {
    name: 'auth-ip',
    max: app.config.AUTH_RATE_LIMIT_PER_MINUTE,
    windowMs: 60_000,
  });
  const perEmail = createRateLimiter(app.rateLimitStore, {
    name: 'auth-email',
    max: PER_EMAIL_ATTEMPTS_PER_MINUTE,
    windowMs: 60_000,
  });
  return {
    // The IP is counted before the body is parsed, so malformed floods are limited too.
    limitIp: async (request: { ip: string }) => enforceLimit(perIp, clientKey(request)),
    limitEmail: async (request: { body: unknown }) => {
      const email = (request.body as { email?: string }).email;
      if (email) await enforceLimit(perEmail, normalizeEmail(email));
    },
  };
}

/**
 * Sign-in failures: guessing from one address for one account is stopped; failures for the account from
 * everywhere only slow its attempts, so strangers cannot lock the owner out. A success clears its pair.
 */
function createLoginGuard(app: App) {
  const pairFailures = createFailureCounter(app.rateLimitStore, {
    name: 'login-pair-failures',
    max: LOGIN_FAILURES_PER_PAIR,
    windowMs: LOGIN_PAIR_WINDOW_MS,
  });
  const accountFailures = createFailureCounter(app.rateLimitStore, {
    name: 'login-account-failures',
    max: LOGIN_FAILURES_PER_ACCOUNT,
    windowMs: LOGIN_ACCOUNT_WINDOW_MS,
  });
  const slowedAccount = createRateLimiter(app.rateLimitStore, {
    name: 'login-account-slowed',
    max: 1,
    windowMs: SLOWED_LOGIN_INTERVAL_MS,
  });
  const pairOf = (request: { ip: string }, email: string) => `${clientKey(request)}|${normalizeEmail(email)}`;
  return {
    checkAllowed: async (request: { ip: string; body: unknown }) => {
      const { email } = request.body as { email: string };
      const pair = await pairFailures.check(pairOf(request, email));
      if (!pair.allowed) throw tooManyRequests(pair.retryAfterSeconds);
      if (!(await accountFailures.check(normalizeEmail(email))).allowed)
        await enforceLimit(slowedAccount, normalizeEmail(email));
    },
    succeeded: async (request: { ip: string }, email: string) => pairFailures.clear(pairOf(request, email)),
    failed: async (request: { ip: string }, email: string) => {
      await Promise.all([
        pairFailures.fail(pairOf(request, email)),
        accountFailures.fail(normalizeEmail(email)),
      ]);
    },
  };
}

function registerRegistration(app: App, context: ContextFor, limits: RequestLimits) {
  const registrations = createHourlyCeiling(app.rateLimitStore, {
    name: 'registrations',
    max: app.config.REGISTRATIONS_PER_HOUR,
  });
  app.post(
    '/register',
    {
      config: {
        access: 'public',
        errors: ['email_taken', 'password_mismatch', 'password_too_weak', 'too_many_requests'],
      },
      schema: {
        tags: ['auth'],
        operationId: 'registerAccount',
        summary: 'Create an account (free plan) and sign in',
        body: registerRequestSchema,
        response: { 201: authResponseSchema },
      },
      onRequest: limits.limitIp,
      preHandler: [limits.limitEmail, registrations.enforce],
    },
    async (request, reply) => {
      const { row: _row, ...answer } = await registerUser(context(request.language), request.body);
      await registrations.count();
      return reply.status(201).send(answer);
    },
  );
}

function registerLogin(app: App, context: ContextFor, limits: RequestLimits, loginGuard: LoginGuard) {
  app.post(
    '/login',
    {
      config: { access: 'public', errors: ['invalid_credentials', 'too_many_requests'] },
      schema: {
        tags: ['auth'],
        operationId: 'signIn',
        summary: 'Sign in with e-mail and password',
        body: loginRequestSchema,
        response: { 200: authResponseSchema },
      },
      onRequest: limits.limitIp,
      preHandler: loginGuard.checkAllowed,
    },
    async (request) => {
      try {
        const answer = await loginUser(context(request.language), request.body);
        await loginGuard.succeeded(request, request.body.email);
        return answer;
      } catch (error) {
        if (error instanceof AppError && error.code === 'invalid_credentials')
          await loginGuard.failed(request, request.body.email);
        throw error;
      }
    },
  );
}

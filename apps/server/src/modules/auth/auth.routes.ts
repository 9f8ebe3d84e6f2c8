import { authResponseSchema, loginRequestSchema, registerRequestSchema } from '@farol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createRateLimiter, enforceRateLimit as enforce } from '../../lib/rate-limiter.ts';
import type { TokenService } from '../../lib/tokens.ts';
import { normalizeEmail } from '../users/users.repository.ts';
import { loginUser, registerUser } from './auth.service.ts';

export const PER_EMAIL_ATTEMPTS_PER_MINUTE = 5;

export const authRoutes: FastifyPluginAsyncZod<{ tokens: TokenService }> = async (app, { tokens }) => {
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
  // The IP is counted before the body is parsed, so malformed floods are limited too.
  const limitIp = async (request: { ip: string }) => enforce(perIp, request.ip);
  const limitEmail = async (request: { body: unknown }) => {
    const email = (request.body as { email?: string }).email;
    if (email) await enforce(perEmail, normalizeEmail(email));
  };
  const context = (language: Parameters<typeof registerUser>[0]['language']) => ({
    db: app.db,
    config: app.config,
    tokens,
    language,
    now: app.now,
  });

  app.post(
    '/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account (free plan) and sign in',
        body: registerRequestSchema,
        response: { 201: authResponseSchema },
      },
      onRequest: limitIp,
      preHandler: limitEmail,
    },
    async (request, reply) => {
      const { row: _row, ...answer } = await registerUser(context(request.language), request.body);
      return reply.status(201).send(answer);
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        body: loginRequestSchema,
        response: { 200: authResponseSchema },
      },
      onRequest: limitIp,
      preHandler: limitEmail,
    },
    async (request) => loginUser(context(request.language), request.body),
  );
};

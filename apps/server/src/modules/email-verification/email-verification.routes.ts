import {
  emailResultSchema,
  errorBodySchema,
  verifyEmailRequestSchema,
  verifyEmailResponseSchema,
} from '@farol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { clientKey, createRateLimiter, enforceLimit } from '../../lib/rate-limiter.ts';
import type { TokenService } from '../../lib/tokens.ts';
import { rejectEmailRateLimited } from '../email/email.service.ts';
import { resendVerificationEmail, verifyEmail } from './email-verification.service.ts';

/** Per user: new verification links. */
export const VERIFICATION_RESENDS_PER_USER = 3;
export const VERIFICATION_RESENDS_WINDOW_MS = 10 * 60_000;

/** POST /api/auth/verify-email and /api/auth/resend-verification (a plugin beside the auth routes). */
export const emailVerificationRoutes: FastifyPluginAsyncZod<{ tokens: TokenService }> = async (
  app,
  { tokens },
) => {
  // counted like the other sign-in calls (AUTH_RATE_LIMIT_PER_MINUTE per IP)
  const perIp = createRateLimiter(app.rateLimitStore, {
    name: 'verify-email-ip',
    max: app.config.AUTH_RATE_LIMIT_PER_MINUTE,
    windowMs: 60_000,
  });
  const perUser = createRateLimiter(app.rateLimitStore, {
    name: 'verification-resend-user',
    max: VERIFICATION_RESENDS_PER_USER,
    windowMs: VERIFICATION_RESENDS_WINDOW_MS,
  });

  app.post(
    '/verify-email',
    {
      // optional: the caller's session is one of the two proofs of owning the account
      config: {
        access: 'optional',
        errors: [
          'invalid_verification_token',
          'verification_proof_required',
          'verification_password_incorrect',
          'too_many_requests',
        ],
      },
      schema: {
        tags: ['auth'],
        operationId: 'verifyEmail',
        summary:
          "Confirm the address with the e-mailed single-use link, signed in as its account or with the account's password",
        body: verifyEmailRequestSchema,
        response: { 200: verifyEmailResponseSchema },
      },
      onRequest: async (request: FastifyRequest) => enforceLimit(perIp, clientKey(request)),
    },
    async (request) =>
      verifyEmail(
        { db: app.db, config: app.config, tokens, now: app.now, language: request.language },
        request.body.token,
        { actor: request.user, password: request.body.password },
      ),
  );

  app.post(
    '/resend-verification',
    {
      config: { access: 'user', errors: ['email_rate_limited', 'too_many_requests'] },
      schema: {
        tags: ['auth'],
        operationId: 'resendVerificationEmail',
        summary: 'E-mail a new verification link (older ones stop working)',
        response: { 200: emailResultSchema, 429: errorBodySchema.extend(emailResultSchema.shape) },
      },
      preHandler: async (request: FastifyRequest) => {
        const result = await perUser.consume(request.user!.id);
        if (!result.allowed) throw rejectEmailRateLimited(request.language, result.retryAfterSeconds);
      },
    },
    async (request) =>
      resendVerificationEmail(
        {
          db: app.db,
          config: app.config,
          delivery: app.emailDelivery,
          now: app.now,
          language: request.language,
        },
        request.user!,
      ),
  );
};

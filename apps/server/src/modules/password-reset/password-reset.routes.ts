import {
  forgotPasswordRequestSchema,
  messageResponseSchema,
  resetPasswordRequestSchema,
} from '@farol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { clientKey, createHourlyCeiling, createRateLimiter } from '../../lib/rate-limiter.ts';
import { normalizeEmail } from '../users/users.repository.ts';
import { requestPasswordReset, resetPassword, type PasswordResetContext } from './password-reset.service.ts';

/** Per IP and minute, for each call: enough for a person, too few to probe or spam. */
export const PASSWORD_RESET_PER_IP_PER_MINUTE = 10;
/** Reset e-mails one address receives per hour, whoever asks from wherever (no mail bombing). */
export const PASSWORD_RESET_MAILS_PER_ACCOUNT = 3;
export const PASSWORD_RESET_ACCOUNT_WINDOW_MS = 60 * 60_000;

/** POST /api/auth/forgot-password and /api/auth/reset-password (a plugin beside the auth routes). */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const limitPerIp = (name: string) => {
    const limiter = createRateLimiter(app.rateLimitStore, {
      name,
      max: PASSWORD_RESET_PER_IP_PER_MINUTE,
      windowMs: 60_000,
    });
    return async (request: FastifyRequest) => {
      const result = await limiter.consume(clientKey(request));
      if (!result.allowed) {
        throw new AppError(
          'too_many_requests',
          { seconds: result.retryAfterSeconds },
          {},
          { 'retry-after': String(result.retryAfterSeconds) },
        );
      }
    };
  };
  const resetEmails = createHourlyCeiling(app.rateLimitStore, {
    name: 'password-reset-emails',
    max: app.config.PASSWORD_RESET_EMAILS_PER_HOUR,
  });
  const mailsPerAccount = createRateLimiter(app.rateLimitStore, {
    name: 'forgot-password-account',
    max: PASSWORD_RESET_MAILS_PER_ACCOUNT,
    windowMs: PASSWORD_RESET_ACCOUNT_WINDOW_MS,
  });
  const context = (request: FastifyRequest): PasswordResetContext => ({
    db: app.db,
    config: app.config,
    now: app.now,
    language: request.language,
  });

  app.post(
    '/forgot-password',
    {
      config: { access: 'public', errors: ['too_many_requests'] },
      schema: {
        tags: ['auth'],
        operationId: 'requestPasswordReset',
        summary: 'E-mail a single-use reset link (same answer whether the account exists or not)',
        body: forgotPasswordRequestSchema,
        response: { 200: messageResponseSchema },
      },
      onRequest: limitPerIp('forgot-password-ip'),
      // every caller is refused alike once the hour's mails are sent, so the answer still says nothing
      // about whether the address has an account
      preHandler: resetEmails.enforce,
    },
    async (request) => {
      // past the account's limit the answer stays the same (a 429 here would tell which addresses exist)
      const mayMail = async () => (await mailsPerAccount.consume(normalizeEmail(request.body.email))).allowed;
      const { message, queued } = await requestPasswordReset(context(request), request.body.email, mayMail);
      if (queued) {
        await resetEmails.count();
        app.emailDelivery.kick();
      }
      return { message };
    },
  );

  app.post(
    '/reset-password',
    {
      config: {
        access: 'public',
        errors: ['invalid_reset_token', 'password_mismatch', 'password_too_weak', 'too_many_requests'],
      },
      schema: {
        tags: ['auth'],
        operationId: 'resetPassword',
        summary: 'Set a new password with a reset link; every older session ends',
        body: resetPasswordRequestSchema,
        response: { 200: messageResponseSchema },
      },
      onRequest: limitPerIp('reset-password-ip'),
    },
    async (request) => resetPassword(context(request), request.body.token, request.body.password),
  );
};

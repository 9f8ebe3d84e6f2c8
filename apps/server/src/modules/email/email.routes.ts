import {
  contactRequestSchema,
  emailResultSchema,
  emailStatusSchema,
  emailTestRequestSchema,
  errorBodySchema,
} from '@farol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  clientKey,
  createHourlyCeiling,
  createRateLimiter,
  type RateLimiter,
} from '../../lib/rate-limiter.ts';
import {
  getEmailStatus,
  rejectEmailRateLimited,
  resendWelcomeEmail,
  sendContactMessage,
  sendTestEmail,
  type EmailServiceContext,
} from './email.service.ts';

/** Per user: test sends and welcome re-sends together. */
export const EMAIL_SENDS_PER_USER = 5;
export const EMAIL_SENDS_WINDOW_MS = 10 * 60_000;
/** Per IP: the public contact form. */
export const CONTACT_MESSAGES_PER_IP = 5;
export const CONTACT_WINDOW_MS = 60 * 60_000;

const failure = errorBodySchema.extend(emailResultSchema.shape);

/** Counts one hit of `key(request)`; over the limit, the e-mail routes' own 429. */
const limit =
  (limiter: RateLimiter, key: (request: FastifyRequest) => string) => async (request: FastifyRequest) => {
    const result = await limiter.consume(key(request));
    if (!result.allowed) throw rejectEmailRateLimited(request.language, result.retryAfterSeconds);
  };

export const emailRoutes: FastifyPluginAsyncZod = async (app) => {
  const perUser = createRateLimiter(app.rateLimitStore, {
    name: 'email-user',
    max: EMAIL_SENDS_PER_USER,
    windowMs: EMAIL_SENDS_WINDOW_MS,
  });
  const context = (request: FastifyRequest): EmailServiceContext => ({
    db: app.db,
    config: app.config,
    delivery: app.emailDelivery,
    now: app.now,
    language: request.language,
  });
  const responses = { 200: emailResultSchema, 403: failure, 429: failure };
  const sendErrors = ['email_not_verified', 'email_rate_limited'] as const;

  app.post(
    '/test',
    {
      config: { access: 'user', errors: [...sendErrors, 'email_recipient_forbidden'] },
      schema: {
        tags: ['email'],
        operationId: 'sendTestEmail',
        summary: 'Send a test e-mail (own address; admins may name another)',
        body: emailTestRequestSchema,
        response: responses,
      },
      preHandler: limit(perUser, (request) => request.user!.id),
    },
    async (request) => sendTestEmail(context(request), request.user!, request.body),
  );

  app.post(
    '/resend-welcome',
    {
      config: { access: 'user', errors: sendErrors },
      schema: {
        tags: ['email'],
        operationId: 'resendWelcomeEmail',
        summary: 'Send the welcome e-mail again',
        response: responses,
      },
      preHandler: limit(perUser, (request) => request.user!.id),
    },
    async (request) => resendWelcomeEmail(context(request), request.user!),
  );

  registerContact(app, context);
  registerEmailStatus(app);
};

/** The public contact form: limited per client network and, site-wide, per hour. */
function registerContact(
  app: Parameters<FastifyPluginAsyncZod>[0],
  context: (request: FastifyRequest) => EmailServiceContext,
) {
  const perIp = createRateLimiter(app.rateLimitStore, {
    name: 'email-contact-ip',
    max: CONTACT_MESSAGES_PER_IP,
    windowMs: CONTACT_WINDOW_MS,
  });
  const contactMessages = createHourlyCeiling(app.rateLimitStore, {
    name: 'contact-messages',
    max: app.config.CONTACT_MESSAGES_PER_HOUR,
    refuse: (request, seconds) => rejectEmailRateLimited(request.language, seconds),
  });
  app.post(
    '/contact',
    {
      config: {
        // anyone may write; a signed-in member of a paid plan is recognised for priority support
        access: 'optional',
        errors: ['email_rate_limited', 'too_many_requests', 'service_unavailable'],
      },
      schema: {
        tags: ['email'],
        operationId: 'sendContactMessage',
        summary: 'The public contact form, delivered to CONTACT_EMAIL',
        body: contactRequestSchema,
        response: { 200: emailResultSchema, 403: failure, 429: failure },
      },
      // counted before the body is parsed, so malformed floods are limited too
      onRequest: limit(perIp, clientKey),
      preHandler: contactMessages.enforce,
    },
    async (request) => {
      const result = await sendContactMessage(context(request), request.body, request.user);
      await contactMessages.count();
      return result;
    },
  );
}

/** What the outbox holds: the whole site's for admins, the caller's own otherwise. */
function registerEmailStatus(app: Parameters<FastifyPluginAsyncZod>[0]) {
  app.get(
    '/status',
    {
      config: { access: 'user' },
      schema: {
        tags: ['email'],
        operationId: 'getEmailStatus',
        summary: 'SMTP configuration and outbox counts: the whole site for admins, own messages otherwise',
        response: { 200: emailStatusSchema },
      },
    },
    async (request) => getEmailStatus({ db: app.db, delivery: app.emailDelivery }, request.user!),
  );
}

import {
  apiTokenIdParamsSchema,
  apiTokenListResponseSchema,
  createApiTokenRequestSchema,
  createApiTokenResponseSchema,
  deleteApiTokenResponseSchema,
} from '@farol/contract';
import { translate } from '@farol/i18n';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createApiToken, listApiTokens, revokeApiToken } from './api-tokens.service.ts';

const tags = ['api-tokens'];

/** /api/user/api-tokens: personal tokens for scripts and bots (read-only access to the caller's data). */
export const apiTokensRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'user' },
      schema: {
        tags,
        operationId: 'listApiTokens',
        summary: "The caller's personal API tokens (never their secrets) and what the plan allows",
        response: { 200: apiTokenListResponseSchema },
      },
    },
    async (request) => ({ success: true as const, data: await listApiTokens(app.db, request.user!) }),
  );

  app.post(
    '/',
    {
      config: {
        access: 'user',
        errors: ['api_tokens_require_pro', 'email_not_verified', 'api_token_limit_reached'],
      },
      schema: {
        tags,
        operationId: 'createApiToken',
        summary:
          'Create a personal API token (Profissional, verified address) living 30, 90 or 365 days; its secret is answered this once',
        body: createApiTokenRequestSchema,
        response: { 201: createApiTokenResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        data: await createApiToken({ db: app.db, now: app.now }, request.user!, request.body),
        message: translate(request.language, 'settings:apiTokens.created'),
      }),
  );

  app.delete(
    '/:id',
    {
      config: { access: 'user', errors: ['api_token_not_found'] },
      schema: {
        tags,
        operationId: 'revokeApiToken',
        summary: 'Revoke a personal API token at once',
        params: apiTokenIdParamsSchema,
        response: { 200: deleteApiTokenResponseSchema },
      },
    },
    async (request) => {
      await revokeApiToken(app.db, request.user!, request.params.id);
      return { success: true as const, message: translate(request.language, 'settings:apiTokens.revoked') };
    },
  );
};

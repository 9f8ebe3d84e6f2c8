import {
  apiKeyStatusResponseSchema,
  deleteApiKeyParamsSchema,
  deleteApiKeyResponseSchema,
  saveApiKeysRequestSchema,
  saveApiKeysResponseSchema,
} from '@farol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getApiKeyStatus, removeApiKey, saveApiKeys } from './api-keys.service.ts';

/** /api/subscription/api-keys: the user's own OpenAI and Gemini keys (stored encrypted, never returned). */
export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);
  const tags = ['api-keys'];
  const security = [{ bearerAuth: [] }];
  const context = { db: app.db, config: app.config, encryption: app.encryption };

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Which AI keys are configured',
        response: { 200: apiKeyStatusResponseSchema },
      },
    },
    async (request) => ({ success: true as const, data: await getApiKeyStatus(app.db, request.user!.id) }),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Check and store one or both keys (an absent key stays as it is)',
        body: saveApiKeysRequestSchema,
        response: { 200: saveApiKeysResponseSchema },
      },
    },
    async (request) => saveApiKeys(context, request.user!.id, request.body, request.language),
  );

  app.delete(
    '/:provider',
    {
      schema: {
        tags,
        security,
        summary: 'Remove a key',
        params: deleteApiKeyParamsSchema,
        response: { 200: deleteApiKeyResponseSchema },
      },
    },
    async (request) => removeApiKey(app.db, request.user!.id, request.params.provider, request.language),
  );
};

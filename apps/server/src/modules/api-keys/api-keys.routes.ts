import {
  apiKeyStatusResponseSchema,
  deleteApiKeyParamsSchema,
  deleteApiKeyResponseSchema,
  saveApiKeysRequestSchema,
  saveApiKeysResponseSchema,
} from '@farol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '@farol/i18n';
import { limitPerUser } from '../../lib/rate-limiter.ts';
import { getApiKeyStatus, providerLabels, removeApiKey, saveApiKeys } from './api-keys.service.ts';

/** Key saves (each checked with the provider) per user and window. */
export const API_KEY_CHECKS_PER_USER = 10;
export const API_KEY_CHECKS_WINDOW_MS = 10 * 60_000;

/** /api/subscription/api-keys: the user's own OpenAI and Gemini keys (stored encrypted, never returned). */
export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['api-keys'];
  const context = { db: app.db, config: app.config, encryption: app.encryption, log: app.log };

  app.get(
    '/',
    {
      config: { access: 'user' },
      schema: {
        tags,
        operationId: 'getAiKeyStatus',
        summary: 'Which AI keys are configured',
        response: { 200: apiKeyStatusResponseSchema },
      },
    },
    async (request) => ({ success: true as const, data: await getApiKeyStatus(context, request.user!.id) }),
  );

  app.post(
    '/',
    {
      config: { access: 'user', errors: ['api_key_required', 'api_key_rejected', 'too_many_requests'] },
      // saving checks each key with its provider: a user's attempts are limited
      preHandler: limitPerUser(app.rateLimitStore, {
        name: 'api-key-checks-user',
        max: API_KEY_CHECKS_PER_USER,
        windowMs: API_KEY_CHECKS_WINDOW_MS,
      }),
      schema: {
        tags,
        operationId: 'saveAiKeys',
        summary: 'Check and store one or both keys (an absent key stays as it is)',
        body: saveApiKeysRequestSchema,
        response: { 200: saveApiKeysResponseSchema },
      },
    },
    async (request) => {
      const { unverified } = await saveApiKeys(context, request.user!, request.body);
      const key = unverified ? 'chat:apiKeys.savedUnverified' : 'chat:apiKeys.saved';
      return {
        success: true as const,
        message: translate(request.language, key),
        data: await getApiKeyStatus(context, request.user!.id),
      };
    },
  );

  app.delete(
    '/:provider',
    {
      config: { access: 'user' },
      schema: {
        tags,
        operationId: 'removeAiKey',
        summary: 'Remove a key',
        params: deleteApiKeyParamsSchema,
        response: { 200: deleteApiKeyResponseSchema },
      },
    },
    async (request) => {
      await removeApiKey(app.db, request.user!, request.params.provider);
      const provider = providerLabels[request.params.provider];
      return {
        success: true as const,
        message: translate(request.language, 'chat:apiKeys.removed', { provider }),
      };
    },
  );
};

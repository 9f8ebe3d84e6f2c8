import {
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  preferencesResponseSchema,
  profileSchema,
  updatePreferencesRequestSchema,
  updateProfileRequestSchema,
  updateProfileResponseSchema,
} from '@farol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TokenService } from '../../lib/tokens.ts';
import { changePassword, getProfile, renameUser, updatePreferences } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod<{ tokens: TokenService }> = async (app, { tokens }) => {
  // onRequest (before validation) so validation messages use the signed-in user's language
  app.addHook('onRequest', app.authenticate);
  const security = [{ bearerAuth: [] }];

  app.get(
    '/profile',
    { schema: { tags: ['user'], security, summary: 'The signed-in user', response: { 200: profileSchema } } },
    async (request) => getProfile(app.db, request.user!.id),
  );

  app.put(
    '/profile',
    {
      schema: {
        tags: ['user'],
        security,
        summary: 'Change the name (the e-mail is read-only)',
        body: updateProfileRequestSchema,
        response: { 200: updateProfileResponseSchema },
      },
    },
    async (request) => renameUser(app.db, request.user!.id, request.body.name, request.language),
  );

  app.put(
    '/change-password',
    {
      schema: {
        tags: ['user'],
        security,
        summary: 'Change the password; every other session ends and a fresh token is returned',
        body: changePasswordRequestSchema,
        response: { 200: changePasswordResponseSchema },
      },
    },
    async (request) => changePassword(app.db, tokens, request.user!.id, request.body, request.language),
  );

  app.put(
    '/preferences',
    {
      schema: {
        tags: ['user'],
        security,
        summary: 'Update any subset of the preferences',
        body: updatePreferencesRequestSchema,
        response: { 200: preferencesResponseSchema },
      },
    },
    async (request) => updatePreferences(app.db, request.user!.id, request.body, request.language),
  );
};

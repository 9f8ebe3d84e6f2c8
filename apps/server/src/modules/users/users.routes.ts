import {
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  preferencesResponseSchema,
  profileSchema,
  updatePreferencesRequestSchema,
  updateProfileRequestSchema,
  updateProfileResponseSchema,
} from '@farol/contract';
import { translate } from '@farol/i18n';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TokenService } from '../../lib/tokens.ts';
import { changePassword, getProfile, renameUser, updatePreferences } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod<{ tokens: TokenService }> = async (app, { tokens }) => {
  const security = [{ bearerAuth: [] }];

  app.get(
    '/profile',
    {
      config: { access: 'user' },
      schema: { tags: ['user'], security, summary: 'The signed-in user', response: { 200: profileSchema } },
    },
    async (request) => getProfile(app.db, request.user!),
  );

  app.put(
    '/profile',
    {
      config: { access: 'user' },
      schema: {
        tags: ['user'],
        security,
        summary: 'Change the name (the e-mail is read-only)',
        body: updateProfileRequestSchema,
        response: { 200: updateProfileResponseSchema },
      },
    },
    async (request) => ({
      user: await renameUser(app.db, request.user!, request.body.name),
      message: translate(request.language, 'profile:updatedMessage'),
    }),
  );

  app.put(
    '/change-password',
    {
      config: { access: 'user' },
      schema: {
        tags: ['user'],
        security,
        summary: 'Change the password; every other session ends and a fresh token is returned',
        body: changePasswordRequestSchema,
        response: { 200: changePasswordResponseSchema },
      },
    },
    async (request) => ({
      ...(await changePassword({ db: app.db, tokens }, request.user!, request.body)),
      message: translate(request.language, 'profile:passwordChangedMessage'),
    }),
  );

  app.put(
    '/preferences',
    {
      config: { access: 'user' },
      schema: {
        tags: ['user'],
        security,
        summary: 'Update any subset of the preferences',
        body: updatePreferencesRequestSchema,
        response: { 200: preferencesResponseSchema },
      },
    },
    async (request) => ({
      preferences: await updatePreferences(app.db, request.user!, request.body),
      // a change of language is confirmed in the new language
      message: translate(request.body.language ?? request.language, 'profile:preferencesSaved'),
    }),
  );
};

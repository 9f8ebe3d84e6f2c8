import {
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  deleteAccountRequestSchema,
  messageResponseSchema,
  preferencesResponseSchema,
  profileSchema,
  updatePreferencesRequestSchema,
  updateProfileRequestSchema,
  updateProfileResponseSchema,
} from '@farol/contract';
import { translate } from '@farol/i18n';
import { limitPerUser } from '../../lib/rate-limiter.ts';
import { createStripeClient } from '../../providers/stripe/client.ts';
import { deleteAccount, exportUserData } from './users.privacy.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TokenService } from '../../lib/tokens.ts';
import { changePassword, getProfile, renameUser, updatePreferences } from './users.service.ts';

/** Password change attempts per user and window. */
export const PASSWORD_CHANGES_PER_USER = 5;
/** Data exports per user and hour: each one reads every table the user has rows in. */
export const EXPORTS_PER_USER = 3;
export const EXPORT_WINDOW_MS = 60 * 60_000;
export const PASSWORD_CHANGE_WINDOW_MS = 15 * 60_000;

type App = Parameters<FastifyPluginAsyncZod>[0];

export const usersRoutes: FastifyPluginAsyncZod<{ tokens: TokenService }> = async (app, { tokens }) => {
  registerProfile(app);
  registerPasswordChange(app, tokens);
  registerPreferences(app);
  registerExport(app);
  registerAccountDeletion(app);
};

/** Read the profile, change the name. */
function registerProfile(app: App) {
  app.get(
    '/profile',
    {
      config: { access: 'user' },
      schema: {
        tags: ['user'],
        operationId: 'getProfile',
        summary: 'The signed-in user',
        response: { 200: profileSchema },
      },
    },
    async (request) => getProfile(app.db, request.user!),
  );

  app.put(
    '/profile',
    {
      config: { access: 'user' },
      schema: {
        tags: ['user'],
        operationId: 'updateProfile',
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
}

function registerPasswordChange(app: App, tokens: TokenService) {
  app.put(
    '/change-password',
    {
      config: {
        access: 'user',
        errors: ['wrong_current_password', 'password_mismatch', 'password_too_weak', 'too_many_requests'],
      },
      // each attempt hashes a password: a stolen session cannot guess the current one at speed
      preHandler: limitPerUser(app.rateLimitStore, {
        name: 'change-password-user',
        max: PASSWORD_CHANGES_PER_USER,
        windowMs: PASSWORD_CHANGE_WINDOW_MS,
      }),
      schema: {
        tags: ['user'],
        operationId: 'changePassword',
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
}

function registerPreferences(app: App) {
  app.put(
    '/preferences',
    {
      config: { access: 'user' },
      schema: {
        tags: ['user'],
        operationId: 'updatePreferences',
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
}

function registerExport(app: App) {
  app.get(
    '/export',
    {
      config: {
        access: 'user',
        errors: ['too_many_requests'],
        writtenAnswer: {
          contentType: 'application/json',
          description: 'The account data, as a file download',
        },
      },
      preHandler: limitPerUser(app.rateLimitStore, {
        name: 'export-user',
        max: EXPORTS_PER_USER,
        windowMs: EXPORT_WINDOW_MS,
      }),
      schema: {
        tags: ['user'],
        operationId: 'exportAccountData',
        summary: 'Everything Farol holds about the caller, as a JSON download (LGPD right of access)',
      },
    },
    async (request, reply) => {
      const data = await exportUserData({ db: app.db }, request.user!);
      const day = app.now().toISOString().slice(0, 10);
      return reply
        .header('content-disposition', `attachment; filename="farol-dados-${day}.json"`)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(data, null, 2));
    },
  );
}

function registerAccountDeletion(app: App) {
  const privacyDeps = { db: app.db, config: app.config, stripe: createStripeClient(app.config) };

  app.delete(
    '',
    {
      config: {
        access: 'user',
        errors: ['wrong_current_password', 'payments_unavailable', 'too_many_requests'],
      },
      schema: {
        tags: ['user'],
        operationId: 'deleteAccount',
        summary: 'Delete the account and its personal data, with the password (LGPD right of erasure)',
        body: deleteAccountRequestSchema,
        response: { 200: messageResponseSchema },
      },
      // each attempt checks a password: the same limit as password changes
      preHandler: limitPerUser(app.rateLimitStore, {
        name: 'delete-account-user',
        max: PASSWORD_CHANGES_PER_USER,
        windowMs: PASSWORD_CHANGE_WINDOW_MS,
      }),
    },
    async (request) => {
      await deleteAccount(privacyDeps, request.user!, request.body.password);
      return { message: translate(request.language, 'profile:privacy.deleted') };
    },
  );
}

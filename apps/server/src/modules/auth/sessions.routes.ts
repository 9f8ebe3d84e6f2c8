import { messageResponseSchema } from '@farol/contract';
import { translate } from '@farol/i18n';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signOut, signOutEverywhere } from './sessions.service.ts';

/** `/api/auth/logout` and `/api/auth/logout-all`: ending sessions on the server, not only in the browser. */
export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, now: app.now };
  const tags = ['auth'];

  app.post(
    '/logout',
    {
      config: { access: 'user' },
      schema: {
        tags,
        operationId: 'signOut',
        summary: 'Sign this session out: its token stops working at once',
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await signOut(deps, request.user!);
      return { message: translate(request.language, 'auth:signedOut') };
    },
  );

  app.post(
    '/logout-all',
    {
      config: { access: 'user' },
      schema: {
        tags,
        operationId: 'signOutEverywhere',
        summary: 'Sign out every session of this account, this one included',
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await signOutEverywhere(deps, request.user!);
      return { message: translate(request.language, 'auth:signedOutEverywhere') };
    },
  );
};

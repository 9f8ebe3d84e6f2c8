import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const startedAt = Date.now();

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public', errors: ['service_unavailable'] },
      schema: {
        tags: ['health'],
        operationId: 'getHealth',
        summary: 'Liveness and database reachability',
        response: {
          200: z.object({
            status: z.literal('ok'),
            database: z.object({ reachable: z.literal(true), engine: z.string(), version: z.string() }),
            uptimeSeconds: z.number(),
          }),
          503: z.object({
            status: z.literal('degraded'),
            database: z.object({ reachable: z.literal(false), engine: z.string() }),
            uptimeSeconds: z.number(),
          }),
        },
      },
    },
    async (_request, reply) => {
      const uptimeSeconds = Math.round((Date.now() - startedAt) / 1000);
      try {
        const version = await app.database.version();
        return {
          status: 'ok' as const,
          database: { reachable: true as const, engine: app.database.engine, version },
          uptimeSeconds,
        };
      } catch {
        return reply.status(503).send({
          status: 'degraded' as const,
          database: { reachable: false as const, engine: app.database.engine },
          uptimeSeconds,
        });
      }
    },
  );
};

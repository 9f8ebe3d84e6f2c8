import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STANDALONE_ROLE } from '../market-stream/market-stream.setup.ts';

const startedAt = Date.now();

/** The live market: where prices come from now and how fresh the upstream stream is. */
const marketStreamHealthSchema = z.object({
  mode: z.enum(['live', 'polling', 'simulated']),
  enabled: z.boolean(),
  connected: z.boolean(),
  connectedSince: z.string().optional(),
  lastFrameAgeSeconds: z.number().optional(),
  clients: z.number().int(),
  role: z.enum(['single', 'leader', 'follower', STANDALONE_ROLE]),
});

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
            marketStream: marketStreamHealthSchema,
            uptimeSeconds: z.number(),
          }),
          503: z.object({
            status: z.literal('degraded'),
            database: z.object({ reachable: z.literal(false), engine: z.string() }),
            marketStream: marketStreamHealthSchema,
            uptimeSeconds: z.number(),
          }),
        },
      },
    },
    async (_request, reply) => {
      const uptimeSeconds = Math.round((Date.now() - startedAt) / 1000);
      const marketStream = app.marketStream.health();
      try {
        const version = await app.database.version();
        return {
          status: 'ok' as const,
          database: { reachable: true as const, engine: app.database.engine, version },
          marketStream,
          uptimeSeconds,
        };
      } catch {
        return reply.status(503).send({
          status: 'degraded' as const,
          database: { reachable: false as const, engine: app.database.engine },
          marketStream,
          uptimeSeconds,
        });
      }
    },
  );
};

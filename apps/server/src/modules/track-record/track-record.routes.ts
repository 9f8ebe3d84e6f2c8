import { trackRecordQuerySchema, trackRecordResponseSchema } from '@farol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getTrackRecord } from './track-record.service.ts';

/** /api/market-signals/track-record: the public record of the signals (the /track-record page, the marketing figures). */
export const trackRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['market-signals'],
        operationId: 'getSignalTrackRecord',
        summary:
          'The track record of the signals: hit rates per class and horizon with 95% intervals and baselines, calibration, and following them against holding',
        querystring: trackRecordQuerySchema,
        response: { 200: trackRecordResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getTrackRecord({ db: app.db }, request.query),
    }),
  );
};

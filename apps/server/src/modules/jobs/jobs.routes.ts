import { jobRunParamsSchema, jobRunResponseSchema } from '@farol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Admin only: run a scheduled job now (operators, tests); answers the job's own summary. */
export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:name/run',
    {
      config: { access: 'admin', errors: ['unknown_job'] },
      schema: {
        tags: ['admin'],
        operationId: 'runJob',
        summary: 'Run a scheduled job now: alert-check, alert-digest, email-delivery, market-refresh',
        params: jobRunParamsSchema,
        response: { 200: jobRunResponseSchema },
      },
    },
    async (request) => ({ success: true as const, data: await app.jobs.run(request.params.name) }),
  );
};

import { z } from 'zod';
import { text } from './common.ts';

/** POST /api/admin/jobs/{name}/run: runs a scheduled job now and says what it did. */
export const jobRunParamsSchema = z.object({ name: text().min(1).max(100) });
export const jobRunResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    name: z.string(),
    startedAt: z.string(),
    finishedAt: z.string(),
    result: z.record(z.string(), z.unknown()),
  }),
});
export type JobRunResponse = z.infer<typeof jobRunResponseSchema>;

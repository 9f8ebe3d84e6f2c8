import { z } from 'zod';
import { looseArray, numericText } from '../schemas.ts';

/** One day of `GET /fng/`: value and timestamp (unix seconds) come as decimal text. */
export const fearGreedEntrySchema = z.object({
  value: numericText,
  value_classification: z.string().min(1),
  timestamp: numericText,
});
export type FearGreedEntry = z.infer<typeof fearGreedEntrySchema>;

export const fearGreedResponseSchema = z.object({ data: looseArray(fearGreedEntrySchema) });

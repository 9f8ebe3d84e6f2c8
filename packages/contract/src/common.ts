import { z } from 'zod';

export const languages = ['pt-BR', 'en', 'es'] as const;
export const languageSchema = z.enum(languages);
export type Language = z.infer<typeof languageSchema>;

export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  errors: z.array(z.object({ message: z.string(), field: z.string().optional() })).optional(),
});

/** `{ success, data }` envelope used by the market-data, subscription and alerts calls. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** A positive integer taken from a query string ("2" -> 2). */
export const queryInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** Page position of a paged list (coin prices, chat history, admin users). */
export const paginationSchema = z.object({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalItems: z.number().int(),
  hasPreviousPage: z.boolean(),
  hasNextPage: z.boolean(),
});
export type Pagination = z.infer<typeof paginationSchema>;

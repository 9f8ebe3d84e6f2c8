import { z } from 'zod';
import { envelope, messageResponseSchema, text } from './common.ts';

/** What every personal API token starts with: recognisable in a leaked log, and told apart from a session. */
export const API_TOKEN_PREFIX = 'farol_pat_';

/** What a plan with API access gets (Profissional, admins): tokens, each token's requests a minute, webhooks. */
export const apiAccessLimits = { tokens: 10, requestsPerMinute: 60, webhooks: 5 } as const;

/** A personal API token as listed: never its secret, which is shown once, at creation. */
export const apiTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  requestCount: z.number().int(),
  /** After it the token is refused; a new one is made to go on. */
  expiresAt: z.string(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** How long a new token may live, in days (chosen at creation; a leaked token does not work for ever). */
export const apiTokenLifetimes = [30, 90, 365] as const;
export const DEFAULT_API_TOKEN_LIFETIME_DAYS = 90;

/** POST /api/user/api-tokens */
export const createApiTokenRequestSchema = z.object({
  name: text().trim().min(1).max(60),
  expiresInDays: z.literal(apiTokenLifetimes).default(DEFAULT_API_TOKEN_LIFETIME_DAYS),
});
export type CreateApiTokenRequest = z.infer<typeof createApiTokenRequestSchema>;

/** The new token with its secret (`farol_pat_…`), answered this once. */
export const createApiTokenResponseSchema = envelope(apiTokenSchema.extend({ token: z.string() })).extend(
  messageResponseSchema.shape,
);
export type CreatedApiToken = z.infer<typeof createApiTokenResponseSchema>['data'];

/** GET /api/user/api-tokens: the caller's tokens, newest first, and how many the plan allows (0: none). */
export const apiTokenListResponseSchema = envelope(
  z.object({
    tokens: z.array(apiTokenSchema),
    maxTokens: z.number().int(),
    requestsPerMinute: z.number().int(),
  }),
);
export type ApiTokenList = z.infer<typeof apiTokenListResponseSchema>['data'];

/** DELETE /api/user/api-tokens/{id} */
export const apiTokenIdParamsSchema = z.object({ id: z.uuid() });
export const deleteApiTokenResponseSchema = z
  .object({ success: z.literal(true) })
  .extend(messageResponseSchema.shape);

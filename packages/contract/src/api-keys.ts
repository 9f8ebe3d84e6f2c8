import { z } from 'zod';
import { envelope, text } from './common.ts';

/** The AI providers a user can bring a key for (DELETE /api/subscription/api-keys/{provider}). */
export const keyProviders = ['openai', 'gemini'] as const;
export const keyProviderSchema = z.enum(keyProviders);
export type KeyProvider = z.infer<typeof keyProviderSchema>;

export const API_KEY_MAX_LENGTH = 512;

// An empty string counts as absent (the web omits empty fields, but a client may send "").
const optionalKey = text()
  .trim()
  .max(API_KEY_MAX_LENGTH, 'api_key_too_long')
  .optional()
  .transform((value) => (value ? value : undefined));

/** POST /api/subscription/api-keys: at least one key; an absent key leaves the stored one untouched. */
export const saveApiKeysRequestSchema = z
  .object({ geminiApiKey: optionalKey, openaiApiKey: optionalKey })
  .strict()
  .refine((body) => body.geminiApiKey !== undefined || body.openaiApiKey !== undefined, {
    message: 'api_key_required',
  });
export type SaveApiKeysRequest = z.input<typeof saveApiKeysRequestSchema>;

/** API key status: only whether a key is configured, never the key. */
export const apiKeyStatusSchema = z.object({
  hasGeminiApiKey: z.boolean(),
  hasOpenaiApiKey: z.boolean(),
  /** False when the provider could not be reached to check the key when it was saved. */
  openaiVerified: z.boolean().optional(),
  geminiVerified: z.boolean().optional(),
  /**
   * True when the stored key can no longer be decrypted (the server's ENCRYPTION_KEY changed, or the stored
   * value is damaged): it must be entered again. Absent otherwise.
   */
  openaiUnreadable: z.boolean().optional(),
  geminiUnreadable: z.boolean().optional(),
});
export type ApiKeyStatus = z.infer<typeof apiKeyStatusSchema>;

export const apiKeyStatusResponseSchema = envelope(apiKeyStatusSchema);
export const saveApiKeysResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: apiKeyStatusSchema,
});
export const deleteApiKeyParamsSchema = z.object({ provider: keyProviderSchema });
export const deleteApiKeyResponseSchema = z.object({ success: z.literal(true), message: z.string() });

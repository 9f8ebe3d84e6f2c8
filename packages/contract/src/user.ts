import { z } from 'zod';
import { text } from './common.ts';
import { NAME_MAX_LENGTH, newPasswordSchema, preferencesSchema, publicUserSchema } from './auth.ts';

/** GET /api/user/profile */
export const profileSchema = publicUserSchema;
export type Profile = z.infer<typeof profileSchema>;

export const updateProfileRequestSchema = z.object({
  name: text().trim().min(1, 'name_required').max(NAME_MAX_LENGTH, 'name_too_long'),
});
export const updateProfileResponseSchema = z.object({ user: publicUserSchema, message: z.string() });

export const changePasswordRequestSchema = z.object({
  currentPassword: text().min(1, 'current_password_required').max(200),
  newPassword: newPasswordSchema,
  /** Also remove the API tokens, Telegram link, push subscriptions and webhooks (after a suspected intrusion). */
  removeAccess: z.boolean().optional(),
});

/** PUT /api/user/preferences: any subset of the preferences. */
export const updatePreferencesRequestSchema = preferencesSchema.partial().strict();
export const preferencesResponseSchema = z.object({ preferences: preferencesSchema, message: z.string() });

/** PUT /api/user/change-password: older tokens stop working, so a fresh one comes back. */
export const changePasswordResponseSchema = z.object({ message: z.string(), token: z.string() });
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

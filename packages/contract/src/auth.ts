import { z } from 'zod';
import { languageSchema, text } from './common.ts';
import { currencySchema } from './currency.ts';

export const PASSWORD_MIN_LENGTH = 8;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

/** Password rules: at least 8 characters, one letter, one number. */
export const passwordRules = {
  length: (value: string) => value.length >= PASSWORD_MIN_LENGTH,
  letter: (value: string) => /\p{L}/u.test(value),
  number: (value: string) => /\p{Nd}/u.test(value),
} as const;

export const emailSchema = text()
  .trim()
  .min(1, 'email_required')
  .max(EMAIL_MAX_LENGTH)
  .email('email_invalid');

export const newPasswordSchema = text()
  .min(1, 'password_required')
  .max(200, 'password_too_long')
  .refine(passwordRules.length, 'password_min_length')
  .refine(passwordRules.letter, 'password_letter')
  .refine(passwordRules.number, 'password_number');

export const aiProviders = ['openai', 'gemini'] as const;
export const aiProviderSchema = z.enum(aiProviders);
export type AiProvider = z.infer<typeof aiProviderSchema>;

export const preferencesSchema = z.object({
  aiProvider: aiProviderSchema,
  theme: z.enum(['dark', 'light']),
  emailAlerts: z.boolean(),
  pushNotifications: z.boolean(),
  language: languageSchema.optional(),
  /**
   * The currency every money figure is shown in. Always present in the server's answers (an account that
   * never chose gets BRL in pt-BR, USD otherwise); optional here so sessions stored before it still parse.
   */
  currency: currencySchema.optional(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const defaultPreferences: Preferences = {
  aiProvider: 'openai',
  theme: 'dark',
  emailAlerts: true,
  pushNotifications: true,
};

/** The `user` object stored in the browser and returned by login and register. */
export const publicUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  /** The owner opened the verification link e-mailed to this address (absent in sessions stored before it existed). */
  emailVerified: z.boolean().default(false),
  createdAt: z.string(),
  preferences: preferencesSchema,
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: text().min(1, 'password_required').max(200),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const registerRequestSchema = z
  .object({
    name: text().trim().min(1, 'name_required').max(NAME_MAX_LENGTH, 'name_too_long'),
    email: emailSchema,
    password: newPasswordSchema,
    confirmPassword: text().min(1, 'confirm_password_required'),
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: 'password_mismatch',
    path: ['confirmPassword'],
  });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** Answer of login and register: token, user, message. */
export const authResponseSchema = z.object({
  token: z.string(),
  user: publicUserSchema,
  message: z.string(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export const resetPasswordRequestSchema = z.object({
  token: text().min(10).max(500),
  password: newPasswordSchema,
});

/**
 * POST /api/auth/verify-email: the token from the link e-mailed at registration, and proof that the caller
 * owns the account: its session (`Authorization`) or, without it, the account's password. The token alone is
 * refused, so whoever registered someone else's address cannot have it confirmed by the owner's click.
 */
export const verifyEmailRequestSchema = z.object({
  token: z.string().min(1).max(200),
  password: text().min(1).max(200).optional(),
});
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>;
export const verifyEmailResponseSchema = z.object({
  message: z.string(),
  user: publicUserSchema,
  /** A fresh session token when the confirmation made the account admin (every other session ended). */
  token: z.string().optional(),
});
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

/** DELETE /api/user: the password confirms it is the owner. */
export const deleteAccountRequestSchema = z.object({ password: text().min(1).max(200) });
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

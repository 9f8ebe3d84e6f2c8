import { z } from 'zod';
import { text, multiLineText } from './common.ts';
import { EMAIL_MAX_LENGTH, emailSchema, NAME_MAX_LENGTH } from './auth.ts';

/** The messages Farol sends; each has an HTML and a plain-text version in the recipient's language. */
export const emailTemplates = [
  'welcome',
  'email-verification',
  'password-reset',
  'subscription-started',
  'subscription-cancelled',
  'payment-failed',
  'crypto-alert',
  'contact',
  'digest',
  'account-deleted',
  'refund-issued',
  'webhook-disabled',
  'access-added',
  'push-paused',
  'alert-digest',
] as const;
export type EmailTemplate = (typeof emailTemplates)[number];

/** What can be added to an account that reaches outside it (each addition is e-mailed to the owner). */
export const accountAccessKinds = ['api-token', 'webhook', 'push', 'telegram'] as const;
export type AccountAccessKind = (typeof accountAccessKinds)[number];

/** Types the e-mail settings page can send as a test. */
export const emailTestTypes = [
  'welcome',
  'password-reset',
  'subscription',
  'crypto-alert',
  'contact',
] as const;
export type EmailTestType = (typeof emailTestTypes)[number];

/** POST /api/email/test: the address is optional (empty means the caller's own). */
export const emailTestRequestSchema = z.object({
  type: z.enum(emailTestTypes),
  email: z.union([z.literal(''), emailSchema]).optional(),
});
export type EmailTestRequest = z.infer<typeof emailTestRequestSchema>;

/**
 * The result object of the e-mail calls: `sent` is true when SMTP accepted the message
 * now, false when it waits in the outbox (`message` says why); failures carry `error`.
 */
export const emailResultSchema = z.object({
  success: z.boolean(),
  sent: z.boolean(),
  message: z.string().optional(),
  error: z.string().optional(),
});
export type EmailResult = z.infer<typeof emailResultSchema>;

export const CONTACT_SUBJECT_MAX_LENGTH = 150;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

/** POST /api/email/contact (public): all four fields required. */
export const contactRequestSchema = z.object({
  name: text().trim().min(1, 'name_required').max(NAME_MAX_LENGTH, 'name_too_long'),
  email: emailSchema.max(EMAIL_MAX_LENGTH),
  subject: text().trim().min(1, 'subject_required').max(CONTACT_SUBJECT_MAX_LENGTH, 'subject_too_long'),
  message: multiLineText()
    .trim()
    .min(1, 'contact_message_required')
    .max(CONTACT_MESSAGE_MAX_LENGTH, 'contact_message_too_long'),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

/**
 * GET /api/email/status: the integration panel of the e-mail settings page. An admin gets the whole outbox
 * (`scope: 'site'`, with the raw SMTP error); anyone else only the messages addressed to them (`scope: 'own'`),
 * where `lastError` is always null: raw SMTP text can name other people's addresses and internal hosts.
 */
export const emailStatusScopes = ['site', 'own'] as const;
export const emailStatusSchema = z.object({
  scope: z.enum(emailStatusScopes),
  smtpConfigured: z.boolean(),
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  lastError: z.string().nullable(),
  lastFailedAt: z.string().nullable(),
  lastDeliveredAt: z.string().nullable(),
});
export type EmailStatus = z.infer<typeof emailStatusSchema>;

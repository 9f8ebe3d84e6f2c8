import type { ContactRequest, EmailResult, EmailStatus, EmailTestRequest } from '@farol/contract';
import { translate, type Language } from '@farol/i18n';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Actor } from '../../plugins/auth.ts';
import { enqueueEmail, summarizeOutbox, type EmailMessage } from './email.outbox.ts';
import type { EmailDelivery } from './email.setup.ts';
import { PASSWORD_RESET_TTL_MINUTES } from './email.constants.ts';

export type EmailServiceContext = {
  db: Db;
  config: Config;
  delivery: EmailDelivery;
  now: () => Date;
  language: Language;
};

/** An error answer that still carries the result object. */
const emailFailure = (
  language: Language,
  code: 'email_rate_limited' | 'email_recipient_forbidden' | 'email_not_verified',
  params: Record<string, unknown> = {},
) =>
  new AppError(code, params, {
    success: false,
    sent: false,
    error: translate(language, `errors:${code}`, params),
  });

export const rejectEmailRateLimited = (language: Language, seconds: number) =>
  emailFailure(language, 'email_rate_limited', { seconds });

/**
 * Test sends and welcome re-sends carry the account's name: until the address is verified, the account may
 * belong to someone who typed a stranger's address, so the server mails nothing on its request.
 */
function requireVerifiedAddress(context: EmailServiceContext, user: Actor) {
  if (!user.isEmailVerified) throw emailFailure(context.language, 'email_not_verified');
}

/** Queues, tries to send at once, and says what happened in the caller's language. */
async function queueAndSend(
  context: EmailServiceContext,
  message: EmailMessage,
  texts: { sent: string; queued: string },
): Promise<EmailResult> {
  const { id } = await enqueueEmail(context.db, message);
  return sendQueuedNow(context, { id, to: message.to }, texts);
}

/** Tries to send a queued message at once and says what happened in the caller's language. */
export async function sendQueuedNow(
  context: EmailServiceContext,
  { id, to }: { id: string; to: string },
  texts: { sent: string; queued: string } = { sent: 'result.sent', queued: 'result.queuedNoSmtp' },
): Promise<EmailResult> {
  const t = (key: string) => translate(context.language, `email:${key}`, { email: to });
  const result = await context.delivery.deliverNow(id);
  if (result.outcome === 'sent') return { success: true, sent: true, message: t(texts.sent) };
  if (result.outcome === 'queued') {
    return {
      success: true,
      sent: false,
      message: t(context.delivery.isConfigured ? 'result.queuedUnavailable' : texts.queued),
    };
  }
  return { success: false, sent: false, error: t('result.queuedUnavailable') };
}

/** Sample data for each test type, clearly marked as a test in the message itself. */
function testMessage(
  context: EmailServiceContext,
  user: Actor,
  type: EmailTestRequest['type'],
  to: string,
): EmailMessage {
  const base = { to, userId: user.id, language: context.language, isTest: true };
  const t = (key: string) => translate(context.language, `email:samples.${key}`);
  switch (type) {
    case 'welcome':
      return { ...base, template: 'welcome', data: { name: user.name } };
    case 'password-reset':
      // the link carries no token: a test must never open a real reset
      return {
        ...base,
        template: 'password-reset',
        data: {
          name: user.name,
          resetUrl: new URL('/reset-password', context.config.APP_URL).toString(),
          expiresInMinutes: PASSWORD_RESET_TTL_MINUTES,
        },
      };
    case 'subscription':
      return {
        ...base,
        template: 'subscription-started',
        data: { name: user.name, planName: 'Profissional', price: 149, currency: 'BRL', interval: 'month' },
      };
    case 'crypto-alert':
      return {
        ...base,
        template: 'crypto-alert',
        data: {
          name: user.name,
          alertName: t('alertName'),
          coinSymbol: 'BTC',
          coinName: 'Bitcoin',
          condition: 'priceAbove',
          observedValue: 110_250.5,
          threshold: 110_000,
          triggeredAt: context.now().toISOString(),
        },
      };
    case 'contact':
      return {
        ...base,
        template: 'contact',
        data: {
          name: user.name,
          email: user.email,
          subject: t('contactSubject'),
          message: t('contactMessage'),
        },
      };
  }
}

/** POST /api/email/test: only an admin may name another address, so strangers cannot be mailed. */
export async function sendTestEmail(
  context: EmailServiceContext,
  user: Actor,
  request: EmailTestRequest,
): Promise<EmailResult> {
  requireVerifiedAddress(context, user);
  const requested = request.email?.trim();
  const to = requested ? requested : user.email;
  if (to.toLowerCase() !== user.email.toLowerCase() && !user.isAdmin)
    throw emailFailure(context.language, 'email_recipient_forbidden');
  return queueAndSend(context, testMessage(context, user, request.type, to), {
    sent: 'result.sent',
    queued: 'result.queuedNoSmtp',
  });
}

export async function resendWelcomeEmail(context: EmailServiceContext, user: Actor): Promise<EmailResult> {
  requireVerifiedAddress(context, user);
  return queueAndSend(
    context,
    {
      to: user.email,
      userId: user.id,
      language: context.language,
      template: 'welcome',
      data: { name: user.name },
    },
    { sent: 'result.sent', queued: 'result.queuedNoSmtp' },
  );
}

/** Contact messages of paid plans' members go before the rest: the priority support the plans promise. */
export const PRIORITY_CONTACT = 1;

/**
 * The public contact form: delivered to CONTACT_EMAIL only, answerable through Reply-To. A signed-in member of
 * a paid plan gets priority support: the subject says so and the outbox sends it before other due messages.
 */
export async function sendContactMessage(
  context: EmailServiceContext,
  input: ContactRequest,
  sender?: Actor,
): Promise<EmailResult> {
  const isPriority = sender !== undefined && sender.entitlements.plan !== 'free';
  const result = await queueAndSend(
    context,
    {
      to: context.config.CONTACT_EMAIL,
      replyTo: input.email,
      language: context.language,
      template: 'contact',
      data: isPriority ? { ...input, priority: true } : input,
      ...(isPriority ? { priority: PRIORITY_CONTACT } : {}),
    },
    { sent: 'result.contactSent', queued: 'result.contactQueued' },
  );
  // The message is safe in the outbox either way; the visitor has nothing to retry.
  if (result.sent) return result;
  return { success: true, sent: false, message: translate(context.language, 'email:result.contactQueued') };
}

/**
 * GET /api/email/status: the whole outbox with the raw SMTP error for an admin; for anyone else only their own
 * messages, and no SMTP text (it can hold other people's addresses and internal host names).
 */
export async function getEmailStatus(
  context: Pick<EmailServiceContext, 'db' | 'delivery'>,
  user: Pick<Actor, 'id' | 'isAdmin'>,
): Promise<EmailStatus> {
  const scope = user.isAdmin ? 'site' : 'own';
  const summary = await summarizeOutbox(context.db, scope === 'own' ? user.id : undefined);
  return {
    scope,
    smtpConfigured: context.delivery.isConfigured,
    ...summary,
    lastError: scope === 'site' ? summary.lastError : null,
    lastFailedAt: summary.lastFailedAt?.toISOString() ?? null,
    lastDeliveredAt: summary.lastDeliveredAt?.toISOString() ?? null,
  };
}

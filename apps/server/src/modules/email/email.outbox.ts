import { and, asc, count, desc, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import { isLanguage } from '@farol/i18n';
import type { DbExecutor } from '../../db/client.ts';
import { emailOutbox, type EmailOutboxRow, type OutboxChannel } from '../../db/schema/email.ts';
import { users } from '../../db/schema/users.ts';
import type { AlertFiringData, EmailMessage } from './templates/email-data.types.ts';

export type { EmailMessage } from './templates/email-data.types.ts';

/**
 * Queues a message in the transactional outbox. Call it with the transaction that makes the change the
 * message reports (registration, a plan change, an alert firing): both commit or neither does. The
 * delivery worker sends it later, with retries; nothing is sent from inside the transaction.
 */
export async function enqueueEmail(executor: DbExecutor, message: EmailMessage): Promise<{ id: string }> {
  const [row] = await executor
    .insert(emailOutbox)
    .values({
      userId: message.userId ?? null,
      toAddress: message.to,
      replyTo: message.replyTo ?? null,
      template: message.template,
      language: isLanguage(message.language) ? message.language : 'pt-BR',
      data: { ...message.data, ...(message.isTest ? { isTest: true } : {}) },
      priority: message.priority ?? 0,
    })
    .returning({ id: emailOutbox.id });
  return { id: row!.id };
}

/**
 * Queues a notice for another channel in the same outbox, with the same retries: a Web Push to one browser
 * (`to`: its endpoint) or a Telegram message (`to`: the chat id). Its worker renders it in `language`.
 */
export async function enqueueChannelMessage(
  executor: DbExecutor,
  message: {
    channel: Exclude<OutboxChannel, 'email'>;
    userId: string;
    to: string;
    language: string;
    template: 'crypto-alert';
    data: Record<string, unknown>;
  },
): Promise<{ id: string }> {
  const [row] = await executor
    .insert(emailOutbox)
    .values({
      channel: message.channel,
      userId: message.userId,
      toAddress: message.to,
      template: message.template,
      language: isLanguage(message.language) ? message.language : 'pt-BR',
      data: message.data,
    })
    .returning({ id: emailOutbox.id });
  return { id: row!.id };
}

/**
 * Notices the server sends on its own (alerts, the digest, plan changes) go only to an address its owner has
 * verified: an account opened with someone else's address must not make Farol mail that person. Verification
 * and password-reset mail always go (they are how an owner proves or recovers the address).
 */
async function isVerifiedAddress(executor: DbExecutor, userId: string, address: string): Promise<boolean> {
  const [row] = await executor
    .select({ verifiedAt: users.emailVerifiedAt, email: users.emailNormalized })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return Boolean(row?.verifiedAt) && row!.email === address.trim().toLowerCase();
}

/** A message's template and its data, as one of the pairs EmailMessage allows. */
type NoticeContent = EmailMessage extends infer M
  ? M extends EmailMessage
    ? Pick<M, 'template' | 'data'>
    : never
  : never;

/**
 * Tells a user something about one of their channels (a webhook disabled, a browser paused): a notice to their
 * address in their saved language, built from their name; nothing when the user is gone or not verified.
 */
export async function enqueueNoticeToUser(
  executor: DbExecutor,
  userId: string,
  content: (owner: { name: string }) => NoticeContent,
): Promise<void> {
  const [owner] = await executor
    .select({ email: users.email, name: users.name, preferences: users.preferences })
    .from(users)
    .where(eq(users.id, userId));
  if (!owner) return;
  await enqueueNotice(executor, {
    to: owner.email,
    userId,
    language: owner.preferences.language ?? 'pt-BR',
    ...content(owner),
  } as EmailMessage & { userId: string });
}

/** An alert firing e-mailed like enqueueNotice (verified address only), within the hourly budget. */
export async function enqueueAlertEmail(
  executor: DbExecutor,
  message: { to: string; userId: string; language: string; data: AlertFiringData & { name: string } },
  budget: AlertNoticeBudget,
): Promise<{ id: string; gathered: boolean } | undefined> {
  if (!(await isVerifiedAddress(executor, message.userId, message.to))) return undefined;
  return enqueueAlertNotice(executor, { ...message, channel: 'email' }, budget);
}

/** Queues a notice like enqueueEmail, unless the user's address is not verified (then undefined). */
export async function enqueueNotice(
  executor: DbExecutor,
  message: EmailMessage & { userId: string },
): Promise<{ id: string } | undefined> {
  if (!(await isVerifiedAddress(executor, message.userId, message.to))) return undefined;
  return enqueueEmail(executor, message);
}

/** Alert notices one destination (an address, a browser, a chat) gets in an hour before they are gathered. */
export const DEFAULT_NOTIFICATION_HOURLY_BUDGET = 20;
/** How long a budget digest gathers firings before it goes out. */
export const ALERT_DIGEST_DELAY_MS = 3_600_000;

export type AlertNoticeBudget = { perHour: number; now: Date };

/**
 * Queues one alert firing to one destination of a channel, within the user's hourly budget there: past it the
 * firing joins the destination's pending digest (one message gathering them, sent an hour after it opened)
 * instead of being one message more. The window counts by the database's clock, which dates the rows.
 */
export async function enqueueAlertNotice(
  executor: DbExecutor,
  message: {
    channel: OutboxChannel;
    userId: string;
    to: string;
    language: string;
    data: AlertFiringData & { name: string };
  },
  budget: AlertNoticeBudget,
): Promise<{ id: string; gathered: boolean }> {
  const destination = and(
    eq(emailOutbox.userId, message.userId),
    eq(emailOutbox.channel, message.channel),
    eq(emailOutbox.toAddress, message.to),
  );
  const [recent] = await executor
    .select({ total: count() })
    .from(emailOutbox)
    .where(
      and(
        destination,
        eq(emailOutbox.template, 'crypto-alert'),
        sql`${emailOutbox.createdAt} > now() - interval '1 hour'`,
      ),
    );
  const values = {
    channel: message.channel,
    userId: message.userId,
    toAddress: message.to,
    language: isLanguage(message.language) ? message.language : 'pt-BR',
  };
  if (Number(recent?.total ?? 0) < budget.perHour) {
    const [row] = await executor
      .insert(emailOutbox)
      .values({ ...values, template: 'crypto-alert', data: message.data })
      .returning({ id: emailOutbox.id });
    return { id: row!.id, gathered: false };
  }
  const { name, ...firing } = message.data;
  // a digest not yet claimed takes the firing; one being sent (or none) leaves it to a new digest
  const [joined] = await executor
    .update(emailOutbox)
    .set({
      data: sql`jsonb_set(${emailOutbox.data}, '{events}', (${emailOutbox.data} -> 'events') || ${JSON.stringify([firing])}::jsonb)`,
    })
    .where(and(destination, eq(emailOutbox.template, 'alert-digest'), eq(emailOutbox.status, 'pending')))
    .returning({ id: emailOutbox.id });
  if (joined) return { id: joined.id, gathered: true };
  const [row] = await executor
    .insert(emailOutbox)
    .values({
      ...values,
      template: 'alert-digest',
      data: { name, events: [firing] },
      nextAttemptAt: new Date(budget.now.getTime() + ALERT_DIGEST_DELAY_MS),
    })
    .returning({ id: emailOutbox.id });
  return { id: row!.id, gathered: true };
}

/** Rows a worker may take: due pending ones, and ones whose sender's lease ran out (it crashed or hung). */
const claimable = (now: Date) =>
  or(
    and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, now)),
    and(eq(emailOutbox.status, 'sending'), lte(emailOutbox.lockedUntil, now)),
  );

/**
 * Takes up to `limit` due messages for one worker: one UPDATE over a `FOR UPDATE SKIP LOCKED` sub-select,
 * so concurrent workers (several instances on PostgreSQL) never take the same row. A claimed row is
 * `sending` until `leaseMs` from now; if the worker dies, another one takes it after that.
 */
export async function claimDueEmails(
  executor: DbExecutor,
  options: { now: Date; limit: number; leaseMs: number; id?: string; channel?: OutboxChannel },
): Promise<EmailOutboxRow[]> {
  const { now, limit, leaseMs, id } = options;
  const ofChannel = eq(emailOutbox.channel, options.channel ?? 'email');
  const candidates = executor
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    // A message asked for by id is sent at once even if its due time (set by the database clock, which has
    // finer precision than the app's) is a fraction of a millisecond ahead of `now`.
    .where(
      id
        ? and(ofChannel, eq(emailOutbox.id, id), or(eq(emailOutbox.status, 'pending'), claimable(now)))
        : and(ofChannel, claimable(now)),
    )
    .orderBy(desc(emailOutbox.priority), asc(emailOutbox.nextAttemptAt), asc(emailOutbox.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return executor
    .update(emailOutbox)
    .set({
      status: 'sending',
      attempts: sql`${emailOutbox.attempts} + 1`,
      lockedUntil: new Date(now.getTime() + leaseMs),
    })
    .where(inArray(emailOutbox.id, candidates))
    .returning();
}

/**
 * Keeps claimed rows reserved while they are in flight: a delivery that takes longer than the lease (a slow
 * destination, up to its deadline) is not taken and sent again by another worker meanwhile.
 */
export async function extendEmailLeases(
  executor: DbExecutor,
  ids: readonly string[],
  lockedUntil: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await executor
    .update(emailOutbox)
    .set({ lockedUntil })
    .where(and(inArray(emailOutbox.id, [...ids]), eq(emailOutbox.status, 'sending')));
}

/**
 * Message fields that carry a one-time link (a password reset, an address confirmation): needed only to
 * render the message, so they leave the outbox once it is delivered or given up.
 */
const oneTimeLinkFields = ['resetUrl', 'verifyUrl'] as const;
const withoutOneTimeLinks = sql`${emailOutbox.data} - ${sql.raw(
  oneTimeLinkFields.map((field) => `'${field}'`).join(' - '),
)}`;

export async function markEmailSent(executor: DbExecutor, id: string, now: Date): Promise<void> {
  await executor
    .update(emailOutbox)
    .set({ status: 'sent', sentAt: now, lockedUntil: null, lastError: null, data: withoutOneTimeLinks })
    .where(eq(emailOutbox.id, id));
}

/** Records a failed attempt: back to `pending` at `retryAt`, or `failed` for good when there is none. */
export async function markEmailAttemptFailed(
  executor: DbExecutor,
  id: string,
  error: string,
  retryAt: Date | undefined,
): Promise<void> {
  await executor
    .update(emailOutbox)
    .set(
      retryAt
        ? { status: 'pending', nextAttemptAt: retryAt, lockedUntil: null, lastError: error }
        : { status: 'failed', lockedUntil: null, lastError: error, data: withoutOneTimeLinks },
    )
    .where(eq(emailOutbox.id, id));
}

export async function findOutboxEmail(executor: DbExecutor, id: string): Promise<EmailOutboxRow | undefined> {
  const [row] = await executor.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
  return row;
}

/**
 * Counts by status, the latest error and the latest delivery: the e-mail settings page's panel. With `userId`,
 * only the messages addressed to that user.
 */
export async function summarizeOutbox(executor: DbExecutor, userId?: string) {
  const own = and(eq(emailOutbox.channel, 'email'), userId ? eq(emailOutbox.userId, userId) : undefined);
  const counts = await executor
    .select({ status: emailOutbox.status, total: count() })
    .from(emailOutbox)
    .where(own)
    .groupBy(emailOutbox.status);
  const [lastError] = await executor
    .select({ lastError: emailOutbox.lastError, at: emailOutbox.nextAttemptAt })
    .from(emailOutbox)
    .where(and(isNotNull(emailOutbox.lastError), own))
    .orderBy(desc(emailOutbox.nextAttemptAt))
    .limit(1);
  const [lastSent] = await executor
    .select({ sentAt: emailOutbox.sentAt })
    .from(emailOutbox)
    .where(and(isNotNull(emailOutbox.sentAt), own))
    .orderBy(desc(emailOutbox.sentAt))
    .limit(1);
  const byStatus = Object.fromEntries(counts.map((row) => [row.status, Number(row.total)]));
  return {
    queued: (byStatus.pending ?? 0) + (byStatus.sending ?? 0),
    sent: byStatus.sent ?? 0,
    failed: byStatus.failed ?? 0,
    lastError: lastError?.lastError ?? null,
    lastFailedAt: lastError?.at ?? null,
    lastDeliveredAt: lastSent?.sentAt ?? null,
  };
}

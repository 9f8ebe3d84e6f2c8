import type { FastifyBaseLogger } from 'fastify';
import type { EmailTemplate } from '@farol/contract';
import type { DbExecutor } from '../../db/client.ts';
import type { EmailOutboxRow, OutboxChannel } from '../../db/schema/email.ts';
import { forEachConcurrently } from '../../lib/outbound-request.ts';
import { claimDueEmails, extendEmailLeases, markEmailAttemptFailed, markEmailSent } from './email.outbox.ts';
import type { Mailer } from './email.mailer.ts';
import { renderEmail } from './templates/email-templates.ts';

export type DeliveryContext = {
  db: DbExecutor;
  mailer: Mailer;
  appUrl: string;
  now: () => Date;
  log?: FastifyBaseLogger;
};

/** After this many attempts a message is `failed` for good (about 2 days of backoff). */
export const EMAIL_MAX_ATTEMPTS = 10;
/** How long a claimed message is reserved for its worker; longer than the SMTP timeouts combined. */
export const EMAIL_LEASE_MS = 2 * 60_000;
const BATCH_SIZE = 25;

/** Exponential backoff: 30 s, 1 min, 2 min ... capped at 6 h. */
export const retryDelayMs = (attempts: number) =>
  Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 6 * 3_600_000);

/** When a row whose attempt just failed is tried again; undefined once it has had its attempts. */
export const nextAttemptAt = (row: Pick<EmailOutboxRow, 'attempts'>, now: Date): Date | undefined =>
  row.attempts < EMAIL_MAX_ATTEMPTS ? new Date(now.getTime() + retryDelayMs(row.attempts)) : undefined;

/** Stable per row: a repeat after a crash between hand-off and marking carries the same Message-ID. */
export const messageIdFor = (row: Pick<EmailOutboxRow, 'id'>, domain: string) => `<${row.id}@${domain}>`;

/** Renders a claimed row and hands it to SMTP; throws on SMTP failure. */
export async function sendClaimedEmail(context: DeliveryContext, row: EmailOutboxRow): Promise<void> {
  const rendered = renderEmail(row.template as EmailTemplate, row.language, row.data, {
    appUrl: context.appUrl,
  });
  await context.mailer.send({
    messageId: messageIdFor(row, context.mailer.domain),
    to: row.toAddress,
    replyTo: row.replyTo ?? undefined,
    language: row.language,
    ...rendered,
  });
}

export type DeliveryOutcome = 'sent' | 'retrying' | 'failed';

async function deliverClaimedEmail(
  context: DeliveryContext,
  row: EmailOutboxRow,
): Promise<{ outcome: DeliveryOutcome; error?: string }> {
  try {
    await sendClaimedEmail(context, row);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const retryAt = nextAttemptAt(row, context.now());
    await markEmailAttemptFailed(context.db, row.id, message.slice(0, 500), retryAt);
    context.log?.warn({ emailId: row.id, attempts: row.attempts, err: message }, 'e-mail delivery failed');
    return { outcome: retryAt ? 'retrying' : 'failed', error: message };
  }
  // A crash here (after SMTP accepted, before this write) is the one way to repeat a message: the lease
  // runs out, another worker sends it again with the same Message-ID, and receivers can drop the copy.
  await markEmailSent(context.db, row.id, context.now());
  return { outcome: 'sent' };
}

export type DeliveryReport = {
  smtpConfigured: boolean;
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
};

export type OutboxPassReport = { claimed: number; sent: number; retrying: number; failed: number };

/** Deliveries of one channel in flight at once in one process, unless the channel says otherwise. */
export const DEFAULT_DELIVERY_CONCURRENCY = 4;

export type DrainOptions = {
  db: DbExecutor;
  now: () => Date;
  channel: OutboxChannel;
  leaseMs: number;
  maxBatches?: number;
  /** Deliveries in flight at once: a slow destination holds one of them, never the others. */
  concurrency?: number;
  /** How often the leases of the rows still in flight are pushed `leaseMs` ahead (a third of it by default). */
  renewEveryMs?: number;
  log?: FastifyBaseLogger;
};

/**
 * One pass of a channel's worker: claims the channel's due messages in batches (FOR UPDATE SKIP LOCKED,
 * reserved for `leaseMs`) and hands them to `deliver`, a few at once, until none is due; counts the
 * outcomes. The rows of a batch not yet settled have their lease extended while the batch runs.
 */
export async function drainOutbox(
  options: DrainOptions,
  deliver: (row: EmailOutboxRow) => Promise<DeliveryOutcome>,
): Promise<OutboxPassReport> {
  const report: OutboxPassReport = { claimed: 0, sent: 0, retrying: 0, failed: 0 };
  for (let batch = 0; batch < (options.maxBatches ?? 20); batch += 1) {
    const rows = await claimDueEmails(options.db, {
      now: options.now(),
      limit: BATCH_SIZE,
      leaseMs: options.leaseMs,
      channel: options.channel,
    });
    if (rows.length === 0) break;
    report.claimed += rows.length;
    const unsettled = new Set(rows.map((row) => row.id));
    const renewal = setInterval(
      () => {
        const until = new Date(options.now().getTime() + options.leaseMs);
        extendEmailLeases(options.db, [...unsettled], until).catch((error: unknown) =>
          options.log?.warn({ err: error, channel: options.channel }, 'outbox lease extension failed'),
        );
      },
      options.renewEveryMs ?? options.leaseMs / 3,
    );
    try {
      await forEachConcurrently(rows, options.concurrency ?? DEFAULT_DELIVERY_CONCURRENCY, async (row) => {
        try {
          report[await deliver(row)] += 1;
        } finally {
          unsettled.delete(row.id);
        }
      });
    } finally {
      clearInterval(renewal);
    }
  }
  return report;
}

/** One pass of the e-mail worker (nothing is claimed while SMTP is not configured). */
export async function deliverDueEmails(context: DeliveryContext, maxBatches = 20): Promise<DeliveryReport> {
  const smtpConfigured = context.mailer.isConfigured;
  if (!smtpConfigured) return { smtpConfigured, claimed: 0, sent: 0, retrying: 0, failed: 0 };
  const report = await drainOutbox(
    // one at a time: the pooled SMTP transport holds one connection, so more would only queue behind it
    {
      db: context.db,
      now: context.now,
      channel: 'email',
      leaseMs: EMAIL_LEASE_MS,
      maxBatches,
      concurrency: 1,
      log: context.log,
    },
    async (row) => (await deliverClaimedEmail(context, row)).outcome,
  );
  return { smtpConfigured, ...report };
}

/**
 * Tries one queued message now (the e-mail settings page's "send" buttons): `queued` when SMTP is not
 * configured or another worker holds it, else the outcome of the attempt.
 */
export async function deliverEmailNow(
  context: DeliveryContext,
  id: string,
): Promise<{ outcome: DeliveryOutcome | 'queued'; error?: string }> {
  if (!context.mailer.isConfigured) return { outcome: 'queued' };
  const [row] = await claimDueEmails(context.db, {
    now: context.now(),
    limit: 1,
    leaseMs: EMAIL_LEASE_MS,
    id,
  });
  if (!row) return { outcome: 'queued' };
  return deliverClaimedEmail(context, row);
}

import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import { withDeadline } from '../../lib/outbound-request.ts';

export type OutgoingMail = {
  messageId: string;
  to: string;
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
  language: string;
};

/** SMTP behind one small surface; without SMTP_URL nothing is sent and messages wait in the outbox. */
export type Mailer = {
  isConfigured: boolean;
  /** The Message-ID domain, taken from MAIL_FROM. */
  domain: string;
  send: (mail: OutgoingMail) => Promise<void>;
  close: () => void;
};

/** "Farol <no-reply@farol.local>" -> "farol.local". */
export function mailDomain(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.split('@')[1]?.trim().toLowerCase() || 'farol.local';
}

const SMTP_TIMEOUT_MS = 15_000;

export function createMailer(
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'> & Partial<Pick<Config, 'DELIVERY_DEADLINE_MS'>>,
): Mailer {
  const domain = mailDomain(config.MAIL_FROM);
  if (!config.SMTP_URL) {
    return {
      isConfigured: false,
      domain,
      send: async () => {
        throw new Error('SMTP is not configured');
      },
      close: () => undefined,
    };
  }
  // The URL carries the connection options nodemailer understands (smtp://user:pass@host:587, smtps://,
  // ?ignoreTLS=true for a local relay); timeouts bound a hung server so a lease never runs out mid-send.
  // Pooled: a pass of the worker sends its messages over one open connection instead of opening (and, on a
  // real relay, negotiating TLS for) one per message (bench:alerts measured about 120 ms a connection even on
  // loopback, 15 ms a message over an open one).
  const smtpUrl = config.SMTP_URL;
  const openTransport = () =>
    nodemailer.createTransport(
      {
        url: smtpUrl,
        pool: true,
        maxConnections: 1,
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
      },
      { from: config.MAIL_FROM },
    );
  let transport = openTransport();
  // the socket timeout is an idle one: a relay that trickles its answers would keep a message for ever
  const deadlineMs = config.DELIVERY_DEADLINE_MS ?? 4 * SMTP_TIMEOUT_MS;
  return {
    isConfigured: true,
    domain,
    send: async (mail) => {
      const sending = transport;
      await withDeadline(
        sending.sendMail({
          from: config.MAIL_FROM,
          to: mail.to,
          replyTo: mail.replyTo,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          messageId: mail.messageId,
          headers: { 'Content-Language': mail.language },
        }),
        deadlineMs,
        () => {
          // the stalled connection is dropped; the next message opens a fresh one
          if (transport === sending) transport = openTransport();
          sending.close();
        },
      );
    },
    close: () => transport.close(),
  };
}

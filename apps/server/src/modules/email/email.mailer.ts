import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';

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

export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>): Mailer {
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
  const transport = nodemailer.createTransport(
    {
      url: config.SMTP_URL,
      pool: true,
      maxConnections: 1,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    },
    { from: config.MAIL_FROM },
  );
  return {
    isConfigured: true,
    domain,
    send: async (mail) => {
      await transport.sendMail({
        from: config.MAIL_FROM,
        to: mail.to,
        replyTo: mail.replyTo,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId: mail.messageId,
        headers: { 'Content-Language': mail.language },
      });
    },
    close: () => transport.close(),
  };
}

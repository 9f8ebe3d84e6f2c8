import type {
  AccountAccessKind,
  AlertConditionKey,
  AlertEventDetail,
  Currency,
  EmailTemplate,
} from '@farol/contract';

/** One firing as the alert e-mail and the daily digest show it. */
export type AlertFiringData = {
  alertName: string;
  coinSymbol: string;
  coinName: string;
  condition: AlertConditionKey;
  observedValue: number;
  threshold: number;
  /** The alert's currency: its price values are in it (USD for firings queued before currencies existed). */
  currency?: Currency;
  /** Advanced conditions: the change's window, the signal's new class, the side of the level crossed. */
  detail?: AlertEventDetail;
  triggeredAt: string; // ISO
};

/** What each template needs; dates are ISO strings (the outbox stores JSON). */
export type EmailDataByTemplate = {
  welcome: { name: string };
  'account-deleted': { name: string };
  'refund-issued': { name: string; planName: string; amount: number; currency: string };
  'email-verification': { name: string; verifyUrl: string; expiresInHours: number };
  'password-reset': { name: string; resetUrl: string; expiresInMinutes: number };
  'subscription-started': {
    name: string;
    planName: string;
    price?: number;
    currency?: string;
    interval?: 'month' | 'year';
    currentPeriodEnd?: string;
  };
  'subscription-cancelled': { name: string; planName: string; accessUntil?: string };
  'payment-failed': {
    name: string;
    planName: string;
    amount?: number;
    currency?: string;
    manageUrl?: string;
  };
  'crypto-alert': { name: string } & AlertFiringData;
  /** `priority`: sent by a member of a paid plan, marked in the subject and sent before other messages. */
  contact: { name: string; email: string; subject: string; message: string; priority?: boolean };
  /** A webhook that failed WEBHOOK_MAX_CONSECUTIVE_FAILURES times in a row was disabled. */
  'webhook-disabled': { name: string; url: string };
  /** A token, webhook, browser or Telegram chat was added to the account: `label` names it (name, URL, host). */
  'access-added': { name: string; kind: AccountAccessKind; label: string };
  /** A browser whose push service failed PUSH_MAX_CONSECUTIVE_FAILURES times in a row was paused. */
  'push-paused': { name: string; service: string };
  /** Firings past the hourly notification budget, gathered into one message per channel. */
  'alert-digest': { name: string; events: AlertFiringData[] };
  /** `checksPaused`: the market is simulated as the digest is sent, so alerts are paused (said in the e-mail). */
  digest: { name: string; events: AlertFiringData[]; checksPaused?: boolean };
};

/** A message as services queue it; `isTest` marks the subject (the e-mail settings page's test sends). */
export type EmailMessage = {
  [T in EmailTemplate]: {
    to: string;
    userId?: string;
    replyTo?: string;
    template: T;
    language: string;
    data: EmailDataByTemplate[T];
    isTest?: boolean;
    /** Claimed before lower ones when several are due (0 unless said). */
    priority?: number;
  };
}[EmailTemplate];

import { formatDecimal, formatPercent, formatPrice, type Currency } from '@farol/i18n/format';
import type { AlertConditionKey, EmailTemplate } from '@farol/contract';
import { isLanguage, translate, type Language } from '@farol/i18n';
import type { AlertFiringData, EmailDataByTemplate } from './email-data.types.ts';
import { renderLayout, type EmailBlock, type EmailContent, type RenderedEmail } from './email-layout.ts';

/** Alert times and dates are shown in Brasília time, the product's reference clock. */
export const EMAIL_TIME_ZONE = 'America/Sao_Paulo';

type Formatters = ReturnType<typeof createFormatters>;

function createFormatters(language: Language) {
  const dateTime = new Intl.DateTimeFormat(language, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: EMAIL_TIME_ZONE,
    timeZoneName: 'short',
  });
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: EMAIL_TIME_ZONE });
  const money = (value: number, currency: string) => formatPrice(value, language, currency as Currency);
  const decimal = (value: number, digits: number) => formatDecimal(value, digits, language);
  const signedPercent = (value: number) => formatPercent(value, language, { signed: true });
  const percent = (value: number) => formatPercent(value, language);
  /**
   * An alert value the way its condition reads: price in the alert's currency, level in USD (the signal
   * engine's levels are USDT), signed %, RSI 1 decimal, fear-greed integer, the signal's strength in %.
   */
  const conditionValue = (condition: AlertConditionKey, value: number, currency: Currency = 'USD') => {
    if (condition === 'priceAbove' || condition === 'priceBelow') return money(value, currency);
    if (condition === 'levelCross') return money(value, 'USD');
    if (condition === 'volumeChange' || condition === 'changeAbovePercent') return signedPercent(value);
    if (condition === 'signalTurns') return percent(value);
    if (condition === 'rsiAbove' || condition === 'rsiBelow') return decimal(value, 1);
    return decimal(value, 0);
  };
  return {
    dateTime: (iso: string) => dateTime.format(new Date(iso)),
    date: (iso: string) => date.format(new Date(iso)),
    money,
    signedPercent,
    percent,
    conditionValue,
    /** A threshold: as its condition reads, except a change's N% (up or down: no sign). */
    thresholdValue: (condition: AlertConditionKey, value: number, currency?: Currency) =>
      condition === 'changeAbovePercent' ? percent(value) : conditionValue(condition, value, currency),
  };
}

type TemplateContext<T extends EmailTemplate> = {
  data: EmailDataByTemplate[T];
  t: (key: string, params?: Record<string, unknown>) => string;
  format: Formatters;
  appUrl: string;
};

type TemplateBuilder<T extends EmailTemplate> = (
  context: TemplateContext<T>,
) => Omit<EmailContent, 'signature' | 'footer' | 'notice'>;

/** What an advanced firing saw: the change and its window, the signal's new class, the level crossed. */
function describeAdvancedFiring(
  context: TemplateContext<'crypto-alert' | 'digest' | 'alert-digest'>,
  firing: AlertFiringData,
) {
  const { t, format } = context;
  const detail = firing.detail ?? {};
  if (firing.condition === 'changeAbovePercent')
    return t(firing.observedValue >= 0 ? 'happened.changeUp' : 'happened.changeDown', {
      change: format.percent(Math.abs(firing.observedValue)),
      threshold: format.percent(firing.threshold),
      window: t(`windows.${detail.window ?? '24h'}`),
    });
  if (firing.condition === 'signalTurns' && detail.signal)
    return t('happened.signalTurns', { signal: t(`signalNames.${detail.signal}`) });
  if (firing.condition === 'levelCross' && detail.side)
    return t(`happened.${detail.side}`, { level: format.money(firing.threshold, 'USD') });
  return undefined;
}

const describeCondition = (
  context: TemplateContext<'crypto-alert' | 'digest' | 'alert-digest'>,
  firing: AlertFiringData,
) =>
  describeAdvancedFiring(context, firing) ??
  context.t(`conditions.${firing.condition}`, {
    threshold: context.format.thresholdValue(firing.condition, firing.threshold, firing.currency),
  });

/** The firings of a digest (the daily one, or the hourly budget's) as a table. */
const firingsTable = (context: TemplateContext<'digest' | 'alert-digest'>) => ({
  kind: 'table' as const,
  head: [
    context.t('digest.alert'),
    context.t('digest.condition'),
    context.t('digest.observed'),
    context.t('digest.time'),
  ],
  rows: context.data.events.map((firing) => [
    `${firing.alertName} (${firing.coinSymbol})`,
    describeCondition(context, firing),
    context.format.conditionValue(firing.condition, firing.observedValue, firing.currency),
    context.format.dateTime(firing.triggeredAt),
  ]),
});

const link = (appUrl: string, path: string) => new URL(path, appUrl).toString();

const builders: { [T in EmailTemplate]: TemplateBuilder<T> } = {
  welcome: ({ data, t, appUrl }) => ({
    // never the name in a subject: anyone can register someone else's address under any name
    subject: t('welcome.subject'),
    greeting: t('layout.greeting', { name: data.name }),
    blocks: [
      { kind: 'paragraph', text: t('welcome.intro') },
      { kind: 'paragraph', text: t('welcome.next') },
      { kind: 'button', label: t('welcome.cta'), url: link(appUrl, '/dashboard') },
    ],
  }),
  'webhook-disabled': ({ data, t, appUrl }) => ({
    subject: t('webhooks.disabledSubject'),
    greeting: t('layout.greeting', { name: data.name }),
    blocks: [
      { kind: 'paragraph', text: t('webhooks.disabledIntro', { url: data.url }) },
      { kind: 'paragraph', text: t('webhooks.disabledNext') },
      { kind: 'button', label: t('webhooks.disabledCta'), url: link(appUrl, '/settings') },
    ],
  }),
  'access-added': ({ data, t, appUrl }) => ({
    subject: t('accessAdded.subject'),
    greeting: t('layout.greeting', { name: data.name }),
    blocks: [
      { kind: 'paragraph', text: t('accessAdded.intro', { what: t(`accessAdded.kinds.${data.kind}`) }) },
      { kind: 'facts', rows: [[t(`accessAdded.kinds.${data.kind}`), data.label]] },
      { kind: 'paragraph', text: t('accessAdded.notYou') },
      { kind: 'button', label: t('accessAdded.cta'), url: link(appUrl, '/settings') },
    ],
  }),
  'push-paused': ({ data, t, appUrl }) => ({
    subject: t('pushPaused.subject'),
    greeting: t('layout.greeting', { name: data.name }),
    blocks: [
      { kind: 'paragraph', text: t('pushPaused.intro', { service: data.service }) },
      { kind: 'paragraph', text: t('pushPaused.next') },
      { kind: 'button', label: t('pushPaused.cta'), url: link(appUrl, '/settings') },
    ],
  }),
  'account-deleted': ({ data, t }) => ({
    subject: t('accountDeleted.subject'),
    greeting: t('layout.greeting', { name: data.name }),
    blocks: [
      { kind: 'paragraph', text: t('accountDeleted.intro') },
      { kind: 'paragraph', text: t('accountDeleted.kept') },
      { kind: 'paragraph', text: t('accountDeleted.notYou') },
    ],
  }),
  'refund-issued': ({ data, t, format }) => ({
    subject: t('refundIssued.subject'),
    greeting: t('layout.greeting', { name: data.name }),
    blocks: [
      { kind: 'paragraph', text: t('refundIssued.intro', { plan: data.planName }) },
      { kind: 'facts', rows: [[t('refundIssued.amount'), format.money(data.amount, data.currency)]] },
      { kind: 'paragraph', text: t('refundIssued.timing') },
      { kind: 'paragraph', text: t('refundIssued.plan') },
    ],
  }),
  'email-verification': ({ data, t }) => ({
    subject: t('emailVerification.subject'),
    greeting: t('layout.greeting', { name: data.name }),
    blocks: [
      { kind: 'paragraph', text: t('emailVerification.intro') },
      { kind: 'button', label: t('emailVerification.cta'), url: data.verifyUrl },
      { kind: 'paragraph', text: t('emailVerification.expiry', { hours: data.expiresInHours }) },
      { kind: 'paragraph', text: t('emailVerification.ignore') },
    ],
  }),
  'password-reset': ({ data, t }) => ({
    subject: t('passwordReset.subject'),
    greeting: t('layout.greeting', { name: data.name }),
    blocks: [
      { kind: 'paragraph', text: t('passwordReset.intro') },
      { kind: 'button', label: t('passwordReset.cta'), url: data.resetUrl },
      { kind: 'paragraph', text: t('passwordReset.expiry', { minutes: data.expiresInMinutes }) },
      { kind: 'paragraph', text: t('passwordReset.ignore') },
    ],
  }),
  'subscription-started': ({ data, t, format, appUrl }) => {
    const facts: [string, string][] = [];
    if (data.price !== undefined)
      facts.push([t('subscriptionStarted.price'), format.money(data.price, data.currency ?? 'BRL')]);
    if (data.currentPeriodEnd)
      facts.push([t('subscriptionStarted.renewal'), format.date(data.currentPeriodEnd)]);
    return {
      subject: t('subscriptionStarted.subject', { plan: data.planName }),
      greeting: t('layout.greeting', { name: data.name }),
      blocks: [
        { kind: 'paragraph', text: t('subscriptionStarted.intro', { plan: data.planName }) },
        ...(facts.length ? [{ kind: 'facts', rows: facts } as EmailBlock] : []),
        { kind: 'paragraph', text: t('subscriptionStarted.billing') },
        { kind: 'button', label: t('subscriptionStarted.cta'), url: link(appUrl, '/settings') },
      ],
      disclaimer: t('layout.disclaimer'),
    };
  },
  'subscription-cancelled': ({ data, t, format, appUrl }) => ({
    subject: t('subscriptionCancelled.subject', { plan: data.planName }),
    greeting: t('layout.greeting', { name: data.name }),
    blocks: [
      { kind: 'paragraph', text: t('subscriptionCancelled.intro', { plan: data.planName }) },
      ...(data.accessUntil
        ? [
            {
              kind: 'paragraph',
              text: t('subscriptionCancelled.accessUntil', { date: format.date(data.accessUntil) }),
            } as EmailBlock,
          ]
        : []),
      { kind: 'paragraph', text: t('subscriptionCancelled.retention') },
      { kind: 'button', label: t('subscriptionCancelled.cta'), url: link(appUrl, '/settings') },
    ],
    disclaimer: t('layout.disclaimer'),
  }),
  'payment-failed': ({ data, t, format, appUrl }) => ({
    subject: t('paymentFailed.subject', { plan: data.planName }),
    greeting: t('layout.greeting', { name: data.name }),
    blocks: [
      { kind: 'paragraph', text: t('paymentFailed.intro', { plan: data.planName }) },
      ...(data.amount !== undefined
        ? [
            {
              kind: 'facts',
              rows: [[t('paymentFailed.amount'), format.money(data.amount, data.currency ?? 'BRL')]],
            } as EmailBlock,
          ]
        : []),
      { kind: 'paragraph', text: t('paymentFailed.action') },
      { kind: 'button', label: t('paymentFailed.cta'), url: data.manageUrl ?? link(appUrl, '/settings') },
    ],
    disclaimer: t('layout.disclaimer'),
  }),
  'crypto-alert': (context) => {
    const { data, t, format, appUrl } = context;
    const condition = describeCondition(context, data);
    return {
      subject: t('cryptoAlert.subject', { alert: data.alertName, symbol: data.coinSymbol, condition }),
      greeting: t('layout.greeting', { name: data.name }),
      blocks: [
        {
          kind: 'paragraph',
          text: t('cryptoAlert.intro', {
            alert: data.alertName,
            coin: `${data.coinName} (${data.coinSymbol})`,
            condition,
          }),
        },
        {
          kind: 'facts',
          rows: [
            [
              t('cryptoAlert.observed'),
              format.conditionValue(data.condition, data.observedValue, data.currency),
            ],
            [
              t('cryptoAlert.threshold'),
              format.thresholdValue(data.condition, data.threshold, data.currency),
            ],
            [t('cryptoAlert.time'), format.dateTime(data.triggeredAt)],
          ],
        },
        { kind: 'paragraph', text: t('cryptoAlert.rearm') },
        { kind: 'button', label: t('cryptoAlert.cta'), url: link(appUrl, '/alerts') },
      ],
      disclaimer: t('layout.disclaimer'),
    };
  },
  contact: ({ data, t }) => ({
    subject: `${data.priority ? `${t('contact.priorityPrefix')} ` : ''}${t('contact.subject', { subject: data.subject })}`,
    blocks: [
      { kind: 'paragraph', text: t('contact.intro') },
      {
        kind: 'facts',
        rows: [
          [t('contact.from'), `${data.name} <${data.email}>`],
          [t('contact.subjectLabel'), data.subject],
        ],
      },
      { kind: 'quote', text: data.message },
    ],
  }),
  'alert-digest': (context) => {
    const { data, t, appUrl } = context;
    return {
      subject: t(data.events.length === 1 ? 'alertDigest.subjectOne' : 'alertDigest.subjectMany', {
        count: data.events.length,
      }),
      greeting: t('layout.greeting', { name: data.name }),
      blocks: [
        { kind: 'paragraph', text: t('alertDigest.intro') },
        firingsTable(context),
        { kind: 'button', label: t('alertDigest.cta'), url: link(appUrl, '/alerts') },
      ],
      disclaimer: t('layout.disclaimer'),
    };
  },
  digest: (context) => {
    const { data, t, appUrl } = context;
    return {
      subject: t('digest.subject', { count: data.events.length }),
      greeting: t('layout.greeting', { name: data.name }),
      blocks: [
        { kind: 'paragraph', text: t('digest.intro') },
        firingsTable(context),
        ...(data.checksPaused ? [{ kind: 'paragraph' as const, text: t('digest.checksPaused') }] : []),
        { kind: 'button', label: t('digest.cta'), url: link(appUrl, '/alerts') },
      ],
      disclaimer: t('layout.disclaimer'),
    };
  },
};

/** Renders a queued message in its language: subject, HTML (every value escaped) and plain text. */
export function renderEmail(
  template: EmailTemplate,
  languageTag: string,
  data: Record<string, unknown>,
  options: { appUrl: string },
): RenderedEmail {
  const language: Language = isLanguage(languageTag) ? languageTag : 'pt-BR';
  const t = (key: string, params?: Record<string, unknown>) => translate(language, `email:${key}`, params);
  const build = builders[template] as TemplateBuilder<EmailTemplate>;
  const content = build({
    data: data as never,
    t,
    format: createFormatters(language),
    appUrl: options.appUrl,
  });
  const isTest = data.isTest === true;
  return renderLayout(
    {
      ...content,
      subject: isTest ? `${t('layout.testPrefix')} ${content.subject}` : content.subject,
      notice: isTest ? t('layout.testNotice') : undefined,
      signature: t('layout.signature'),
      footer: template === 'contact' ? '' : t('layout.footer'),
      footerLink:
        template === 'contact'
          ? undefined
          : { label: t('layout.manage'), url: link(options.appUrl, '/email-settings') },
    },
    language,
  );
}

/** What a browser notification shows for an alert firing: the alert, the coin, what happened, and where a tap leads. */
export type PushNotice = { title: string; body: string; url: string; tag: string };

export function renderAlertPush(languageTag: string, data: EmailDataByTemplate['crypto-alert']): PushNotice {
  const language: Language = isLanguage(languageTag) ? languageTag : 'pt-BR';
  const t = (key: string, params?: Record<string, unknown>) => translate(language, `email:${key}`, params);
  const format = createFormatters(language);
  const context = { data, t, format, appUrl: '' };
  const condition = describeCondition(context, data);
  return {
    title: t('cryptoAlert.subject', { alert: data.alertName, symbol: data.coinSymbol, condition }),
    body: `${t('cryptoAlert.observed')}: ${format.conditionValue(data.condition, data.observedValue, data.currency)}`,
    url: '/alerts',
    tag: `alert-${data.alertName}-${data.coinSymbol}`,
  };
}

/** The hourly budget's digest as one push notice or Telegram message: how many fired, and where to see them. */
export function renderAlertDigestPush(
  languageTag: string,
  data: EmailDataByTemplate['alert-digest'],
): PushNotice {
  const language: Language = isLanguage(languageTag) ? languageTag : 'pt-BR';
  const t = (key: string, params?: Record<string, unknown>) => translate(language, `email:${key}`, params);
  return {
    title: t(data.events.length === 1 ? 'alertDigest.pushTitleOne' : 'alertDigest.pushTitleMany', {
      count: data.events.length,
    }),
    body: t('alertDigest.pushBody'),
    url: '/alerts',
    tag: 'alert-digest',
  };
}

/** A push or Telegram outbox row's notice: one firing, or the hourly budget's digest of several. */
export const renderChannelNotice = (template: string, languageTag: string, data: unknown): PushNotice =>
  template === 'alert-digest'
    ? renderAlertDigestPush(languageTag, data as EmailDataByTemplate['alert-digest'])
    : renderAlertPush(languageTag, data as EmailDataByTemplate['crypto-alert']);

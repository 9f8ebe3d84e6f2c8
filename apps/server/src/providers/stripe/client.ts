import Stripe from 'stripe';
import type { BillingInterval, PaidPlanId } from '@farol/contract';
import type { Config } from '../../config.ts';

export type StripeClient = Stripe;

// Stripe's API answers in well under this; a hung call must not hold a request (or a webhook) forever.
const STRIPE_TIMEOUT_MS = 15_000;

/**
 * The official SDK configured from STRIPE_SECRET_KEY; STRIPE_API_BASE (tests, proxies) gives the host,
 * port and protocol. Undefined when no key is set: billing answers 503 and everything else works.
 */
export function createStripeClient(config: Config): StripeClient | undefined {
  if (!config.STRIPE_SECRET_KEY) return undefined;
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : undefined;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.STRIPE_SECRET_KEY, {
    timeout: STRIPE_TIMEOUT_MS,
    maxNetworkRetries: 2,
    appInfo: { name: 'Farol' },
    ...(base ? { host: base.hostname, port: base.port || (protocol === 'http' ? 80 : 443), protocol } : {}),
  });
}

/** Each paid plan's Stripe price per billing interval (STRIPE_PRICE_*, STRIPE_PRICE_*_YEARLY). */
const pricesOf = (
  config: Config,
): { plan: PaidPlanId; interval: BillingInterval; id: string | undefined }[] => [
  { plan: 'iniciante', interval: 'month', id: config.STRIPE_PRICE_INICIANTE },
  { plan: 'profissional', interval: 'month', id: config.STRIPE_PRICE_PROFISSIONAL },
  { plan: 'iniciante', interval: 'year', id: config.STRIPE_PRICE_INICIANTE_YEARLY },
  { plan: 'profissional', interval: 'year', id: config.STRIPE_PRICE_PROFISSIONAL_YEARLY },
];

/** The Stripe price of a paid plan billed monthly or yearly; undefined when not configured. */
export function priceIdForPlan(
  config: Config,
  plan: PaidPlanId,
  interval: BillingInterval = 'month',
): string | undefined {
  return pricesOf(config).find((price) => price.plan === plan && price.interval === interval)?.id;
}

/** The plan a Stripe price stands for, read back from the same settings. */
export function planForPriceId(config: Config, priceId: string | undefined): PaidPlanId | undefined {
  return priceId ? pricesOf(config).find((price) => price.id === priceId)?.plan : undefined;
}

/** How often a configured Stripe price bills (monthly when unknown). */
export function intervalOfPriceId(config: Config, priceId: string | undefined): BillingInterval {
  return (priceId && pricesOf(config).find((price) => price.id === priceId)?.interval) || 'month';
}

/** Every paid plan has a yearly price as well: the plans can be bought yearly. */
export const isYearlyAvailable = (config: Config) =>
  isCheckoutAvailable(config) &&
  Boolean(config.STRIPE_PRICE_INICIANTE_YEARLY && config.STRIPE_PRICE_PROFISSIONAL_YEARLY);

/** Plans can be bought: a secret key, a price for every paid plan, and the webhook secret that confirms payments. */
export function isCheckoutAvailable(config: Config): boolean {
  return Boolean(
    config.STRIPE_SECRET_KEY &&
    config.STRIPE_WEBHOOK_SECRET &&
    config.STRIPE_PRICE_INICIANTE &&
    config.STRIPE_PRICE_PROFISSIONAL,
  );
}

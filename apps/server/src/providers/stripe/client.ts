import Stripe from 'stripe';
import type { PaidPlanId } from '@farol/contract';
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

/** The Stripe price of each paid plan (STRIPE_PRICE_*); undefined when not configured. */
export function priceIdForPlan(config: Config, plan: PaidPlanId): string | undefined {
  return plan === 'iniciante' ? config.STRIPE_PRICE_INICIANTE : config.STRIPE_PRICE_PROFISSIONAL;
}

/** The plan a Stripe price stands for, read back from the same settings. */
export function planForPriceId(config: Config, priceId: string | undefined): PaidPlanId | undefined {
  if (!priceId) return undefined;
  if (priceId === config.STRIPE_PRICE_INICIANTE) return 'iniciante';
  if (priceId === config.STRIPE_PRICE_PROFISSIONAL) return 'profissional';
  return undefined;
}

/** Plans can be bought: a secret key, a price for every paid plan, and the webhook secret that confirms payments. */
export function isCheckoutAvailable(config: Config): boolean {
  return Boolean(
    config.STRIPE_SECRET_KEY &&
    config.STRIPE_WEBHOOK_SECRET &&
    config.STRIPE_PRICE_INICIANTE &&
    config.STRIPE_PRICE_PROFISSIONAL,
  );
}

import { z } from 'zod';
import { keyProviderSchema } from './api-keys.ts';
import { envelope } from './common.ts';

/** Plans that carry entitlements. Enterprise is sold by contact and is only listed in the catalogue. */
export const planIds = ['free', 'iniciante', 'profissional'] as const;
export const planIdSchema = z.enum(planIds);
export type PlanId = z.infer<typeof planIdSchema>;

/** Plans a card checkout can start (free needs no payment; enterprise is contact-sales). */
export const paidPlanIds = ['iniciante', 'profissional'] as const;
export const paidPlanIdSchema = z.enum(paidPlanIds);
export type PaidPlanId = z.infer<typeof paidPlanIdSchema>;
export const isPaidPlanId = (id: string): id is PaidPlanId => (paidPlanIds as readonly string[]).includes(id);

export const catalogPlanIds = [...planIds, 'enterprise'] as const;
export const catalogPlanIdSchema = z.enum(catalogPlanIds);
export type CatalogPlanId = z.infer<typeof catalogPlanIdSchema>;

/** Enterprise shows this literal instead of a number. */
export const CUSTOM_PRICE = 'Personalizado';

/**
 * Which coins the market table lists: `top`, the `coinsVisible` largest by market cap; `main`, the ten
 * coins Farol analyses (candles, signals, full analysis), whatever their rank.
 */
export const coinLists = ['top', 'main'] as const;
export type CoinList = (typeof coinLists)[number];

/** What a plan allows; -1 means unlimited. */
export const planLimitsSchema = z.object({
  dailyConversations: z.number().int(),
  coinsVisible: z.number().int(),
  coinList: z.enum(coinLists),
  marketSignals: z.number().int(),
  advancedAnalysis: z.boolean(),
  coinSearch: z.boolean(),
  alerts: z.number().int(),
  advancedAlerts: z.boolean(),
});
export type PlanLimitsView = z.infer<typeof planLimitsSchema>;

export const planSchema = z.object({
  id: catalogPlanIdSchema,
  name: z.string(),
  description: z.string(),
  price: z.union([z.number(), z.literal(CUSTOM_PRICE)]),
  currency: z.literal('BRL'),
  interval: z.enum(['month', 'year']),
  features: z.array(z.string()),
  limitations: z.array(z.string()),
  limits: planLimitsSchema,
  popular: z.boolean().optional(),
  contactSales: z.boolean().optional(),
  /** A paid plan's price a year (ten months' price: two months free), when it can be bought yearly. */
  yearlyPrice: z.number().optional(),
});
export type Plan = z.infer<typeof planSchema>;

/** How often a subscription bills: monthly, or yearly at `yearlyPrice`. */
export const billingIntervalSchema = z.enum(['month', 'year']);
export type BillingInterval = z.infer<typeof billingIntervalSchema>;

/**
 * Whether plans can be bought here: `checkout` is true when Stripe is configured (a secret key, a price
 * per paid plan and a webhook secret). Without it the web shows the plans with "coming soon" buttons.
 */
export const billingAvailabilitySchema = z.object({
  checkout: z.boolean(),
  /** Every paid plan has a yearly Stripe price too: the web offers the monthly/annual switch. */
  yearly: z.boolean().optional(),
});
export type BillingAvailability = z.infer<typeof billingAvailabilitySchema>;

/** GET /api/subscription/plans (no auth): the catalogue, and whether it can be bought. */
export const plansResponseSchema = envelope(z.array(planSchema)).extend({
  billing: billingAvailabilitySchema,
});
export type PlansResponse = z.infer<typeof plansResponseSchema>;

/** Stripe's subscription statuses, plus 'active' for the free plan and for plans granted by an admin. */
export const subscriptionStatuses = [
  'active',
  'trialing',
  'past_due',
  'canceled',
  'unpaid',
  'incomplete',
  'incomplete_expired',
  'paused',
] as const;
export const subscriptionStatusSchema = z.enum(subscriptionStatuses);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const subscriptionStateSchema = z.object({
  cancelAtPeriodEnd: z.boolean(),
  /** ISO date; null for the free plan and for plans granted without an end. */
  currentPeriodEnd: z.string().nullable(),
  isAdmin: z.boolean(),
  status: subscriptionStatusSchema,
  /** A plan change that takes effect at the next billing cycle. */
  pendingPlan: planIdSchema.optional(),
  /** The plan was granted by an administrator, without payment. */
  grantedByAdmin: z.boolean(),
  /** After a paid plan ends its data is kept until this date (legal copy: 30 days). */
  dataRetainedUntil: z.string().optional(),
});
export type SubscriptionState = z.infer<typeof subscriptionStateSchema>;

/** GET /api/subscription/current */
export const currentSubscriptionResponseSchema = envelope(
  z.object({
    plan: planSchema
      .pick({ id: true, name: true, price: true, interval: true, features: true, limits: true })
      .extend({
        id: planIdSchema,
      }),
    /** A paid plan (or the admin flag) is in force. */
    isActive: z.boolean(),
    subscription: subscriptionStateSchema,
  }),
);
export type CurrentSubscriptionResponse = z.infer<typeof currentSubscriptionResponseSchema>;

/**
 * Who writes the chat's answers now: the user's own key (`provider`), the AI included in the plan (the
 * operator's key, within `included.limit` answers a day, -1 without limit), or Farol's built-in analyst
 * (no key, or the included answers of today used up).
 */
export const aiUsageSchema = z.object({
  answeredBy: z.enum(['own_key', 'included', 'built_in']),
  provider: keyProviderSchema.nullable(),
  included: z
    .object({ provider: keyProviderSchema, limit: z.number().int(), usedToday: z.number().int() })
    .nullable(),
});
export type AiUsage = z.infer<typeof aiUsageSchema>;

/** GET /api/subscription/usage: today is the calendar day in America/Sao_Paulo. */
export const usageResponseSchema = envelope(
  z.object({
    conversationsToday: z.number().int(),
    limit: z.number().int(),
    canChat: z.boolean(),
    ai: aiUsageSchema,
  }),
);
export type UsageResponse = z.infer<typeof usageResponseSchema>;

/** POST /api/subscription/checkout */
/**
 * `prorationDate` (Unix seconds, from the change preview) makes an upgrade charge exactly the amount the
 * preview showed, as Stripe prorates from that instant.
 */
export const checkoutRequestSchema = z.object({
  planId: paidPlanIdSchema,
  /** A new subscription's billing: monthly unless `year` (a paying subscriber keeps the one they have). */
  interval: billingIntervalSchema.optional(),
  prorationDate: z.number().int().positive().optional(),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/**
 * `url` is Stripe Checkout for a new subscription. A user who already pays is not sent to a second
 * checkout: an upgrade applies at once (`upgradedTo`), a downgrade is scheduled for the next billing cycle
 * (`pendingPlan`, `effectiveAt`); `sessionId` is null and `url` leads back to the settings page.
 */
export const checkoutResponseSchema = envelope(
  z.object({
    url: z.string(),
    sessionId: z.string().nullable(),
    pendingPlan: planIdSchema.optional(),
    effectiveAt: z.string().optional(),
    /** An upgrade applied now: the plan in force after it. */
    upgradedTo: paidPlanIdSchema.optional(),
    message: z.string().optional(),
  }),
);
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/** GET /api/subscription/change-preview?plan= */
export const changePreviewQuerySchema = z.object({ plan: paidPlanIdSchema });

/**
 * What changing a paying subscriber's plan does before it is done. An upgrade applies now and charges
 * `amountDue` (major units of `currency`, Stripe's prorated difference until the period's end) now; a
 * downgrade charges nothing now and applies at `effectiveAt`, the period's end.
 */
export const changePreviewResponseSchema = envelope(
  z.object({
    plan: paidPlanIdSchema,
    change: z.enum(['upgrade', 'downgrade']),
    amountDue: z.number(),
    currency: z.string(),
    effectiveAt: z.string().nullable(),
    prorationDate: z.number().int().nullable(),
  }),
);
export type ChangePreviewResponse = z.infer<typeof changePreviewResponseSchema>;

/** POST /api/subscription/portal */
export const portalResponseSchema = envelope(z.object({ url: z.string() }));

/** POST /api/subscription/cancel */
export const cancelResponseSchema = envelope(
  z.object({ message: z.string(), currentPeriodEnd: z.string().nullable() }),
);
export type CancelResponse = z.infer<typeof cancelResponseSchema>;

/** POST /api/subscription/sync: the state after reconciling with Stripe. */
export const syncResponseSchema = envelope(
  z.object({
    plan: planIdSchema,
    status: subscriptionStatusSchema,
    currentPeriodEnd: z.string().nullable(),
    cancelAtPeriodEnd: z.boolean(),
    pendingPlan: planIdSchema.optional(),
  }),
);
export type SyncResponse = z.infer<typeof syncResponseSchema>;

/** POST /api/subscription/webhook answer (to Stripe). */
export const webhookResponseSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });

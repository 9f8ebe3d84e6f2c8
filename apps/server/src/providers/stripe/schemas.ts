import { z } from 'zod';

// The parts of Stripe's objects Farol reads (API version of the pinned SDK). Loose: other fields pass.

/** A field that is an id, or the object itself when expanded. */
const idOrObject = z.union([z.string(), z.looseObject({ id: z.string() })]);

export const stripeSubscriptionSchema = z.looseObject({
  id: z.string(),
  object: z.literal('subscription'),
  customer: idOrObject,
  status: z.enum([
    'active',
    'trialing',
    'past_due',
    'canceled',
    'unpaid',
    'incomplete',
    'incomplete_expired',
    'paused',
  ]),
  cancel_at_period_end: z.boolean(),
  created: z.number(),
  metadata: z.record(z.string(), z.string()).nullable().optional(),
  // before API version 2025-03-31 the period lived on the subscription; since then on each item
  current_period_end: z.number().optional(),
  items: z.looseObject({
    data: z.array(
      z.looseObject({
        id: z.string(),
        price: z.looseObject({ id: z.string() }),
        current_period_end: z.number().optional(),
      }),
    ),
  }),
});
export type StripeSubscription = z.infer<typeof stripeSubscriptionSchema>;

export const stripeCheckoutSessionSchema = z.looseObject({
  id: z.string(),
  object: z.literal('checkout.session'),
  mode: z.string(),
  customer: idOrObject.nullable(),
  client_reference_id: z.string().nullable(),
  metadata: z.record(z.string(), z.string()).nullable(),
  url: z.string().nullable().optional(),
  /** The subscription a completed subscription-mode session started. */
  subscription: idOrObject.nullable().optional(),
});

export const stripeInvoiceSchema = z.looseObject({
  id: z.string(),
  object: z.literal('invoice'),
  customer: idOrObject,
  amount_due: z.number().optional(),
  currency: z.string().optional(),
});

export const stripeEventSchema = z.looseObject({
  id: z.string(),
  type: z.string(),
  created: z.number(),
  data: z.looseObject({ object: z.looseObject({ object: z.string() }) }),
});
export type StripeEvent = z.infer<typeof stripeEventSchema>;

import { z } from 'zod';
import { envelope, text } from './common.ts';

/** Alert types; `preco` is the default in the create dialog. */
export const alertTypes = ['preco', 'volume', 'tecnico', 'sentimento'] as const;
export const alertTypeSchema = z.enum(alertTypes);
export type AlertType = z.infer<typeof alertTypeSchema>;

export const alertConditionKeys = [
  'priceAbove',
  'priceBelow',
  'volumeChange',
  'rsiAbove',
  'rsiBelow',
  'fearGreedAbove',
  'fearGreedBelow',
] as const;
export type AlertConditionKey = (typeof alertConditionKeys)[number];

/** Which condition fields each type takes. */
export const conditionKeysByType = {
  preco: ['priceAbove', 'priceBelow'],
  volume: ['volumeChange'],
  tecnico: ['rsiAbove', 'rsiBelow'],
  sentimento: ['fearGreedAbove', 'fearGreedBelow'],
} as const satisfies Record<AlertType, readonly AlertConditionKey[]>;

export const ALERT_NAME_MAX_LENGTH = 100;
export const ALERT_COIN_NAME_MAX_LENGTH = 100;
/** Price inputs step 0.000001. */
export const ALERT_PRICE_DECIMALS = 6;

const hasAtMostSixDecimals = (value: number) =>
  Math.abs(value * 10 ** ALERT_PRICE_DECIMALS - Math.round(value * 10 ** ALERT_PRICE_DECIMALS)) < 1e-6;
const price = z.number().positive('price_positive').max(1e12).refine(hasAtMostSixDecimals, 'price_decimals');
const zeroToHundred = z.number().min(0).max(100);
// A percentage change of the 24 h volume: +150 means "at least 150% more", -50 "at least 50% less".
const volumeChange = z
  .number()
  .min(-100)
  .max(100_000)
  .refine((value) => value !== 0, 'volume_change_zero');

export const priceConditionsSchema = z.strictObject({
  priceAbove: price.optional(),
  priceBelow: price.optional(),
});
export const volumeConditionsSchema = z.strictObject({ volumeChange });
export const rsiConditionsSchema = z.strictObject({
  rsiAbove: zeroToHundred.optional(),
  rsiBelow: zeroToHundred.optional(),
});
export const fearGreedConditionsSchema = z.strictObject({
  fearGreedAbove: zeroToHundred.optional(),
  fearGreedBelow: zeroToHundred.optional(),
});

/** Every condition field, each optional: the stored and returned shape. */
export const alertConditionsSchema = z.object({
  priceAbove: z.number().optional(),
  priceBelow: z.number().optional(),
  volumeChange: z.number().optional(),
  rsiAbove: z.number().optional(),
  rsiBelow: z.number().optional(),
  fearGreedAbove: z.number().optional(),
  fearGreedBelow: z.number().optional(),
});
export type AlertConditions = z.infer<typeof alertConditionsSchema>;

const hasAnyCondition = (conditions: Record<string, unknown>) =>
  Object.values(conditions).some((value) => value !== undefined);
const alertBase = {
  name: text().trim().min(1, 'alert_name_required').max(ALERT_NAME_MAX_LENGTH, 'alert_name_too_long'),
  // forced upper case; letters and digits only, like every listed symbol
  coinSymbol: text()
    .trim()
    .min(1, 'coin_symbol_required')
    .max(20)
    .regex(/^[A-Za-z0-9]+$/, 'coin_symbol_invalid')
    .transform((value) => value.toUpperCase()),
  coinName: text().trim().min(1, 'coin_name_required').max(ALERT_COIN_NAME_MAX_LENGTH),
};
const withCondition = <T extends z.ZodType<Record<string, unknown>>>(schema: T) =>
  schema.refine(hasAnyCondition, 'alert_condition_required');

/** POST /api/alerts: conditions per type, at least one. */
export const createAlertRequestSchema = z.discriminatedUnion('type', [
  z.object({ ...alertBase, type: z.literal('preco'), conditions: withCondition(priceConditionsSchema) }),
  z.object({ ...alertBase, type: z.literal('volume'), conditions: withCondition(volumeConditionsSchema) }),
  z.object({ ...alertBase, type: z.literal('tecnico'), conditions: withCondition(rsiConditionsSchema) }),
  z.object({
    ...alertBase,
    type: z.literal('sentimento'),
    conditions: withCondition(fearGreedConditionsSchema),
  }),
]);
export type CreateAlertRequest = z.infer<typeof createAlertRequestSchema>;
export type CreateAlertInput = z.input<typeof createAlertRequestSchema>;

export const alertSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: alertTypeSchema,
  coinSymbol: z.string(),
  coinName: z.string(),
  conditions: alertConditionsSchema,
  isActive: z.boolean(),
  triggeredCount: z.number().int(),
  createdAt: z.string(),
  lastTriggered: z.string().optional(),
});
export type Alert = z.infer<typeof alertSchema>;

export const alertIdParamsSchema = z.object({ id: text().min(1).max(100) });

/**
 * GET /api/alerts. `checksPaused`: the market is simulated right now (no live upstream), so alerts are not
 * evaluated: nothing fires and nothing re-arms until live prices are back.
 */
export const alertListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(alertSchema),
  checksPaused: z.boolean(),
});
export const alertResponseSchema = z.object({
  success: z.literal(true),
  data: alertSchema,
  message: z.string(),
});
export const alertDeleteResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** GET /api/alerts/limits: maxAlerts and remaining are -1 when unlimited. */
export const alertLimitsSchema = z.object({
  plan: z.string(),
  currentAlerts: z.number().int(),
  maxAlerts: z.number().int(),
  remaining: z.number().int(),
});
export type AlertLimits = z.infer<typeof alertLimitsSchema>;
export const alertLimitsResponseSchema = envelope(alertLimitsSchema);

/** One firing: the value seen, the threshold it crossed and when. */
export const alertEventSchema = z.object({
  id: z.string(),
  alertId: z.string(),
  alertName: z.string(),
  type: alertTypeSchema,
  coinSymbol: z.string(),
  condition: z.enum(alertConditionKeys),
  observedValue: z.number(),
  threshold: z.number(),
  triggeredAt: z.string(),
});
export type AlertEvent = z.infer<typeof alertEventSchema>;
export const alertEventsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const alertEventsResponseSchema = envelope(z.array(alertEventSchema));

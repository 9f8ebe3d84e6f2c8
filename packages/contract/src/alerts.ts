import { z } from 'zod';
import { envelope, text } from './common.ts';
import { currencySchema } from './currency.ts';
import { signalValues } from './signals.ts';

/**
 * Alert types; `preco` is the default in the create dialog. `avancado` (plans with advanced alerts):
 * a price change within 1 h or 24 h, the signal turning to buy or sell, a support or resistance crossed.
 */
export const alertTypes = ['preco', 'volume', 'tecnico', 'sentimento', 'avancado'] as const;
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
  'changeAbovePercent',
  'signalTurns',
  'levelCross',
] as const;
export type AlertConditionKey = (typeof alertConditionKeys)[number];

/** Which condition fields each type takes. */
export const conditionKeysByType = {
  preco: ['priceAbove', 'priceBelow'],
  volume: ['volumeChange'],
  tecnico: ['rsiAbove', 'rsiBelow'],
  sentimento: ['fearGreedAbove', 'fearGreedBelow'],
  avancado: ['changeAbovePercent', 'signalTurns', 'levelCross'],
} as const satisfies Record<AlertType, readonly AlertConditionKey[]>;

/**
 * Where an alert's firings are delivered. An alert without `channels` uses every channel its owner has set up
 * (e-mail alerts on, a subscribed browser, a linked Telegram chat, a webhook for `alert.fired`); with
 * `channels`, only those of them (a channel chosen but not set up delivers nothing).
 */
export const alertChannels = ['email', 'push', 'telegram', 'webhook'] as const;
export const alertChannelSchema = z.enum(alertChannels, 'alert_channel_invalid');
export type AlertChannel = (typeof alertChannels)[number];
/** The chosen channels, each once, in the contract's order. */
export const alertChannelsSchema = z
  .array(alertChannelSchema, 'alert_channel_invalid')
  .min(1, 'alert_channels_empty')
  .max(alertChannels.length)
  .transform((chosen) => alertChannels.filter((channel) => chosen.includes(channel)));

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

/** The window a `changeAbovePercent` is measured over. */
export const changeWindows = ['1h', '24h'] as const;
export type ChangeWindow = (typeof changeWindows)[number];
/** `signalTurns`: the side of the signal engine's class to watch (strong buy counts as buy). */
export const signalSides = ['buy', 'sell'] as const;
export type SignalSide = (typeof signalSides)[number];
/** `levelCross`: below the nearest support, or above the nearest resistance. */
export const levelSides = ['support', 'resistance'] as const;
export type LevelSide = (typeof levelSides)[number];

/**
 * Advanced conditions. `changeAbovePercent` (with its `changeWindow`) fires when the price moves more
 * than that many percent, up or down, within the window.
 */
export const advancedConditionsSchema = z
  .strictObject({
    changeAbovePercent: z
      .number('change_percent_invalid')
      .positive('change_percent_positive')
      .max(1000, 'change_percent_too_big')
      .optional(),
    changeWindow: z.enum(changeWindows, 'change_window_invalid').optional(),
    signalTurns: z.enum(signalSides, 'signal_side_invalid').optional(),
    levelCross: z.enum(levelSides, 'level_side_invalid').optional(),
  })
  .refine((conditions) => conditions.changeAbovePercent === undefined || conditions.changeWindow, {
    message: 'change_window_required',
    path: ['changeWindow'],
  });

export const isAdvancedAlertType = (type: AlertType) => type === 'avancado';

/** Every condition field, each optional: the stored and returned shape. */
export const alertConditionsSchema = z.object({
  priceAbove: z.number().optional(),
  priceBelow: z.number().optional(),
  volumeChange: z.number().optional(),
  rsiAbove: z.number().optional(),
  rsiBelow: z.number().optional(),
  fearGreedAbove: z.number().optional(),
  fearGreedBelow: z.number().optional(),
  changeAbovePercent: z.number().optional(),
  changeWindow: z.enum(changeWindows).optional(),
  signalTurns: z.enum(signalSides).optional(),
  levelCross: z.enum(levelSides).optional(),
});
export type AlertConditions = z.infer<typeof alertConditionsSchema>;

// `changeWindow` qualifies `changeAbovePercent`; alone it is no condition
const hasAnyCondition = (conditions: Record<string, unknown>) =>
  Object.entries(conditions).some(([key, value]) => key !== 'changeWindow' && value !== undefined);
/** After a firing an alert stays quiet at least this long (and by default exactly this long). */
export const ALERT_COOLDOWN_DEFAULT_MINUTES = 15;
/** The longest cooldown a user may choose: a week. */
export const ALERT_COOLDOWN_MAX_MINUTES = 7 * 24 * 60;
/** The cooldowns the alert form offers, in minutes. */
export const alertCooldownChoices = [15, 30, 60, 240, 1440] as const;

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
  /** The currency of the price thresholds; default: the caller's currency preference. */
  currency: currencySchema.optional(),
  /** Minutes the alert stays quiet after a firing: 15 by default, longer if chosen, up to a week. */
  cooldownMinutes: z
    .number()
    .int('alert_cooldown_invalid')
    .min(ALERT_COOLDOWN_DEFAULT_MINUTES, 'alert_cooldown_too_short')
    .max(ALERT_COOLDOWN_MAX_MINUTES, 'alert_cooldown_too_long')
    .optional(),
  /** Where its firings go; absent: every channel the owner has set up. */
  channels: alertChannelsSchema.optional(),
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
  z.object({
    ...alertBase,
    type: z.literal('avancado'),
    conditions: withCondition(advancedConditionsSchema),
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
  /** The currency the alert was set in: its price thresholds are compared with the price in it. */
  currency: currencySchema,
  /** Minutes the alert stays quiet after a firing. */
  cooldownMinutes: z.number().int(),
  /** The channels chosen for it; absent: every channel its owner has set up. */
  channels: z.array(alertChannelSchema).optional(),
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
  /** The caller's display currency; each alert keeps its own `currency`. */
  currency: currencySchema,
});
export const alertResponseSchema = z.object({
  success: z.literal(true),
  data: alertSchema,
  message: z.string(),
});
export const alertDeleteResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/**
 * GET /api/alerts/limits: maxAlerts and remaining are -1 when unlimited; `advancedAlerts`: the plan may
 * create `avancado` alerts.
 */
export const alertLimitsSchema = z.object({
  plan: z.string(),
  currentAlerts: z.number().int(),
  maxAlerts: z.number().int(),
  remaining: z.number().int(),
  advancedAlerts: z.boolean(),
});
export type AlertLimits = z.infer<typeof alertLimitsSchema>;
export const alertLimitsResponseSchema = envelope(alertLimitsSchema);

/**
 * What an advanced firing saw beyond its numbers: the change's window, the class the signal turned to,
 * the side of the level crossed (the level's price is the firing's threshold).
 */
export const alertEventDetailSchema = z.object({
  window: z.enum(changeWindows).optional(),
  signal: z.enum(signalValues).optional(),
  side: z.enum(levelSides).optional(),
});
export type AlertEventDetail = z.infer<typeof alertEventDetailSchema>;

/**
 * One firing: the value seen, the threshold it crossed and when. Advanced firings: `changeAbovePercent`
 * the signed change in % against N; `signalTurns` the signal's strength (0-100) against the engine's
 * buy/sell threshold; `levelCross` the price against the level's price.
 */
export const alertEventSchema = z.object({
  id: z.string(),
  alertId: z.string(),
  alertName: z.string(),
  type: alertTypeSchema,
  coinSymbol: z.string(),
  condition: z.enum(alertConditionKeys),
  observedValue: z.number(),
  threshold: z.number(),
  /** The alert's currency (price firings' values are in it). */
  currency: currencySchema,
  detail: alertEventDetailSchema.optional(),
  triggeredAt: z.string(),
});
export type AlertEvent = z.infer<typeof alertEventSchema>;
export const alertEventsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const alertEventsResponseSchema = envelope(z.array(alertEventSchema));

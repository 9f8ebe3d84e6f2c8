import { z } from 'zod';
import { marketSymbolSchema, text } from './common.ts';
import { currencyConversionSchema, currencySchema } from './currency.ts';
import { marketSources } from './market-constants.ts';

/** The overall verdict of the signal engine. */
export const signalValues = ['strong_buy', 'buy', 'neutral', 'sell', 'strong_sell'] as const;
export type SignalValue = (typeof signalValues)[number];

export const momentumValues = ['very_bullish', 'bullish', 'neutral', 'bearish', 'very_bearish'] as const;
export type Momentum = (typeof momentumValues)[number];

export const rsiStates = ['oversold', 'neutral', 'overbought'] as const;
export type RsiState = (typeof rsiStates)[number];

/** MACD histogram sign, with `_crossover` when the sign flipped within the last 3 closed bars. */
export const macdStates = [
  'bullish_crossover',
  'bullish',
  'neutral',
  'bearish',
  'bearish_crossover',
] as const;
export type MacdState = (typeof macdStates)[number];

export const bollingerPositions = ['above_upper', 'upper_half', 'lower_half', 'below_lower'] as const;
export type BollingerPosition = (typeof bollingerPositions)[number];

export const volumeTrends = ['rising', 'stable', 'falling'] as const;
export type VolumeTrend = (typeof volumeTrends)[number];

export const signalTimeframes = ['1h', '4h', '1d'] as const;
export type SignalTimeframe = (typeof signalTimeframes)[number];

/** Risk as a code; every screen and text shows its translated label. */
export const riskLevels = ['low', 'medium', 'high'] as const;
export type RiskLevel = (typeof riskLevels)[number];

const percent = z.number().min(0).max(100);
const price = z.number().positive();

/** `?symbols=BTC,ETH` (optional; upper-cased, trimmed, empty entries dropped). */
export const dashboardSignalsQuerySchema = z.object({
  symbols: text()
    .max(200)
    .optional()
    .transform((value) =>
      value
        ?.split(',')
        .map((symbol) => symbol.trim().toUpperCase())
        .filter(Boolean),
    ),
  currency: currencySchema.optional(),
});

export const analysisParamsSchema = z.object({ symbol: text().min(1).max(20) });

const volumeStateSchema = z.object({ trend: z.enum(volumeTrends), anomaly: z.boolean() });

/** GET /api/market-signals/dashboard-signals, one item per coin. */
export const marketSignalSchema = z.object({
  symbol: marketSymbolSchema,
  signal: z.enum(signalValues),
  price,
  momentum: z.enum(momentumValues),
  strength: percent,
  confidence: percent,
  keyIndicators: z.object({
    rsi: z.object({ value: percent, signal: z.enum(rsiStates) }),
    macd: z.object({ signal: z.enum(macdStates) }),
    bollinger: z.object({ position: z.enum(bollingerPositions) }),
    volume: volumeStateSchema,
  }),
  summary: z.string(),
  /** Where the candles came from ('simulated' is never presented as live data). */
  source: z.enum(marketSources),
  /** Close time (ISO) of the last closed 1h candle the signal was computed from. */
  asOf: z.iso.datetime(),
});
export type MarketSignal = z.infer<typeof marketSignalSchema>;

/** Why a coin's signal could not be computed now: the upstream fault kind, or too few closed candles. */
export const signalUnavailableKinds = [
  'rate_limit',
  'server_error',
  'api_error',
  'network_error',
  'insufficient_data',
] as const;
export type SignalUnavailableKind = (typeof signalUnavailableKinds)[number];

/** A coin of the request whose signal could not be computed (and had none computed before): listed beside the rest. */
export const unavailableSignalSchema = z.object({
  symbol: marketSymbolSchema,
  errorKind: z.enum(signalUnavailableKinds),
});
export type UnavailableSignal = z.infer<typeof unavailableSignalSchema>;

/** One coin failing never fails the list: the others are answered and the failed ones named in `unavailable`. */
/**
 * `currency`: every `price` is in it (BRL: the USDT price times the latest USDT/BRL close, see `conversion`).
 * The signals themselves are computed on USDT candles and do not change with the display currency.
 */
export const dashboardSignalsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(marketSignalSchema),
  unavailable: z.array(unavailableSignalSchema),
  currency: currencySchema,
  conversion: currencyConversionSchema.nullable(),
});
export type DashboardSignalsResponse = z.infer<typeof dashboardSignalsResponseSchema>;

/** One rule that voted in the overall signal: the web lists these as the active indicators. */
export const signalIndicatorSchema = z.object({
  /** Stable rule id (e.g. `ema_alignment`), for keys and docs/signals.md. */
  rule: z.string(),
  name: z.string(),
  timeframe: z.enum(signalTimeframes),
  /** -1 (sell) … +1 (buy); 0 abstains. */
  vote: z.number().min(-1).max(1),
  weight: z.number().positive(),
  /** The indicator reading behind the vote (RSI value, MACD histogram, ADX…), null when not numeric. */
  value: z.number().nullable(),
  explanation: z.string(),
});
export type SignalIndicator = z.infer<typeof signalIndicatorSchema>;

/**
 * Where the price should be `horizonHours` after `asOf` with `probability` (0.8): a volatility forecast, in the
 * response's currency (docs/signals.md "Expected ranges"). `measuredCoverage`: the share of such ranges that
 * held the outcome on the validation window (2024-07-01 onward, BTC, ETH, SOL, MATIC); null if unmeasured.
 */
export const expectedRangeSchema = z.object({
  horizonHours: z.number().int().positive(),
  low: price,
  high: price,
  probability: z.number().min(0).max(1),
  measuredCoverage: z.number().min(0).max(1).nullable(),
});
export type ExpectedRange = z.infer<typeof expectedRangeSchema>;

const quotedLevelSchema = z.object({
  price,
  /** |level − price| / price × 100, two decimals: from the analysis's own `price`. */
  distancePercent: z.number().nonnegative(),
  side: z.enum(['above', 'below', 'at']),
});

/** The analysis's levels measured from its `price` (trade-levels.ts: the chat measures the same way). */
export const quotedLevelsSchema = z.object({
  currency: currencySchema,
  price,
  stop: quotedLevelSchema.nullable(),
  targets: z.array(quotedLevelSchema),
  supports: z.array(quotedLevelSchema),
  resistances: z.array(quotedLevelSchema),
});

export const analysisSchema = z.object({
  symbol: marketSymbolSchema,
  price,
  marketSignal: z.object({
    signal: z.enum(signalValues),
    strength: percent,
    confidence: percent,
    reasoning: z.string(),
    indicators: z.array(signalIndicatorSchema),
  }),
  trendStrength: percent,
  /** Base-asset volume of the last 24 closed 1h candles. */
  volume: z.number().nonnegative(),
  keyIndicators: z.object({
    rsi: z.object({ value: percent, signal: z.enum(rsiStates), strength: percent }),
    macd: z.object({ value: z.number(), signal: z.enum(macdStates), strength: percent }),
    bollinger: z.object({ position: z.enum(bollingerPositions), squeeze: z.boolean() }),
    volume: volumeStateSchema,
  }),
  /** Nearest first. */
  supportLevels: z.array(price),
  resistanceLevels: z.array(price),
  confluenceAnalysis: z.object({
    signalStrength: percent,
    marketContext: z.string(),
    strategyType: z.string(),
    riskLevel: z.enum(riskLevels),
    confluenceFactors: z.array(z.string()),
  }),
  recommendedStrategy: z.object({
    name: z.string(),
    description: z.string(),
    entrySignals: z.array(z.string()),
    /** Null when the strategy is to wait (no position, no stop). */
    stopLoss: price.nullable(),
    targets: z.array(price),
  }),
  /** 24 h and 7 d; empty when the candles are too few to forecast. */
  expectedRange: z.array(expectedRangeSchema),
  /** Stop, targets, supports and resistances, each with its distance from `price`. */
  levels: quotedLevelsSchema,
  aiAnalysis: z.string(),
  recommendations: z.array(z.string()),
  source: z.enum(marketSources),
  asOf: z.iso.datetime(),
});
export type Analysis = z.infer<typeof analysisSchema>;

/**
 * `currency`: price, support and resistance levels, stop and targets are in it (BRL: converted at the latest
 * USDT/BRL close, see `conversion`); the texts write money in it too.
 */
export const analysisResponseSchema = z.object({
  success: z.literal(true),
  data: analysisSchema,
  currency: currencySchema,
  conversion: currencyConversionSchema.nullable(),
});
export type AnalysisResponse = z.infer<typeof analysisResponseSchema>;

/** One coin the engine can analyse: a followed coin with a Binance USDT spot pair. */
export const analysableCoinSchema = z.object({
  /** What candles, signals and the coin page go by (MATIC for the POL token). */
  symbol: marketSymbolSchema,
  /** CoinGecko id. */
  coinId: z.string(),
  name: z.string(),
  /** Market-cap rank; null when the coin is not in the current list (a quick choice the source dropped). */
  rank: z.number().int().positive().nullable(),
  image: z.string().nullable(),
  /** One of the ten quick choices (`analysisSymbols`). */
  isQuickChoice: z.boolean(),
});
export type AnalysableCoin = z.infer<typeof analysableCoinSchema>;

/**
 * GET /api/market-signals/coins: every coin with a pair, the ten quick choices first then by rank; the
 * pairs are read from Binance's exchangeInfo once a day.
 */
export const analysableCoinsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(analysableCoinSchema),
  source: z.enum(marketSources),
});
export type AnalysableCoinsResponse = z.infer<typeof analysableCoinsResponseSchema>;

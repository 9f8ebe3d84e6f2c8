import { z } from 'zod';
import { envelope } from './common.ts';
import { signalValues, type SignalValue } from './signals.ts';

// How the signals are measured: the versioned results file of the signal backtest (docs/backtest/latest.json,
// written by the server's `npm run backtest:publish`) and the track record of the signals the product gave
// (GET /api/market-signals/track-record). The web reads the public figures from the track record only.

/** A nullable ratio: null where there is nothing to measure (no signal of a class, no variation). */
const ratio = z.number().nullable();

export const classResultSchema = z.object({
  signal: z.enum(signalValues),
  count: z.number().int(),
  /** Share of signals that were right: buy side rose, sell side fell, neutral stayed within the median move. */
  hitRate: ratio,
  /** Wilson 95% interval of the hit rate. */
  hitRateLow: ratio,
  hitRateHigh: ratio,
  /** Mean price change from the signal to the horizon. */
  meanReturn: ratio,
  /** What following the signal earned per trade after fees: long on buys, short on sells (neutral: no trade). */
  meanTradeReturnAfterFees: ratio,
  /** Expected hit rate of the same signals shuffled in time (exact over all shuffles). */
  shuffledHitRate: ratio,
});
export type ClassResult = z.infer<typeof classResultSchema>;

export const horizonResultSchema = z.object({
  label: z.string(),
  hours: z.number().int(),
  signals: z.number().int(),
  medianAbsoluteMove: z.number(),
  classes: z.array(classResultSchema),
  /** Always long: the share of times the price rose, and the mean change. */
  alwaysLong: z.object({ count: z.number().int(), hitRate: z.number(), meanReturn: z.number() }),
});
export type HorizonResult = z.infer<typeof horizonResultSchema>;

/** Following the signals against holding, net of fees: long on buy and strong_buy, flat otherwise. */
export const performanceSummarySchema = z.object({
  /** Annualised from daily returns (× √365); null with fewer than two days or no variation. */
  sharpe: ratio,
  /** Largest fall of the daily equity from its running peak (0.3 = −30%). */
  maxDrawdown: z.number(),
  totalReturn: z.number(),
});
export type PerformanceSummary = z.infer<typeof performanceSummarySchema>;

/** Equity at the end of a UTC day (1 = start) of following the signals and of holding, equal weight. */
export const equityPointSchema = z.object({ time: z.string(), strategy: z.number(), buyAndHold: z.number() });
export type EquityPoint = z.infer<typeof equityPointSchema>;

/** Stated confidence in [from, to) against the share of those signals that were right over 24 h. */
export const calibrationBucketSchema = z.object({
  from: z.number(),
  to: z.number(),
  count: z.number().int(),
  meanConfidence: ratio,
  hitRate: ratio,
  hitRateLow: ratio,
  hitRateHigh: ratio,
});
export type CalibrationBucket = z.infer<typeof calibrationBucketSchema>;

/**
 * How often the analysis' expected ranges held the outcome at one horizon (docs/signals.md "Expected ranges"),
 * beside a constant-volatility range from the last 30 days scaled on the same outcomes to the same coverage.
 */
export const rangeMeasureSchema = z.object({
  horizonHours: z.number().int(),
  /** The probability the range claims (0.8). */
  nominal: z.number(),
  count: z.number().int(),
  coverage: ratio,
  /** Mean (high − low) / price, in percent. */
  meanWidthPct: ratio,
  baselineCoverage: ratio,
  baselineMeanWidthPct: ratio,
});
export type RangeMeasure = z.infer<typeof rangeMeasureSchema>;

/** What both the backtest and the track record measure. */
const measuresShape = {
  horizons: z.array(horizonResultSchema),
  calibration: z.array(calibrationBucketSchema),
  strategy: performanceSummarySchema,
  buyAndHold: performanceSummarySchema,
  equity: z.array(equityPointSchema),
};

/** A signal of the run on the buy or sell side, with what the price did in the next 24 h. */
export const backtestExampleSchema = z.object({
  time: z.string(),
  symbol: z.string(),
  signal: z.enum(signalValues),
  price: z.number(),
  priceAfter24h: z.number(),
  change24h: z.number(),
});
export type BacktestExample = z.infer<typeof backtestExampleSchema>;

export type BacktestResults = {
  schemaVersion: number;
  engineVersion: string;
  generatedAt: string;
  method: string;
  data: { source: string; symbols: string[]; from: string; to: string; stepHours: number };
  feePerTradePercent: number;
  /** The configuration the figures come from: catalogue size, voting rules, timeframes. */
  engine: { indicatorCount: number; ruleCount: number; timeframes: string[] };
  horizons: HorizonResult[];
  /** The last signals on the buy or sell side of the run, with what the price did in the next 24 h. */
  examples: BacktestExample[];
  strategy: PerformanceSummary;
  buyAndHold: PerformanceSummary;
  equity: EquityPoint[];
  /** Stated confidence against the realised 24 h hit rate. */
  calibration: CalibrationBucket[];
  /** The naive rules the signals must beat: long while the daily close is above its 20-, 50-, 200-day SMA. */
  naiveRules?: { sma20: PerformanceSummary; sma50: PerformanceSummary; sma200: PerformanceSummary };
  /** Per class, taking the recommended setup (entry, stop, first target) for at most 7 days. */
  setups?: SetupResult[];
  /** The expected ranges' coverage per horizon (absent from files written before it existed). */
  ranges?: RangeMeasure[];
};

/** How one class's setups ended: the first target touched before the stop, the stop first, or neither in 7 days. */
export type SetupResult = {
  signal: SignalValue;
  count: number;
  targetFirstRate: number | null;
  targetFirstRateLow: number | null;
  targetFirstRateHigh: number | null;
  stopFirstRate: number | null;
  /** Mean of direction × (exit / entry − 1) − 2 × fee. */
  meanResultAfterFees: number | null;
};

/**
 * The research protocol's split (docs/signals.md): every choice is made on data before this instant; figures
 * from it onward are the validation. A published backtest starting earlier overlaps the tuning window.
 */
export const VALIDATION_FROM = '2024-07-01T00:00:00Z';

/** GET /api/market-signals/track-record?engineVersion=2.1.0: the live record of one engine version. */
export const trackRecordQuerySchema = z.object({
  engineVersion: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z][0-9A-Za-z.+-]{0,31}$/)
    .optional(),
});
export type TrackRecordQuery = z.infer<typeof trackRecordQuerySchema>;

/** Days of live history before the track record leads with it instead of the backtest. */
export const TRACK_RECORD_MINIMUM_DAYS = 30;

export const trackRecordSchema = z.object({
  /** Which record the page leads with: the live one once it covers TRACK_RECORD_MINIMUM_DAYS, else the backtest. */
  primary: z.enum(['live', 'backtest']),
  minimumLiveDays: z.number().int(),
  feePerTradePercent: z.number(),
  /** The signals the product gave, stored at each hourly close; `from`/`to` null while there is none. */
  live: z.object({
    from: z.string().nullable(),
    to: z.string().nullable(),
    days: z.number(),
    signals: z.number().int(),
    coins: z.array(z.string()),
    /** Every version that has stored signals (the page's version choice), whatever `engineVersion` is. */
    engineVersions: z.array(z.string()),
    /** The version these figures are of; null: all versions together. */
    engineVersion: z.string().nullable(),
    ...measuresShape,
  }),
  /** The published backtest (docs/backtest/latest.json): replayed signals, not given ones. */
  backtest: z.object({
    generatedAt: z.string(),
    engineVersion: z.string(),
    from: z.string(),
    to: z.string(),
    symbols: z.array(z.string()),
    stepHours: z.number(),
    /** The last signals of the run on the buy or sell side (the marketing pages show them). */
    examples: z.array(backtestExampleSchema),
    /** True when `from` is before VALIDATION_FROM: the figures include data the engine was tuned on. */
    overlapsTuning: z.boolean(),
    /** The expected ranges' coverage per horizon; null in a file written before ranges were measured. */
    ranges: z.array(rangeMeasureSchema).nullable(),
    ...measuresShape,
  }),
});
export type TrackRecord = z.infer<typeof trackRecordSchema>;
export const trackRecordResponseSchema = envelope(trackRecordSchema);
export type TrackRecordResponse = z.infer<typeof trackRecordResponseSchema>;

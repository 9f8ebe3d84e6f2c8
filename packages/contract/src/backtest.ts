import type { SignalValue } from './signals.ts';

// The versioned results file of the signal backtest (docs/backtest/latest.json): written by the server's
// `npm run backtest:publish`, rendered by the public pages. Plain types: the landing reads it without zod.

export type ClassResult = {
  signal: SignalValue;
  count: number;
  /** Share of signals that were right (NaN as null when none): buy side rose, sell side fell, neutral stayed within the median move. */
  hitRate: number | null;
  /** Wilson 95% interval of the hit rate. */
  hitRateLow: number | null;
  hitRateHigh: number | null;
  /** Mean price change from the signal to the horizon. */
  meanReturn: number | null;
  /** What following the signal earned per trade after fees: long on buys, short on sells (neutral: no trade). */
  meanTradeReturnAfterFees: number | null;
  /** Hit rate of the same signals shuffled in time (mean of 200 seeded shuffles). */
  shuffledHitRate: number | null;
};

export type HorizonResult = {
  label: string;
  hours: number;
  signals: number;
  medianAbsoluteMove: number;
  classes: ClassResult[];
  /** Always long: the share of times the price rose, and the mean change. */
  alwaysLong: { count: number; hitRate: number; meanReturn: number };
};

export type BacktestExample = {
  time: string;
  symbol: string;
  signal: SignalValue;
  price: number;
  priceAfter24h: number;
  change24h: number;
};

/** Following the signals against holding, net of fees: long on buy and strong_buy, flat otherwise. */
export type PerformanceSummary = {
  /** Annualised from daily returns (× √365); null with fewer than two days or no variation. */
  sharpe: number | null;
  /** Largest fall of the daily equity from its running peak (0.3 = −30%). */
  maxDrawdown: number;
  totalReturn: number;
};

/** Daily equity (1 = start) of following the signals and of holding, equal weight over the coins. */
export type EquityPoint = { time: string; strategy: number; buyAndHold: number };

/** Stated confidence in [from, to) against the share of those signals that were right at the horizon. */
export type CalibrationBucket = {
  from: number;
  to: number;
  count: number;
  meanConfidence: number | null;
  hitRate: number | null;
  hitRateLow: number | null;
  hitRateHigh: number | null;
};

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
};

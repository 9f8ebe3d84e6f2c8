import {
  trackRecordSchema,
  VALIDATION_FROM,
  type BacktestResults,
  type HorizonResult,
  type TrackRecord,
} from '@farol/contract';
import published from '../../../../../../docs/backtest/latest.json';

/** The published backtest file the answers carry (tests compare the screen with its figures). */
export const backtestResults = published as BacktestResults;

// Answers of GET /api/market-signals/track-record for the web tests: the published backtest file (real figures)
// beside a live record the test describes.

const emptyHorizon = (label: string, hours: number): HorizonResult => ({
  label,
  hours,
  signals: 0,
  medianAbsoluteMove: 0,
  classes: backtestResults.horizons[0]!.classes.map((row) => ({
    ...row,
    count: 0,
    hitRate: null,
    hitRateLow: null,
    hitRateHigh: null,
    meanReturn: null,
    meanTradeReturnAfterFees: null,
    shuffledHitRate: null,
  })),
  alwaysLong: { count: 0, hitRate: 0, meanReturn: 0 },
});

/** The answer with the published backtest file (real figures) and a live record of `live`. */
export function recordAnswer(
  live: Partial<TrackRecord['live']> = {},
  primary: TrackRecord['primary'] = 'backtest',
  backtestChanges: Partial<TrackRecord['backtest']> = {},
) {
  const { data, ...backtest } = backtestResults;
  return {
    success: true,
    data: trackRecordSchema.parse({
      primary,
      minimumLiveDays: 30,
      feePerTradePercent: 0.1,
      live: {
        from: null,
        to: null,
        days: 0,
        signals: 0,
        coins: [],
        engineVersions: [],
        engineVersion: null,
        horizons: [emptyHorizon('24 h', 24), emptyHorizon('72 h', 72), emptyHorizon('7 d', 168)],
        calibration: backtest.calibration.map((bucket) => ({ ...bucket, count: 0 })),
        strategy: { sharpe: null, maxDrawdown: 0, totalReturn: 0 },
        buyAndHold: { sharpe: null, maxDrawdown: 0, totalReturn: 0 },
        equity: [],
        ...live,
      },
      backtest: {
        generatedAt: backtest.generatedAt,
        engineVersion: backtest.engineVersion,
        from: data.from,
        to: data.to,
        symbols: data.symbols,
        stepHours: data.stepHours,
        examples: backtest.examples,
        horizons: backtest.horizons,
        calibration: backtest.calibration,
        strategy: backtest.strategy,
        buyAndHold: backtest.buyAndHold,
        equity: backtest.equity,
        overlapsTuning: Date.parse(data.from) < Date.parse(VALIDATION_FROM),
        ranges: backtest.ranges ?? null,
        ...backtestChanges,
      },
    }),
  };
}

/** A published test of the validation window on BTC and ETH, with the expected ranges measured at 24 h. */
export const validationBacktest: Partial<TrackRecord['backtest']> = {
  from: '2024-07-01T00:00:00.000Z',
  to: '2025-04-28T08:00:00.000Z',
  symbols: ['BTC', 'ETH'],
  overlapsTuning: false,
  ranges: [
    {
      horizonHours: 24,
      nominal: 0.8,
      count: 900,
      coverage: 0.78,
      meanWidthPct: 8.4,
      baselineCoverage: 0.78,
      baselineMeanWidthPct: 8.5,
    },
  ],
};

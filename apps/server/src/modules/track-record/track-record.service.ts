import {
  TRACK_RECORD_MINIMUM_DAYS,
  VALIDATION_FROM,
  type BacktestResults,
  type SignalValue,
  type TrackRecord,
  type TrackRecordQuery,
} from '@farol/contract';
import type { Db } from '../../db/client.ts';
import type { MarketService } from '../market/market.types.ts';
import { SIGNAL_ENGINE_VERSION } from '../signals/signal-calibration.ts';
import {
  calibrationOf,
  FEE_PER_TRADE,
  followingPerformance,
  signalHorizons,
  summariseHorizon,
  thinEquity,
  type ScoredSignal,
} from '../signals/signal-performance.ts';
import type { SignalsService } from '../signals/signals.service.ts';
import { listWarmSymbols } from '../signals/warm-coins.ts';
// The published backtest, bundled with the server: what the page shows until the live record is long enough.
import publishedBacktest from '../../../../../docs/backtest/latest.json' with { type: 'json' };
import {
  insertSignalRecord,
  listSignalHistory,
  listUnscored,
  outcomeColumns,
  readHistoryState,
  readSummary,
  readSummaryFingerprints,
  setOutcome,
  storeSummary,
  type HistoryState,
  type StoredSignal,
  type StoredSummary,
} from './track-record.repository.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** 1h candles read to score outcomes: the engine's own 1h window (the same cached series), 30 days back. */
const SCORING_CANDLES = 720;
/** A reading whose last close is older than this is not the signal of the hour just closed (nor the one before). */
const STALE_AFTER_MS = 2 * HOUR_MS;

export type TrackRecordDeps = {
  db: Db;
  signals: SignalsService;
  market: MarketService;
  now: () => Date;
};

export type RecordSummary = { stored: string[]; alreadyStored: string[]; skipped: Record<string, string> };

/**
 * Stores the engine's current signal (the cached analysis of the last closed hour) of each followed coin, once
 * per coin and close: the table's key makes a second run, or a second instance, a no-op. Simulated readings are
 * never stored: the record is of real markets only.
 */
export async function recordSignals(deps: TrackRecordDeps): Promise<RecordSummary> {
  const summary: RecordSummary = { stored: [], alreadyStored: [], skipped: {} };
  // the warm coins (the ten, then the favourites with a pair): their analyses are kept computed anyway
  for (const symbol of await listWarmSymbols({ db: deps.db, market: deps.market })) {
    let reading;
    try {
      reading = await deps.signals.getReading(symbol);
    } catch (error) {
      summary.skipped[symbol] = (error as { code?: string }).code ?? 'analysis_failed';
      continue;
    }
    if (reading.source === 'simulated') {
      summary.skipped[symbol] = 'simulated';
      continue;
    }
    // a market that stopped publishing candles (a delisted or renamed pair) has no signal for this close
    if (deps.now().getTime() - reading.asOf > STALE_AFTER_MS) {
      summary.skipped[symbol] = 'stale';
      continue;
    }
    const stored = await insertSignalRecord(deps.db, {
      coin: symbol,
      time: new Date(reading.asOf),
      signal: reading.signal,
      score: reading.score,
      confidence: reading.confidence,
      price: reading.price,
      engineVersion: SIGNAL_ENGINE_VERSION,
    });
    (stored ? summary.stored : summary.alreadyStored).push(symbol);
  }
  return summary;
}

/**
 * Writes the price at each horizon whose 1h candle has closed: the close of the 1h candle ending exactly
 * 24 h, 72 h or 7 d after the signal's close, from the market's (Binance's) 1h series. Each outcome is
 * written once; a row older than the candle window stays unscored rather than guessed.
 */
export async function scoreSignals(deps: TrackRecordDeps): Promise<{ scored: number; waiting: number }> {
  const now = deps.now();
  const rows = await listUnscored(
    deps.db,
    now,
    signalHorizons.map((horizon) => horizon.hours),
  );
  const coins = [...new Set(rows.map((row) => row.coin))];
  let scored = 0;
  let waiting = 0;
  for (const coin of coins) {
    let closes: Map<number, number>;
    try {
      const candles = await deps.market.getCandles(coin, '1h', SCORING_CANDLES);
      if (candles.source === 'simulated') {
        waiting += rows.filter((row) => row.coin === coin).length;
        continue;
      }
      closes = new Map(candles.data.map((candle) => [candle.openTime + HOUR_MS, candle.close]));
    } catch {
      waiting += rows.filter((row) => row.coin === coin).length;
      continue;
    }
    for (const row of rows.filter((candidate) => candidate.coin === coin)) {
      for (const [i, column] of outcomeColumns.entries()) {
        const end = row.time.getTime() + signalHorizons[i]!.hours * HOUR_MS;
        if (row[column] !== null || end > now.getTime()) continue;
        const price = closes.get(end);
        if (price === undefined) {
          waiting += 1;
          continue;
        }
        if (await setOutcome(deps.db, coin, row.time, column, price)) scored += 1;
      }
    }
  }
  return { scored, waiting };
}

const returnOf = (price: number, later: number | null) => (later === null ? Number.NaN : later / price - 1);

type LiveRecord = TrackRecord['live'];

/** Signals measured as the backtest measures its replayed ones (one implementation, signal-performance.ts). */
function measureLiveRecord(
  rows: StoredSignal[],
  engineVersions: string[],
  engineVersion: string | null,
): LiveRecord {
  const samples: ScoredSignal[] = rows.map((row) => ({
    symbol: row.coin,
    time: row.time,
    price: row.price,
    signal: row.signal as SignalValue,
    confidence: row.confidence,
    returns: [
      returnOf(row.price, row.price24h),
      returnOf(row.price, row.price72h),
      returnOf(row.price, row.price7d),
    ],
  }));
  const first = rows[0]?.time;
  const last = rows.at(-1)?.time;
  const following = followingPerformance(samples);
  return {
    from: first === undefined ? null : new Date(first).toISOString(),
    to: last === undefined ? null : new Date(last).toISOString(),
    days: first === undefined || last === undefined ? 0 : (last - first) / DAY_MS,
    signals: rows.length,
    coins: [...new Set(rows.map((row) => row.coin))].sort(),
    engineVersions,
    engineVersion,
    horizons: signalHorizons.map((_, index) => summariseHorizon(samples, index)),
    calibration: calibrationOf(samples),
    strategy: following.strategy,
    buyAndHold: following.buyAndHold,
    equity: thinEquity(following.equity),
  };
}

/** Bumped when the measures or the summary's shape change, so summaries stored by older code are not read. */
const MEASURES_VERSION = 3;
const FINGERPRINT_PREFIX = `v${MEASURES_VERSION}:`;

const fingerprintOf = (state: HistoryState) =>
  `${FINGERPRINT_PREFIX}${state.rows}:${state.day}:${state.days3}:${state.week}:${state.last ?? ''}`;

/**
 * Whether a stored summary is of an earlier state than `state` (or of older code): the counts of the history
 * only grow, so a summary with any count above the current one was measured on a later state.
 */
function isEarlierThan(state: HistoryState) {
  const current = fingerprintOf(state);
  return (storedFingerprint: string) => {
    if (!storedFingerprint.startsWith(FINGERPRINT_PREFIX)) return true;
    if (storedFingerprint === current) return false;
    const [rows, day, days3, week] = storedFingerprint
      .slice(FINGERPRINT_PREFIX.length)
      .split(':')
      .map(Number);
    return rows! <= state.rows && day! <= state.day && days3! <= state.days3 && week! <= state.week;
  };
}

/** Refreshes under way on this instance, per database: a second caller waits for the first instead of measuring again. */
const refreshing = new WeakMap<Db, Promise<{ refreshed: boolean; signals: number }>>();

/**
 * Measures signal_history into signal_track_record_summary (all versions, and each version alone) when the
 * stored summary is not of its current state: the jobs that store and score signals call this after writing,
 * and a scheduled run catches any other write. Requests only ever read the summary. Safe on several
 * instances: storeSummary never replaces a summary of a later state, and one state written twice is a no-op.
 */
export function refreshTrackRecordSummary(db: Db): Promise<{ refreshed: boolean; signals: number }> {
  const pending = refreshing.get(db);
  if (pending) return pending;
  const refresh = (async () => {
    const state = await readHistoryState(db);
    if ((await readSummaryFingerprints(db)).includes(fingerprintOf(state)))
      return { refreshed: false, signals: state.rows };
    const rows = await listSignalHistory(db);
    // the state of the rows measured (one snapshot), which may be later than the one just counted
    const measured: HistoryState = {
      rows: rows.length,
      day: rows.filter((row) => row.price24h !== null).length,
      days3: rows.filter((row) => row.price72h !== null).length,
      week: rows.filter((row) => row.price7d !== null).length,
      last: rows.at(-1)?.time ?? null,
    };
    const byVersion = new Map<string, StoredSignal[]>();
    for (const row of rows) {
      const versionRows = byVersion.get(row.engineVersion) ?? [];
      versionRows.push(row);
      byVersion.set(row.engineVersion, versionRows);
    }
    const engineVersions = [...byVersion.keys()].sort();
    const summary: StoredSummary<LiveRecord> = {
      engineVersions,
      all: measureLiveRecord(rows, engineVersions, null),
      versions: Object.fromEntries(
        engineVersions.map((version) => [
          version,
          measureLiveRecord(byVersion.get(version)!, engineVersions, version),
        ]),
      ),
    };
    const refreshed = await storeSummary(db, fingerprintOf(measured), summary, isEarlierThan(measured));
    return { refreshed, signals: rows.length };
  })().finally(() => refreshing.delete(db));
  refreshing.set(db, refresh);
  return refresh;
}

/**
 * The live record from the stored summary alone: one row, one version's part of it, whatever the history's
 * size. Before any summary is stored (a new install, or right after an upgrade that changed the measures, until
 * the scheduled refresh runs) the record is the empty one.
 */
async function currentLiveRecord(db: Db, engineVersion: string | null): Promise<LiveRecord> {
  const stored = await readSummary(db, FINGERPRINT_PREFIX, engineVersion);
  if (stored?.record) return stored.record as LiveRecord;
  // a version with no stored signal: its empty record, beside the versions there are to choose from
  return measureLiveRecord([], stored?.engineVersions ?? [], engineVersion);
}

/**
 * The track record: the live record beside the published backtest; the page leads with the live record once
 * it covers TRACK_RECORD_MINIMUM_DAYS.
 */
export async function getTrackRecord(
  deps: Pick<TrackRecordDeps, 'db'>,
  query: TrackRecordQuery = {},
): Promise<TrackRecord> {
  const live = await currentLiveRecord(deps.db, query.engineVersion ?? null);
  const backtest = publishedBacktest as BacktestResults;
  return {
    primary: live.days >= TRACK_RECORD_MINIMUM_DAYS ? 'live' : 'backtest',
    minimumLiveDays: TRACK_RECORD_MINIMUM_DAYS,
    feePerTradePercent: FEE_PER_TRADE * 100,
    live,
    backtest: {
      generatedAt: backtest.generatedAt,
      engineVersion: backtest.engineVersion,
      from: backtest.data.from,
      to: backtest.data.to,
      symbols: backtest.data.symbols,
      stepHours: backtest.data.stepHours,
      examples: backtest.examples,
      overlapsTuning: Date.parse(backtest.data.from) < Date.parse(VALIDATION_FROM),
      ranges: backtest.ranges ?? null,
      horizons: backtest.horizons,
      calibration: backtest.calibration,
      strategy: backtest.strategy,
      buyAndHold: backtest.buyAndHold,
      equity: backtest.equity,
    },
  };
}

import {
  analysisSymbols,
  isAnalysisSymbol,
  signalUnavailableKinds,
  type AnalysableCoin,
  type Analysis,
  type Currency,
  type MarketSignal,
  type MarketSource,
  type SignalValue,
  type SignalSummary,
  type SignalTimeframe,
  type SignalUnavailableKind,
  type UnavailableSignal,
} from '@farol/contract';
import type { Language } from '@farol/i18n';
import { AppError, isAppError } from '../../lib/app-error.ts';
import {
  maySeeDashboardSignal,
  maySeeSignalSummary,
  visitorEntitlements,
} from '../entitlements/entitlements.service.ts';
import type { DbExecutor } from '../../db/client.ts';
import { listFavorites } from '../crypto/crypto.repository.ts';
import { findMarketPair } from '../market/market-pairs.ts';
import type { Metrics } from '../../lib/metrics.ts';
import type { Actor } from '../../plugins/auth.ts';
import type { MarketService } from '../market/market.types.ts';
import { renderAnalysis, renderMarketSignal } from './analysis-text.ts';
import { latestMoney, usdMoney, type Money } from '../../lib/currency.ts';
import {
  analyzeMarket,
  timeframePeriodMs,
  timeframes,
  type AnalysisFacts,
  type MarketCandles,
} from './market-analysis.ts';
import { renderSignalSummary } from './signal-summary.ts';
import { InsufficientCandlesError } from './timeframe-reading.ts';
import { candleWindows } from './walk-forward.ts';

/** What other modules read (chat's offline analyst, alerts): `app.signals`. */
export type SignalsService = {
  /**
   * Market signal items for the first `limit` of `symbols` (in that order); a coin that cannot be analysed
   * now (and was never analysed before) is listed in `unavailable` instead of failing the others.
   */
  getDashboardSignals: (
    symbols: readonly string[],
    language: Language,
    limit: number,
    money?: Money,
  ) => Promise<DashboardSignals>;
  /** Money in `money.currency` (USDT × `money.rate`); USD by default. */
  getAnalysis: (symbol: string, language: Language, money?: Money) => Promise<Analysis>;
  /** The signal as one score with its timeframe × indicator table (the coin page), from the same cached analysis. */
  /** The MACD readings in `money` (USD by default), like the analysis's. */
  getSummary: (symbol: string, language: Language, money?: Money) => Promise<SignalSummary>;
  /** The engine's verdict and nearest levels, language-free and with no text rendered (alert checks). */
  getReading: (symbol: string) => Promise<SignalReading>;
};

/** What alerts and the track record read of an analysis: the class, its strength (0-100), the levels nearest first. */
export type SignalReading = {
  signal: SignalValue;
  strength: number;
  /** Weighted mean vote (−1 … +1), calibrated confidence (0-100), the last 1h close and its close time (ms). */
  score: number;
  confidence: number;
  price: number;
  asOf: number;
  supports: number[];
  resistances: number[];
  source: MarketSource;
};

export type DashboardSignals = { signals: MarketSignal[]; unavailable: UnavailableSignal[] };

type Log = { warn: (object: object, message: string) => void };

export type SignalsServiceDependencies = {
  market: MarketService;
  now: () => Date;
  metrics?: Metrics;
  log?: Log;
};

type Entry = {
  facts: AnalysisFacts;
  source: MarketSource;
  /** When the market was last asked for newer candles (ms). */
  checkedAt: number;
  /** Rendered per language and money (currency and rate). */
  analyses: Map<string, Analysis>;
  signals: Map<string, MarketSignal>;
  summaries: Map<Language, SignalSummary>;
};

/**
 * While the market has not published the candle that just closed (its cache revalidating in the
 * background, exchange delay, upstream down), ask it again at most this often instead of on every request.
 */
const RECHECK_MS = 5_000;

/** Texts are rendered once per analysis and language. */
function rendered<T>(byLanguage: Map<string, T>, language: string, render: () => T): T {
  let value = byLanguage.get(language);
  if (value === undefined) {
    value = render();
    byLanguage.set(language, value);
  }
  return value;
}

const renderKey = (language: Language, money: Money) => `${language}|${money.currency}|${money.rate}`;

/** A fresh analysis, no text rendered yet. */
const newEntry = (facts: AnalysisFacts, source: MarketSource, checkedAt: number): Entry => ({
  facts,
  source,
  checkedAt,
  analyses: new Map(),
  signals: new Map(),
  summaries: new Map(),
});

/** Never present simulated candles as live: one simulated timeframe makes the whole reading simulated. */
function combinedSource(sources: MarketSource[]): MarketSource {
  return sources.includes('simulated') ? 'simulated' : sources[0]!;
}

async function fetchSignalCandles(
  market: SignalsServiceDependencies['market'],
  symbol: string,
): Promise<{ candles: MarketCandles; source: MarketSource }> {
  const results = await Promise.all(
    timeframes.map((timeframe) => market.getCandles(symbol, timeframe, candleWindows[timeframe])),
  );
  const candles = {} as Record<SignalTimeframe, MarketCandles[SignalTimeframe]>;
  timeframes.forEach((timeframe, index) => (candles[timeframe] = results[index]!.data));
  return { candles, source: combinedSource(results.map((result) => result.source)) };
}

/** True when the candles end at the close the entry was computed from, from the same source. */
function isSameClose(entry: Entry, candles: MarketCandles, source: MarketSource): boolean {
  const lastHour = candles['1h'].at(-1);
  return (
    lastHour !== undefined &&
    lastHour.openTime + timeframePeriodMs['1h'] === entry.facts.asOf &&
    source === entry.source
  );
}

/**
 * The signal engine behind the API: analyses are computed from app.market's closed candles, kept per
 * coin until the next 1h candle closes (texts per language rendered once), and single-flighted so a burst
 * of requests at the top of the hour computes each coin once. When the market fails, the last analysis is
 * served until it can be refreshed; with none, the market's error (503/429/424) reaches the caller.
 */
export function createSignalsService(deps: SignalsServiceDependencies): SignalsService {
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<Entry>>();
  const computations = deps.metrics?.counter(
    'farol_signal_computations_total',
    'Signal analyses computed from fresh candles',
  );

  async function refresh(symbol: string, previous: Entry | undefined, time: number): Promise<Entry> {
    try {
      const { candles, source } = await fetchSignalCandles(deps.market, symbol);
      if (previous && isSameClose(previous, candles, source)) {
        previous.checkedAt = time;
        return previous;
      }
      const facts = analyzeMarket(candles);
      computations?.inc();
      const entry = newEntry(facts, source, time);
      entries.set(symbol, entry);
      return entry;
    } catch (error) {
      if (previous) {
        deps.log?.warn({ symbol, err: error }, 'signals: market unavailable, serving the last analysis');
        previous.checkedAt = time;
        return previous;
      }
      if (error instanceof InsufficientCandlesError) {
        throw new AppError('upstream_bad_response', { timeframe: error.timeframe, count: error.count });
      }
      throw error;
    }
  }

  async function getEntry(symbol: string): Promise<Entry> {
    const time = deps.now().getTime();
    const lastClose = Math.floor(time / timeframePeriodMs['1h']) * timeframePeriodMs['1h'];
    const entry = entries.get(symbol);
    if (entry && (entry.facts.asOf >= lastClose || time - entry.checkedAt < RECHECK_MS)) return entry;
    let pending = inFlight.get(symbol);
    if (!pending) {
      pending = refresh(symbol, entry, time).finally(() => inFlight.delete(symbol));
      inFlight.set(symbol, pending);
    }
    return pending;
  }

  return {
    async getAnalysis(symbol, language, money = usdMoney) {
      const entry = await getEntry(symbol);
      return rendered(entry.analyses, renderKey(language, money), () =>
        renderAnalysis(symbol, entry.facts, entry.source, language, money),
      );
    },
    async getSummary(symbol, language, money = usdMoney) {
      const entry = await getEntry(symbol);
      return rendered(entry.summaries, renderKey(language, money), () =>
        renderSignalSummary(symbol, entry.facts, entry.source, language, money),
      );
    },
    getReading: async (symbol) => readingOf(await getEntry(symbol)),
    async getDashboardSignals(symbols, language, limit, money = usdMoney) {
      const chosen = symbols.slice(0, Math.max(0, limit));
      const results = await Promise.allSettled(chosen.map(getEntry));
      const answer: DashboardSignals = { signals: [], unavailable: [] };
      results.forEach((result, index) => {
        const symbol = chosen[index]!;
        if (result.status === 'fulfilled') {
          const entry = result.value;
          answer.signals.push(
            rendered(entry.signals, renderKey(language, money), () =>
              renderMarketSignal(symbol, entry.facts, entry.source, language, money),
            ),
          );
        } else {
          deps.log?.warn({ symbol, err: result.reason }, 'signals: coin unavailable');
          answer.unavailable.push({ symbol, errorKind: unavailableKindOf(result.reason) });
        }
      });
      return answer;
    },
  };
}

function readingOf({ facts, source }: Entry): SignalReading {
  return {
    signal: facts.vote.signal,
    strength: facts.vote.strength,
    score: facts.vote.score,
    confidence: facts.vote.confidence,
    price: facts.price,
    asOf: facts.asOf,
    supports: facts.levels.supports.map((level) => level.price),
    resistances: facts.levels.resistances.map((level) => level.price),
    source,
  };
}

/** The kind of fault the web names for a coin: the upstream's, or too few closed candles to compute from. */
function unavailableKindOf(error: unknown): SignalUnavailableKind {
  if (!isAppError(error)) return 'server_error';
  const kind = error.body.errorKind;
  if (typeof kind === 'string' && (signalUnavailableKinds as readonly string[]).includes(kind))
    return kind as SignalUnavailableKind;
  return error.code === 'upstream_bad_response' ? 'insufficient_data' : 'server_error';
}

/**
 * The market symbol a request names (any case; POL reaches MATIC): one of the ten at once, any other coin
 * through the market pairs. 404 `coin_without_pair` for a followed coin without a USDT pair, `unknown_symbol`
 * for anything else.
 */
export async function resolveMarketSymbol(market: MarketService, text: string): Promise<string> {
  const symbol = text.trim().toUpperCase();
  if (isAnalysisSymbol(symbol)) return symbol;
  return findMarketPair((await market.getMarketPairs()).data, symbol).symbol;
}

export type SignalsDeps = { signals: SignalsService; market: MarketService; db: DbExecutor };

/**
 * The coins the dashboard shows by default: the caller's favourites first (those with a pair the plan
 * covers, in the order they were added), then the ten.
 */
async function defaultDashboardSymbols(deps: SignalsDeps, actor: Actor): Promise<string[]> {
  const favorites = await listFavorites(deps.db, actor.id);
  if (favorites.length === 0) return [...analysisSymbols];
  const pairs = (await deps.market.getMarketPairs()).data;
  const favoriteSymbols = favorites
    .map((favorite) => pairs.byCoinId.get(favorite.coinId)?.symbol)
    .filter((symbol): symbol is string => symbol !== undefined)
    .filter((symbol) => maySeeDashboardSignal(actor.entitlements, symbol));
  return [...new Set([...favoriteSymbols, ...analysisSymbols])];
}

/**
 * GET dashboard-signals: the requested coins in their order, or by default the caller's favourites then the
 * ten; as many as the plan's `marketSignals` allows. A requested coin beyond the ten needs a plan whose
 * signals cover every coin with a pair (403 otherwise).
 */
export async function listDashboardSignals(
  deps: SignalsDeps,
  actor: Actor,
  requested: string[] | undefined,
  money: Money = usdMoney,
): Promise<DashboardSignals> {
  let symbols: string[];
  if (requested && requested.length > 0) {
    symbols = [];
    for (const text of requested) symbols.push(await resolveMarketSymbol(deps.market, text));
    symbols = [...new Set(symbols)];
    const refused = symbols.find((symbol) => !maySeeDashboardSignal(actor.entitlements, symbol));
    if (refused)
      throw new AppError('signal_requires_upgrade', { symbol: refused }, { requiresUpgrade: true });
  } else {
    symbols = await defaultDashboardSymbols(deps, actor);
  }
  const { marketSignals } = actor.entitlements;
  const limit = marketSignals < 0 ? symbols.length : marketSignals;
  return deps.signals.getDashboardSignals(symbols, actor.language, limit, money);
}

/** GET analysis/{symbol}: the full analysis of any coin with a pair, for plans with advanced analysis (and admins). */
export async function getAnalysisForUser(
  deps: SignalsDeps,
  actor: Actor,
  symbolText: string,
  money: Money = usdMoney,
): Promise<Analysis> {
  const symbol = await resolveMarketSymbol(deps.market, symbolText);
  if (!actor.entitlements.advancedAnalysis) throw new AppError('analysis_requires_pro');
  if (!maySeeSignalSummary(actor.entitlements, symbol))
    throw new AppError('signal_requires_upgrade', { symbol }, { requiresUpgrade: true });
  return deps.signals.getAnalysis(symbol, actor.language, money);
}

/**
 * GET summary/{symbol}: the signal score and its table, for the coins the plan's signals cover (visitors
 * count as free); the others are refused with the upgrade flag (the page shows a blurred preview).
 */
export async function getSignalSummaryForCaller(
  deps: SignalsDeps,
  caller: { user?: Actor; language: Language },
  symbolText: string,
  currency: Currency,
): Promise<SignalSummary> {
  const actor = caller.user;
  const symbol = await resolveMarketSymbol(deps.market, symbolText);
  if (!maySeeSignalSummary(actor?.entitlements ?? visitorEntitlements, symbol))
    throw new AppError('signal_requires_upgrade', { symbol }, { requiresUpgrade: true });
  // the MACD readings are prices: in the answer's currency, like the analysis's
  const { money } = await latestMoney(deps.market, currency);
  return deps.signals.getSummary(symbol, caller.language, money);
}

/** GET coins: every coin with a pair, the ten first then by rank (the picker's list). */
export async function listAnalysableCoins(
  market: MarketService,
): Promise<{ coins: AnalysableCoin[]; source: MarketSource }> {
  const { data, source } = await market.getMarketPairs();
  return {
    source,
    coins: data.list.map((entry) => ({
      symbol: entry.symbol,
      coinId: entry.coinId,
      name: entry.name,
      rank: entry.rank ?? null,
      image: entry.image ?? null,
      isQuickChoice: entry.isQuickChoice,
    })),
  };
}

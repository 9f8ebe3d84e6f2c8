import {
  quoteLevels,
  sizePosition,
  type Analysis,
  type MarketSignal,
  type MarketSource,
  type SignalIndicator,
  type SignalTimeframe,
} from '@farol/contract';
import { usdMoney, type Money } from '../../lib/currency.ts';
import { formatDecimal, formatPercent, formatPrice } from '@farol/i18n/format';
import { translate, type Language } from '@farol/i18n';
import type { AnalysisFacts, ConfluenceFactor, Recommendation, StrategyPlan } from './market-analysis.ts';
import { engineParameters } from './signal-calibration.ts';
import type { RuleVote } from './signal-rules.ts';
import { measuredRangeCoverage } from './expected-range.ts';
import { classifyRsi as rsiState } from './timeframe-reading.ts';

// Renders the engine's language-free facts as the API's texts, with numbers through Intl in the caller's
// language (STYLE.md: RSI 1 decimal, MACD 4, percentages 2, prices 2 or more for sub-dollar coins).

type Formatters = ReturnType<typeof createFormatters>;

function createFormatters(language: Language, money: Money = usdMoney) {
  const cache = new Map<string, Intl.NumberFormat>();
  const number = (options: Intl.NumberFormatOptions) => {
    const key = JSON.stringify(options);
    let format = cache.get(key);
    if (!format) {
      format = new Intl.NumberFormat(language, options);
      cache.set(key, format);
    }
    return format;
  };
  const list = new Intl.ListFormat(language, { style: 'long', type: 'conjunction' });
  // São Paulo time, as the chart's axis and every time on the analysis screen beside this text
  const time = new Intl.DateTimeFormat(language, {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'America/Sao_Paulo',
  });
  return {
    /** Candles are quoted in USDT, shown as US dollars, or converted at `money.rate`. */
    price: (value: number) => formatPrice(value * money.rate, language, money.currency),
    /** `value` is already in percent. */
    percent: (value: number) => formatPercent(value, language),
    signedPercent: (value: number) => formatPercent(value, language, { signed: true }),
    decimals: (value: number, digits: number) => formatDecimal(value, digits, language),
    ratio: (value: number) =>
      `${number({ minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)}×`,
    list: (items: string[]) => list.format(items),
    time: (ms: number) => time.format(new Date(ms)),
  };
}

const t = (language: Language, key: string, params?: Record<string, unknown>) =>
  translate(language, `signals:${key}`, params);

const directionWord = (language: Language, direction: number) =>
  t(language, `direction.${direction > 0 ? 'up' : 'down'}`);

/** How each rule's reading is printed inside its explanation. */
function formatRuleValue(format: Formatters, vote: RuleVote): string {
  if (vote.value === null) return '';
  switch (vote.rule) {
    case 'ema_alignment':
      return format.signedPercent(vote.value);
    case 'macd_histogram':
      return format.decimals(vote.value, 4);
    case 'bollinger_band':
      return format.decimals(vote.value, 0);
    case 'volume_confirmation':
      return format.ratio(vote.value);
    default:
      return format.decimals(vote.value, 1);
  }
}

/**
 * A rule's reading in the answer's money: the MACD histogram is a price difference (USDT on the candles), so
 * it is converted like every price, to match the chart's MACD drawn on candles in the display currency.
 */
const moneyValueOf = (vote: RuleVote, money: Money): RuleVote =>
  vote.rule === 'macd_histogram' && vote.value !== null ? { ...vote, value: vote.value * money.rate } : vote;

function renderIndicators(
  language: Language,
  format: Formatters,
  votes: RuleVote[],
  money: Money,
): SignalIndicator[] {
  return votes.map((rawVote) => {
    const vote = moneyValueOf(rawVote, money);
    return {
      rule: vote.rule,
      name: t(language, `rules.${vote.rule}.name`),
      timeframe: vote.timeframe,
      vote: vote.vote,
      weight: vote.weight,
      value: vote.value === null ? null : Number(vote.value.toPrecision(8)),
      explanation: t(language, `rules.${vote.rule}.states.${vote.state}`, {
        value: formatRuleValue(format, vote),
      }),
    };
  });
}

/** The rule votes as the API's indicator items in `language` and `money` (the coin page's summary). */
export const renderSignalIndicators = (
  language: Language,
  votes: RuleVote[],
  money: Money = usdMoney,
): SignalIndicator[] => renderIndicators(language, createFormatters(language, money), votes, money);

function renderReasoning(language: Language, format: Formatters, facts: AnalysisFacts): string {
  const { votes, score, signal } = facts.vote;
  const drivers = [...votes]
    .filter((vote) => vote.vote !== 0)
    .sort((a, b) => Math.abs(b.vote * b.weight) - Math.abs(a.vote * a.weight))
    .slice(0, 3)
    .map((vote) =>
      t(language, 'driver', {
        name: t(language, `rules.${vote.rule}.name`),
        timeframe: vote.timeframe,
        direction: directionWord(language, vote.vote),
      }),
    );
  // The call is the daily rule's (engine 3): the sentence names the average it compares the close with.
  const { daily } = facts.vote;
  return t(language, 'reasoning', {
    signal: t(language, `signal.${signal}`),
    close: format.price(daily.close),
    side: t(language, `dailySide.${daily.close > daily.smaFast ? 'above' : 'below'}`),
    period: engineParameters.regime.fastSma,
    average: format.price(daily.smaFast),
    confidence: facts.vote.confidence,
    score: Math.round(score * 100),
    buy: votes.filter((vote) => vote.vote > 0).length,
    sell: votes.filter((vote) => vote.vote < 0).length,
    neutral: votes.filter((vote) => vote.vote === 0).length,
    drivers: format.list(drivers.length > 0 ? drivers : ['—']),
  });
}

function renderFactor(language: Language, format: Formatters, factor: ConfluenceFactor): string {
  const timeframes = (items: SignalTimeframe[]) => format.list(items);
  switch (factor.kind) {
    case 'trend_aligned':
    case 'macd_aligned':
      return t(language, `factors.${factor.kind}`, {
        direction: directionWord(language, factor.direction),
        timeframes: timeframes(factor.timeframes),
      });
    case 'strong_trend':
      return t(language, 'factors.strong_trend', {
        timeframe: factor.timeframe,
        adx: format.decimals(factor.adx, 1),
        direction: directionWord(language, factor.direction),
      });
    case 'rsi_extreme':
      return t(language, 'factors.rsi_extreme', {
        timeframe: factor.timeframe,
        rsi: format.decimals(factor.rsi, 1),
        state: t(language, `rsiState.${factor.state}`),
      });
    case 'squeeze':
      return t(language, 'factors.squeeze', { timeframes: timeframes(factor.timeframes) });
    case 'volume_anomaly':
      return t(language, 'factors.volume_anomaly', { z: format.decimals(factor.z, 1) });
    case 'volume_confirms':
      return t(language, 'factors.volume_confirms', { direction: directionWord(language, factor.direction) });
    case 'near_level':
      return t(language, `factors.near_${factor.side}`, {
        distance: format.percent(factor.distancePercent),
        level: format.price(factor.level),
      });
    case 'timeframe_conflict':
      return t(language, 'factors.timeframe_conflict', {
        up: timeframes(factor.up),
        down: timeframes(factor.down),
      });
  }
}

function renderStrategy(
  language: Language,
  format: Formatters,
  facts: AnalysisFacts,
  strategy: StrategyPlan,
): Analysis['recommendedStrategy'] {
  if (strategy.kind === 'wait') {
    const params = { above: format.price(strategy.above), below: format.price(strategy.below) };
    return {
      name: t(language, `strategy.wait_${strategy.type}.name`),
      description: t(language, `strategy.wait_${strategy.type}.description`, params),
      entrySignals: [
        t(language, 'strategy.entry.wait_above', params),
        t(language, 'strategy.entry.wait_below', params),
      ],
      stopLoss: null,
      targets: [],
    };
  }
  const protectiveLevel = strategy.kind === 'long' ? facts.levels.supports[0] : facts.levels.resistances[0];
  const stopBasis =
    strategy.stopFromLevel && protectiveLevel
      ? t(language, 'strategy.stopBasis.level', { level: format.price(protectiveLevel.price) })
      : t(language, 'strategy.stopBasis.atr');
  const params = { entry: format.price(strategy.entry), stop: format.price(strategy.stopLoss), stopBasis };
  const key = `strategy.${strategy.kind}_${strategy.type}`;
  return {
    name: t(language, `${key}.name`),
    description: t(language, `${key}.description`, params),
    entrySignals: [
      t(language, `strategy.entry.${strategy.kind}_confirm`, params),
      t(language, `strategy.entry.${strategy.kind}_rsi`, params),
      t(language, 'strategy.entry.invalidation', params),
    ],
    stopLoss: strategy.stopLoss,
    targets: strategy.targets,
  };
}

/** Capital of 100 units: the position's value is then its share of the capital, in percent. */
const PERCENT_CAPITAL = 100;

function renderRecommendation(
  language: Language,
  format: Formatters,
  recommendation: Recommendation,
  price: number,
): string {
  switch (recommendation.kind) {
    case 'position_size': {
      // sized by the same arithmetic as the chat, from the price this analysis states
      const size = sizePosition({
        price,
        stopPrice: recommendation.stopLoss,
        capital: PERCENT_CAPITAL,
        riskPercent: recommendation.riskPercent,
        currency: 'USD',
      });
      return t(language, 'recommendations.position_size', {
        risk: format.percent('error' in size ? recommendation.riskPercent : size.riskPercent),
        stop: format.price(recommendation.stopLoss),
        position: format.percent(
          'error' in size ? recommendation.positionPercent : size.positionPercentOfCapital,
        ),
      });
    }
    case 'setup_not_recommended':
      return t(language, 'recommendations.setup_not_recommended', {
        count: format.decimals(recommendation.count, 0),
        targetFirst: format.percent(recommendation.targetFirstRate * 100),
        result: format.percent(recommendation.meanResultAfterFees * 100),
      });
    case 'wait_for_close':
      return t(language, 'recommendations.wait_for_close', {
        above: format.price(recommendation.above),
        below: format.price(recommendation.below),
      });
    case 'rsi_extreme':
      return t(language, `recommendations.rsi_${recommendation.state}`);
    default:
      return t(language, `recommendations.${recommendation.kind}`);
  }
}

function renderNarrative(
  language: Language,
  format: Formatters,
  symbol: string,
  facts: AnalysisFacts,
): string {
  const hourly = facts.readings['1h'];
  const support = facts.levels.supports[0];
  const resistance = facts.levels.resistances[0];
  const levelsKey =
    support && resistance
      ? 'levelsBoth'
      : support
        ? 'levelsSupport'
        : resistance
          ? 'levelsResistance'
          : 'levelsNone';
  const sentences = [
    t(language, 'analysis.intro', {
      symbol,
      price: format.price(facts.price),
      time: format.time(facts.asOf),
    }),
    t(language, 'analysis.signal', {
      signal: t(language, `signal.${facts.vote.signal}`),
      strength: facts.vote.strength,
      confidence: facts.vote.confidence,
      context: t(language, `context.${facts.confluence.marketContext}`),
    }),
    t(language, 'analysis.indicators', {
      rsi: format.decimals(hourly.rsi, 1),
      rsiState: t(language, `rsiState.${rsiState(hourly.rsi)}`),
      macdState: t(language, `macdState.${hourly.macdState}`),
      bollinger: t(language, `bollingerPosition.${hourly.bollingerPosition}`),
    }),
    ...(hourly.isSqueeze ? [t(language, 'analysis.squeeze')] : []),
    t(language, 'analysis.trend', {
      trendStrength: facts.trendStrength,
      adx: format.decimals(hourly.adx, 1),
      momentum: t(language, `momentum.${facts.momentum}`),
    }),
    t(language, hourly.isVolumeAnomaly ? 'analysis.volumeAnomaly' : 'analysis.volume', {
      volumeTrend: t(language, `volumeTrend.${hourly.volumeTrend}`),
    }),
    t(language, `analysis.${levelsKey}`, {
      support: support ? format.price(support.price) : '',
      resistance: resistance ? format.price(resistance.price) : '',
    }),
    t(language, 'analysis.risk', {
      risk: t(language, `riskLevel.${facts.confluence.riskLevel}`),
      atr: format.percent(facts.confluence.dailyAtrPercent),
      confluence: facts.confluence.signalStrength,
    }),
  ];
  return sentences.join(' ');
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/** The full analysis in `language`. */
export function renderAnalysis(
  symbol: string,
  facts: AnalysisFacts,
  source: MarketSource,
  language: Language,
  money: Money = usdMoney,
): Analysis {
  const format = createFormatters(language, money);
  const hourly = facts.readings['1h'];
  const convert = (value: number) => value * money.rate;
  const strategy = renderStrategy(language, format, facts, facts.strategy);
  const supportLevels = facts.levels.supports.map((level) => convert(level.price));
  const resistanceLevels = facts.levels.resistances.map((level) => convert(level.price));
  const stopLoss = strategy.stopLoss === null ? null : convert(strategy.stopLoss);
  const targets = strategy.targets.map(convert);
  return {
    symbol,
    price: convert(facts.price),
    marketSignal: {
      signal: facts.vote.signal,
      strength: facts.vote.strength,
      confidence: facts.vote.confidence,
      reasoning: renderReasoning(language, format, facts),
      indicators: renderIndicators(language, format, facts.vote.votes, money),
    },
    trendStrength: facts.trendStrength,
    volume: round(facts.volume24h, 8),
    keyIndicators: {
      rsi: {
        value: round(hourly.rsi, 2),
        signal: rsiState(hourly.rsi),
        strength: Math.round(Math.min(100, Math.abs(hourly.rsi - 50) * 2)),
      },
      macd: {
        value: Number(convert(hourly.macdHistogram).toPrecision(8)),
        signal: hourly.macdState,
        strength: Math.round(hourly.macdStrength),
      },
      bollinger: { position: hourly.bollingerPosition, squeeze: hourly.isSqueeze },
      volume: { trend: hourly.volumeTrend, anomaly: hourly.isVolumeAnomaly },
    },
    supportLevels,
    resistanceLevels,
    confluenceAnalysis: {
      signalStrength: facts.confluence.signalStrength,
      marketContext: t(language, `context.${facts.confluence.marketContext}`),
      strategyType: t(language, `strategyType.${facts.confluence.strategyType}`),
      riskLevel: facts.confluence.riskLevel,
      confluenceFactors: facts.confluence.factors.map((factor) => renderFactor(language, format, factor)),
    },
    recommendedStrategy: { ...strategy, stopLoss, targets },
    expectedRange: facts.expectedRanges.map((range) => ({
      ...range,
      low: convert(range.low),
      high: convert(range.high),
      measuredCoverage: measuredRangeCoverage(range.horizonHours),
    })),
    levels: quoteLevels({
      price: convert(facts.price),
      currency: money.currency,
      stop: stopLoss,
      targets,
      supports: supportLevels,
      resistances: resistanceLevels,
    }),
    aiAnalysis: renderNarrative(language, format, symbol, facts),
    recommendations: facts.recommendations.map((recommendation) =>
      renderRecommendation(language, format, recommendation, facts.price),
    ),
    source,
    asOf: new Date(facts.asOf).toISOString(),
  };
}

/** The dashboard item in `language`. */
export function renderMarketSignal(
  symbol: string,
  facts: AnalysisFacts,
  source: MarketSource,
  language: Language,
  money: Money = usdMoney,
): MarketSignal {
  const hourly = facts.readings['1h'];
  const format = createFormatters(language, money);
  return {
    symbol,
    signal: facts.vote.signal,
    price: facts.price * money.rate,
    momentum: facts.momentum,
    strength: facts.vote.strength,
    confidence: facts.vote.confidence,
    keyIndicators: {
      rsi: { value: round(hourly.rsi, 2), signal: rsiState(hourly.rsi) },
      macd: { signal: hourly.macdState },
      bollinger: { position: hourly.bollingerPosition },
      volume: { trend: hourly.volumeTrend, anomaly: hourly.isVolumeAnomaly },
    },
    summary: t(language, 'summary', {
      signal: t(language, `signal.${facts.vote.signal}`),
      strength: facts.vote.strength,
      confidence: facts.vote.confidence,
      rsi: format.decimals(hourly.rsi, 1),
      rsiState: t(language, `rsiState.${rsiState(hourly.rsi)}`),
      macdState: t(language, `macdState.${hourly.macdState}`),
      bollinger: t(language, `bollingerPosition.${hourly.bollingerPosition}`),
    }),
    source,
    asOf: new Date(facts.asOf).toISOString(),
  };
}

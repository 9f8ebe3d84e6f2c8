import type { AnalysisSymbol, ChatAgent, ChatMetadata, ChatStep } from '@farol/contract';
import type { Briefing, CoinBriefing } from './chat.briefing.ts';
import { findAnalysisSymbols, findCapitalAndRisk, findOtherCoins, pickAgents } from './chat.question.ts';
import {
  calculatePositionSize,
  getDominanceShifts,
  getFearGreedTrend,
  getGlobalMarket,
  getSignalAnalysis,
  getVolatility,
  pickFundamentals,
  type FundamentalsBrief,
} from './chat.tools.ts';
import type { ChatData } from './chat.types.ts';

/** Reports a real step as it starts and ends (POST /api/chat/stream shows them). */
export type StepListener = (step: ChatStep, status: 'processing' | 'completed') => void;

/** A question names at most this many coins worth a full reading (the answer stays readable). */
const MAX_COINS = 3;
/** Risk per trade assumed when the question gives a capital but no percentage (the usual 1% rule). */
const DEFAULT_RISK_PERCENT = 1;

async function step<T>(id: ChatStep, onStep: StepListener, run: () => Promise<T>): Promise<T> {
  onStep(id, 'processing');
  try {
    return await run();
  } finally {
    onStep(id, 'completed');
  }
}

/** Undefined instead of an exception: one unreachable upstream costs a paragraph, not the answer. */
async function attempt<T>(run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch {
    return undefined;
  }
}

const withoutError = <T extends object>(value: T | undefined): Exclude<T, { error: string }> | undefined =>
  value && !('error' in value && value.error !== undefined)
    ? (value as Exclude<T, { error: string }>)
    : undefined;

/**
 * The orchestrator's first half: reads the question (coins, agents), runs each agent's core tools in the
 * five steps and returns the briefing the answer is written from.
 */
export async function gatherBriefing(
  data: ChatData,
  question: string,
  onStep: StepListener,
): Promise<Briefing> {
  const used = new Set<string>();
  const unavailable = new Set<ChatAgent>();
  const sources = new Set<string>();

  const { coins: marketCoins } = await step('market_data', onStep, async () => {
    const result = await attempt(() => data.market.getCoins());
    if (result) sources.add(result.source);
    return { coins: result?.data ?? [] };
  });
  const named = findAnalysisSymbols(question).slice(0, MAX_COINS);
  const others = findOtherCoins(question, marketCoins, named).slice(0, MAX_COINS);
  const agents = pickAgents(question, { hasAnalysedCoin: named.length > 0, hasOtherCoin: others.length > 0 });
  const defaultedToBitcoin =
    named.length === 0 &&
    others.length === 0 &&
    (agents.includes('technical_analyst') || agents.includes('risk_manager'));
  const symbols: AnalysisSymbol[] = named.length > 0 ? named : defaultedToBitcoin ? ['BTC'] : [];
  const coins: CoinBriefing[] = symbols.map((symbol) => ({ symbol }));

  const fundamentals: FundamentalsBrief[] = [];
  if (agents.includes('fundamental_analyst')) {
    used.add('fundamental_analyst.get_coin_fundamentals');
    const wanted = [
      ...symbols.map((symbol) => marketCoins.find((coin) => coin.symbol === symbol)),
      ...others,
    ];
    for (const coin of wanted) {
      if (coin) fundamentals.push({ ...pickFundamentals(coin), source: [...sources][0] ?? '' });
    }
    if (marketCoins.length === 0) unavailable.add('fundamental_analyst');
  }

  await step('technical_analysis', onStep, async () => {
    if (!agents.includes('technical_analyst')) return;
    used.add('technical_analyst.get_signal_analysis');
    await Promise.all(
      coins.map(async (coin) => {
        const technical = await attempt(() => getSignalAnalysis(data, coin.symbol));
        if (technical) {
          coin.technical = technical;
          sources.add(technical.source);
        } else unavailable.add('technical_analyst');
      }),
    );
  });

  let position: Briefing['position'];
  await step('price_analysis', onStep, async () => {
    if (!agents.includes('risk_manager')) return;
    used.add('risk_manager.get_volatility');
    await Promise.all(
      coins.map(async (coin) => {
        const volatility = withoutError(await attempt(() => getVolatility(data, coin.symbol, '1d')));
        if (volatility) {
          coin.volatility = volatility;
          sources.add(volatility.source);
        } else unavailable.add('risk_manager');
      }),
    );
    const first = coins[0]?.volatility;
    const stated = findCapitalAndRisk(question);
    if (first && stated.capital !== undefined) {
      used.add('risk_manager.calculate_position_size');
      const stop = first.stops.find((candidate) => candidate.atrMultiple === 2) ?? first.stops[0]!;
      position = calculatePositionSize({
        price: first.price,
        stopPrice: stop.price,
        capital: stated.capital,
        riskPercent: stated.riskPercent ?? DEFAULT_RISK_PERCENT,
        currency: stated.currency ?? 'BRL',
      });
    }
  });

  let global: Briefing['global'];
  let sentiment: Briefing['sentiment'];
  let dominance: Briefing['dominance'];
  await step('sentiment_analysis', onStep, async () => {
    const wantsGlobal = agents.includes('market_sentiment') || agents.includes('fundamental_analyst');
    const [globalResult, sentimentResult, dominanceResult] = await Promise.all([
      wantsGlobal ? attempt(() => getGlobalMarket(data)) : undefined,
      agents.includes('market_sentiment') ? attempt(() => getFearGreedTrend(data, 30)) : undefined,
      agents.includes('market_sentiment') ? attempt(() => getDominanceShifts(data)) : undefined,
    ]);
    if (wantsGlobal) {
      used.add(
        agents.includes('market_sentiment')
          ? 'market_sentiment.get_global_market'
          : 'fundamental_analyst.get_global_market',
      );
      global = globalResult;
      if (globalResult) sources.add(globalResult.source);
    }
    if (agents.includes('market_sentiment')) {
      used.add('market_sentiment.get_fear_greed');
      sentiment = withoutError(sentimentResult);
      if (sentiment) sources.add(sentiment.source);
      else unavailable.add('market_sentiment');
      used.add('market_sentiment.get_dominance_shifts');
      dominance = withoutError(dominanceResult);
      if (dominance) sources.add(dominance.source);
    }
  });

  return {
    agents,
    toolsUsed: [...used],
    defaultedToBitcoin,
    coins,
    ...(position ? { position } : {}),
    fundamentals,
    ...(global ? { global } : {}),
    ...(sentiment ? { sentiment } : {}),
    ...(dominance ? { dominance } : {}),
    unavailable: [...unavailable],
    sources: [...sources],
  };
}

/** Daily ATR as % of price: up to 3% is a calm market for crypto, above 6% a violent one. */
const CALM_ATR_PERCENT = 3;
const VIOLENT_ATR_PERCENT = 6;

/** Confidence, risk level and analyses used, from the numbers (never from the model's self-assessment). */
export function describeBriefing(briefing: Briefing, extraToolsUsed: Iterable<string> = []): ChatMetadata {
  const confidences = briefing.coins.flatMap((coin) => (coin.technical ? [coin.technical.confidence] : []));
  const hasData =
    briefing.coins.some((coin) => coin.technical || coin.volatility) ||
    briefing.sentiment ||
    briefing.global ||
    briefing.fundamentals.length > 0;
  let confidence = confidences.length
    ? confidences.reduce((sum, value) => sum + value, 0) / confidences.length
    : hasData
      ? 50
      : 0;
  // Each analyst that could not read its data lowers the confidence.
  confidence = Math.max(0, confidence - 15 * briefing.unavailable.length);

  let riskLevel: ChatMetadata['riskLevel'] = 'medium';
  const atrPercent = briefing.coins[0]?.volatility?.atrPercent;
  const confluence = briefing.coins[0]?.technical?.riskLevel;
  if (atrPercent !== undefined)
    riskLevel =
      atrPercent <= CALM_ATR_PERCENT ? 'low' : atrPercent <= VIOLENT_ATR_PERCENT ? 'medium' : 'high';
  else if (confluence) riskLevel = confluence;
  else if (briefing.sentiment) {
    const value = briefing.sentiment.value;
    riskLevel = value <= 25 || value >= 75 ? 'high' : value <= 40 || value >= 60 ? 'medium' : 'low';
  }
  const symbols = [
    ...briefing.coins.map((coin) => coin.symbol),
    ...briefing.fundamentals.map((coin) => coin.symbol),
  ];
  return {
    confidence: Math.round(confidence),
    riskLevel,
    analysisUsed: [...new Set([...briefing.agents, ...briefing.toolsUsed, ...extraToolsUsed])],
    ...(symbols.length ? { symbols: [...new Set(symbols)] } : {}),
  };
}

import type { ChatAgent, ChatMetadata, ChatStep } from '@farol/contract';
import type { Briefing, CoinBriefing } from './chat.briefing.ts';
import type { Coin } from '../market/market.types.ts';
import { findAnalysisSymbols, findCapitalAndRisk, findOtherCoins, pickAgents } from './chat.question.ts';
import {
  calculatePositionSize,
  getDominanceShifts,
  getFearGreedTrend,
  getGlobalMarket,
  getSignalAnalysis,
  getVolatility,
  pickFundamentals,
  quoteCoin,
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

/** What the agents used, which could not answer and where the numbers came from, as the steps run. */
type Ledger = { used: Set<string>; unavailable: Set<ChatAgent>; sources: Set<string> };

/** The fundamental analyst's coin figures, from the market list already read. */
function gatherFundamentals(
  ledger: Ledger,
  marketCoins: Coin[],
  symbols: string[],
  others: Coin[],
): FundamentalsBrief[] {
  ledger.used.add('fundamental_analyst.get_coin_fundamentals');
  if (marketCoins.length === 0) ledger.unavailable.add('fundamental_analyst');
  const wanted = [...symbols.map((symbol) => marketCoins.find((coin) => coin.symbol === symbol)), ...others];
  for (const coin of wanted) if (coin?.priceSource) ledger.sources.add(coin.priceSource);
  return wanted.flatMap((coin) =>
    coin ? [{ ...pickFundamentals(coin), source: coin.priceSource ?? [...ledger.sources][0] ?? '' }] : [],
  );
}

/**
 * Each coin's one quoted price: the market list's current price in the user's currency, else the close the
 * signal engine (or, without it, the risk manager's candles) last read.
 */
async function quoteCoins(data: ChatData, coins: CoinBriefing[]): Promise<void> {
  await Promise.all(
    coins.map(async (coin) => {
      coin.quote = await quoteCoin(data, coin.symbol, async () => {
        const analysis = await data.signals.getAnalysis(coin.symbol, data.language, data.money);
        return { price: analysis.price, source: analysis.source, asOf: analysis.asOf };
      });
    }),
  );
}

/** The technical analyst's signal analysis of each coin. */
async function gatherTechnical(ledger: Ledger, data: ChatData, coins: CoinBriefing[]): Promise<void> {
  ledger.used.add('technical_analyst.get_signal_analysis');
  await Promise.all(
    coins.map(async (coin) => {
      const technical = await attempt(() => getSignalAnalysis(data, coin.symbol, coin.quote));
      if (technical) {
        coin.quote ??= technical.quote;
        coin.technical = technical;
        ledger.sources.add(technical.source);
      } else ledger.unavailable.add('technical_analyst');
    }),
  );
}

/** The risk manager's volatility of each coin, and a position size when the question states a capital. */
async function gatherRisk(
  ledger: Ledger,
  data: ChatData,
  coins: CoinBriefing[],
  question: string,
): Promise<Briefing['position']> {
  ledger.used.add('risk_manager.get_volatility');
  await Promise.all(
    coins.map(async (coin) => {
      const volatility = withoutError(
        await attempt(() => getVolatility(data, coin.symbol, '1d', coin.quote)),
      );
      if (volatility) {
        coin.quote ??= volatility.quote;
        coin.volatility = volatility;
        ledger.sources.add(volatility.source);
      } else ledger.unavailable.add('risk_manager');
    }),
  );
  const first = coins[0]?.volatility;
  const stated = findCapitalAndRisk(question);
  const stop = first?.stops.find((candidate) => candidate.atrMultiple === 2) ?? first?.stops[0];
  if (!first || !stop || stated.capital === undefined) return undefined;
  ledger.used.add('risk_manager.calculate_position_size');
  return attempt(() =>
    calculatePositionSize(data, {
      price: first.quote.price,
      stopPrice: stop.price,
      capital: stated.capital!,
      riskPercent: stated.riskPercent ?? DEFAULT_RISK_PERCENT,
      // a capital stated without a currency is in the user's
      currency: stated.currency ?? data.money?.currency ?? 'USD',
    }),
  );
}

/** The market-sentiment agent's readings (and the global market, which the fundamental analyst reads too). */
async function gatherSentiment(
  ledger: Ledger,
  data: ChatData,
  agents: ChatAgent[],
): Promise<Pick<Briefing, 'global' | 'sentiment' | 'dominance'>> {
  const readsSentiment = agents.includes('market_sentiment');
  const wantsGlobal = readsSentiment || agents.includes('fundamental_analyst');
  const [global, sentimentResult, dominanceResult] = await Promise.all([
    wantsGlobal ? attempt(() => getGlobalMarket(data)) : undefined,
    readsSentiment ? attempt(() => getFearGreedTrend(data, 30)) : undefined,
    readsSentiment ? attempt(() => getDominanceShifts(data)) : undefined,
  ]);
  if (wantsGlobal) {
    ledger.used.add(
      readsSentiment ? 'market_sentiment.get_global_market' : 'fundamental_analyst.get_global_market',
    );
    if (global) ledger.sources.add(global.source);
  }
  if (!readsSentiment) return { global };
  ledger.used.add('market_sentiment.get_fear_greed');
  const sentiment = withoutError(sentimentResult);
  if (sentiment) ledger.sources.add(sentiment.source);
  else ledger.unavailable.add('market_sentiment');
  ledger.used.add('market_sentiment.get_dominance_shifts');
  const dominance = withoutError(dominanceResult);
  if (dominance) ledger.sources.add(dominance.source);
  return { global, sentiment, dominance };
}

/**
 * The orchestrator's first half: reads the question (coins, agents), runs each agent's core tools in the
 * five steps and returns the briefing the answer is written from.
 */
export async function gatherBriefing(
  data: ChatData,
  question: string,
  onStep: StepListener,
): Promise<Briefing> {
  const ledger: Ledger = { used: new Set(), unavailable: new Set(), sources: new Set() };

  const { coins: marketCoins } = await step('market_data', onStep, async () => {
    const result = await attempt(() => data.market.getCoins(undefined, data.money?.currency));
    if (result) ledger.sources.add(result.source);
    return { coins: result?.data ?? [] };
  });
  const named = findAnalysisSymbols(question).slice(0, MAX_COINS);
  const others = findOtherCoins(question, marketCoins, named).slice(0, MAX_COINS);
  // other coins the question names that have a USDT pair get the technical and risk readings too
  const pairs = others.length > 0 ? await attempt(() => data.market.getMarketPairs()) : undefined;
  const pairedOthers = others.flatMap((coin) => pairs?.data.byCoinId.get(coin.id)?.symbol ?? []);
  const agents = pickAgents(question, {
    hasAnalysedCoin: named.length + pairedOthers.length > 0,
    hasOtherCoin: others.length > 0,
  });
  const defaultedToBitcoin =
    named.length === 0 &&
    others.length === 0 &&
    (agents.includes('technical_analyst') || agents.includes('risk_manager'));
  const symbols: string[] = named.length > 0 ? named : defaultedToBitcoin ? ['BTC'] : [];
  const coins: CoinBriefing[] = [...symbols, ...pairedOthers]
    .slice(0, MAX_COINS)
    .map((symbol) => ({ symbol }));
  const fundamentals = agents.includes('fundamental_analyst')
    ? gatherFundamentals(ledger, marketCoins, symbols, others)
    : [];

  await step('technical_analysis', onStep, async () => {
    if (agents.includes('technical_analyst') || agents.includes('risk_manager'))
      await quoteCoins(data, coins);
    if (agents.includes('technical_analyst')) await gatherTechnical(ledger, data, coins);
  });
  const position = await step('price_analysis', onStep, async () =>
    agents.includes('risk_manager') ? gatherRisk(ledger, data, coins, question) : undefined,
  );
  const { global, sentiment, dominance } = await step('sentiment_analysis', onStep, () =>
    gatherSentiment(ledger, data, agents),
  );

  return {
    currency: data.money?.currency ?? 'USD',
    agents,
    toolsUsed: [...ledger.used],
    defaultedToBitcoin,
    coins,
    ...(position ? { position } : {}),
    fundamentals,
    ...(global ? { global } : {}),
    ...(sentiment ? { sentiment } : {}),
    ...(dominance ? { dominance } : {}),
    unavailable: [...ledger.unavailable],
    sources: [...ledger.sources],
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

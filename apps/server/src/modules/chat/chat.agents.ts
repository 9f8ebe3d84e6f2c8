import { candleIntervals, currencies, type ChatAgent } from '@farol/contract';
import { tool, type ToolSet } from 'ai';
import { z } from 'zod';
import {
  calculatePositionSize,
  getCoinFundamentals,
  getDominanceShifts,
  getFearGreedTrend,
  getGlobalMarket,
  getIndicator,
  getSignalAnalysis,
  getVolatility,
  listIndicators,
  toMarketSymbol,
} from './chat.tools.ts';
import type { ChatData } from './chat.types.ts';

// The four analysts: each a role for the system prompt and read-only tools over
// Farol's services. Tools return numbers; the prompt makes the model cite them.

export const agentRoles: Record<ChatAgent, string> = {
  technical_analyst:
    "Technical analyst: reads Farol's signal engine (signal, RSI, MACD, Bollinger, volume, supports and resistances) and computes any indicator of the catalogue on 15m, 1h, 4h or 1d candles.",
  fundamental_analyst:
    'Fundamental analyst: market cap, rank, 24h volume and supply figures of a coin, total market cap and dominance.',
  risk_manager:
    "Risk manager: ATR(14)-based volatility, stops and their distances from the coin's quoted price, and position size for a given capital (BRL or USD) and risk per trade. Always states what could go wrong.",
  market_sentiment:
    'Market sentiment: the fear & greed index now, its 7- and 30-day averages and direction, BTC/ETH dominance and how it shifted over 24 hours and 7 days (money rotating into or out of altcoins).',
};

const symbolSchema = z
  .string()
  .regex(/^[A-Za-z0-9]{1,20}$/)
  .describe('Coin symbol: any coin of the market list with a Binance USDT pair (BTC, ETH, DOGE, …)');

/** Runs `read` on the market symbol the call names, or answers why that coin has no reading. */
const onMarketSymbol =
  <OUTPUT>(data: ChatData, symbol: string, read: (marketSymbol: string) => Promise<OUTPUT>) =>
  async (): Promise<OUTPUT | { error: string }> => {
    const resolved = await toMarketSymbol(data, symbol);
    return typeof resolved === 'string' ? read(resolved) : resolved;
  };

/** Runs a tool and records "agent.tool" in `used` (the answer's analysisUsed). */
const recorded =
  <INPUT, OUTPUT>(used: Set<string>, name: string, run: (input: INPUT) => Promise<OUTPUT> | OUTPUT) =>
  async (input: INPUT) => {
    used.add(name);
    return run(input);
  };

/** The technical analyst reads the signal engine and any indicator of the catalogue. */
function technicalAnalystTools(data: ChatData, used: Set<string>): ToolSet {
  return {
    get_signal_analysis: tool({
      description:
        "Farol's signal engine reading of a coin: price, overall signal, strength, confidence, RSI, MACD, Bollinger, volume, supports, resistances.",
      inputSchema: z.object({ symbol: symbolSchema }),
      execute: recorded(used, 'technical_analyst.get_signal_analysis', ({ symbol }) =>
        onMarketSymbol(data, symbol, (marketSymbol) => getSignalAnalysis(data, marketSymbol))(),
      ),
    }),
    get_indicator: tool({
      description:
        'Computes one indicator of the catalogue (TA-Lib names such as RSI, MACD, BBANDS, EMA, ADX, STOCH, ATR, OBV, VWAP) on closed candles; returns the last two values of each output.',
      inputSchema: z.object({
        symbol: symbolSchema,
        indicator: z.string().min(2).max(20).describe('Indicator name, e.g. RSI'),
        interval: z.enum(candleIntervals),
        params: z
          .record(z.string(), z.number())
          .optional()
          .describe('TA-Lib optional inputs, e.g. {"optInTimePeriod": 21}'),
      }),
      execute: recorded(used, 'technical_analyst.get_indicator', (input) =>
        onMarketSymbol(data, input.symbol, (symbol) => getIndicator(data, { ...input, symbol }))(),
      ),
    }),
    list_indicators: tool({
      description:
        'Lists the indicator names get_indicator accepts, optionally of one group (e.g. "Momentum Indicators").',
      inputSchema: z.object({ group: z.string().max(40).optional() }),
      execute: recorded(used, 'technical_analyst.list_indicators', ({ group }) => listIndicators(group)),
    }),
  };
}

/** The fundamental analyst reads a coin's market figures. */
function fundamentalAnalystTools(data: ChatData, used: Set<string>): ToolSet {
  return {
    get_coin_fundamentals: tool({
      description:
        'Market cap, rank, price, 24h volume and change, circulating/total/max supply of a coin (symbol or CoinGecko id).',
      inputSchema: z.object({ coin: z.string().min(1).max(60) }),
      execute: recorded(used, 'fundamental_analyst.get_coin_fundamentals', ({ coin }) =>
        getCoinFundamentals(data, coin),
      ),
    }),
  };
}

/** The risk manager sizes positions and stops from volatility. */
function riskManagerTools(data: ChatData, used: Set<string>): ToolSet {
  return {
    get_volatility: tool({
      description:
        "ATR(14) volatility of a coin on a timeframe, and stop prices 1.5, 2 and 3 ATR below the coin's quoted price, each with its distance from that price.",
      inputSchema: z.object({ symbol: symbolSchema, interval: z.enum(candleIntervals).default('1d') }),
      execute: recorded(used, 'risk_manager.get_volatility', ({ symbol, interval }) =>
        onMarketSymbol(data, symbol, (marketSymbol) => getVolatility(data, marketSymbol, interval))(),
      ),
    }),
    calculate_position_size: tool({
      description:
        "Units and value of the position whose loss at the stop is riskPercent of the capital (capped at the capital, no leverage). price and stopPrice in the briefing's currency (a coin's quote.price and a stop from the briefing); capital in `currency`. State its riskAmount and riskPercent: they are what the position really risks.",
      inputSchema: z.object({
        price: z.number().positive(),
        stopPrice: z.number().positive(),
        capital: z.number().positive(),
        riskPercent: z.number().positive().max(100),
        currency: z.enum(currencies),
      }),
      execute: recorded(used, 'risk_manager.calculate_position_size', (input) =>
        calculatePositionSize(data, input),
      ),
    }),
  };
}

/** The sentiment analyst reads fear & greed and dominance shifts. */
function marketSentimentTools(data: ChatData, used: Set<string>): ToolSet {
  return {
    get_fear_greed: tool({
      description:
        'Fear & greed index (0-100) now, its 7- and 30-day averages and whether it is rising, falling or stable.',
      inputSchema: z.object({ days: z.number().int().min(7).max(90).default(30) }),
      execute: recorded(used, 'market_sentiment.get_fear_greed', ({ days }) => getFearGreedTrend(data, days)),
    }),
    get_dominance_shifts: tool({
      description:
        'BTC and ETH dominance now and their change in percentage points over the last 24 hours and 7 days (a change is absent when the history does not reach back that far).',
      inputSchema: z.object({}),
      execute: recorded(used, 'market_sentiment.get_dominance_shifts', () => getDominanceShifts(data)),
    }),
  };
}

/** The AI SDK tools of the given agents, bound to the user's language and Farol's services. */
export function buildAgentTools(data: ChatData, agents: readonly ChatAgent[], used: Set<string>): ToolSet {
  const has = (agent: ChatAgent) => agents.includes(agent);
  const tools: ToolSet = {
    ...(has('technical_analyst') ? technicalAnalystTools(data, used) : {}),
    ...(has('fundamental_analyst') ? fundamentalAnalystTools(data, used) : {}),
  };
  if (has('fundamental_analyst') || has('market_sentiment')) {
    const owner = has('market_sentiment') ? 'market_sentiment' : 'fundamental_analyst';
    tools.get_global_market = tool({
      description: 'Total crypto market cap, its 24h change, and BTC and ETH dominance now.',
      inputSchema: z.object({}),
      execute: recorded(used, `${owner}.get_global_market`, () => getGlobalMarket(data)),
    });
  }
  return {
    ...tools,
    ...(has('risk_manager') ? riskManagerTools(data, used) : {}),
    ...(has('market_sentiment') ? marketSentimentTools(data, used) : {}),
  };
}

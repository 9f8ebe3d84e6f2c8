import type { Currency } from '@farol/contract';
import type { ChatAgent } from '@farol/contract';
import type {
  DominanceBrief,
  FundamentalsBrief,
  GlobalBrief,
  PositionBrief,
  PriceQuote,
  SentimentBrief,
  SignalBrief,
  VolatilityBrief,
} from './chat.tools.ts';

/** One analysed coin's numbers: the signals engine's reading and the risk manager's volatility. */
export type CoinBriefing = {
  /** A market symbol: one of the ten, or another coin with a Binance USDT pair. */
  symbol: string;
  /** The one price the answer quotes for this coin: every distance and size of the coin is measured from it. */
  quote?: PriceQuote;
  technical?: SignalBrief;
  volatility?: VolatilityBrief;
};

/** Everything the agents found before the answer is written: the model's context, the offline note's data. */
export type Briefing = {
  /** The currency of every money figure below (prices, levels, stops, market caps). */
  currency: Currency;
  agents: ChatAgent[];
  /** Tools that ran, as "agent.tool". */
  toolsUsed: string[];
  /** True when the question named no coin and Bitcoin was read as the market's reference. */
  defaultedToBitcoin: boolean;
  coins: CoinBriefing[];
  position?: PositionBrief;
  fundamentals: FundamentalsBrief[];
  global?: GlobalBrief;
  sentiment?: SentimentBrief;
  /** BTC/ETH dominance shifts over 24 h and 7 d (the sentiment agent). */
  dominance?: DominanceBrief;
  /** Agents whose data could not be read (the upstream failed). */
  unavailable: ChatAgent[];
  /** Market sources the numbers came from ("binance", "simulated", ...). */
  sources: string[];
};

import {
  analysisCoinIds,
  analysisSymbolNames,
  analysisSymbols,
  isAnalysisSymbol,
  type AnalysisSymbol,
} from '@farol/contract';
import { AppError } from '../../lib/app-error.ts';
import type { Coin, TradingPair } from './market.types.ts';

/**
 * The Binance pair of each of the ten quick choices, fixed so they never wait on the exchange listing. MATIC
 * was migrated 1:1 to POL and Binance stopped trading MATICUSDT on 2024-09-10: its candles come from POLUSDT
 * (the same asset under its new ticker), and the symbol stays MATIC so stored alerts and favourites keep working.
 */
export const analysisPairs: Record<AnalysisSymbol, string> = {
  BTC: 'BTCUSDT',
  ETH: 'ETHUSDT',
  BNB: 'BNBUSDT',
  ADA: 'ADAUSDT',
  SOL: 'SOLUSDT',
  XRP: 'XRPUSDT',
  DOT: 'DOTUSDT',
  AVAX: 'AVAXUSDT',
  MATIC: 'POLUSDT',
  LINK: 'LINKUSDT',
};

/** A followed coin with a USDT pair: what candles, signals and alerts go by. */
export type MarketPair = {
  /** The market symbol (MATIC for the POL token; else the coin's own symbol). */
  symbol: string;
  /** Binance pair the candles come from. */
  pair: string;
  coinId: string;
  name: string;
  rank?: number;
  image?: string;
  isQuickChoice: boolean;
};

export type MarketPairs = {
  /** The ten first (list order), then by rank. */
  list: readonly MarketPair[];
  bySymbol: ReadonlyMap<string, MarketPair>;
  byCoinId: ReadonlyMap<string, MarketPair>;
  /** Another symbol a coin of the list is known by (POL → MATIC). */
  aliases: ReadonlyMap<string, string>;
  /** Followed coins without a USDT pair, by symbol: the reason a request for them is refused. */
  withoutPair: ReadonlySet<string>;
};

const SYMBOL = /^[A-Z0-9]{1,20}$/;

/** The quick choice whose CoinGecko ids include `coinId` (MATIC for polygon-ecosystem-token). */
const quickChoiceOf = (coinId: string): AnalysisSymbol | undefined =>
  analysisSymbols.find((symbol) => analysisCoinIds[symbol].includes(coinId));

/**
 * Joins the followed coins (rank order) with the USDT pairs trading now. CoinGecko symbols collide: a symbol
 * belongs to the best-ranked coin that has it (a lower-ranked namesake gets nothing, even when the pair is
 * the namesake's own). The ten keep their fixed pairs and their symbols, whatever the listing says.
 */
export function buildMarketPairs(coins: readonly Coin[], tradingPairs: readonly TradingPair[]): MarketPairs {
  const pairOfBase = new Map(tradingPairs.map((pair) => [pair.baseAsset, pair.pair]));
  const bySymbol = new Map<string, MarketPair>();
  const byCoinId = new Map<string, MarketPair>();
  const aliases = new Map<string, string>();
  const withoutPair = new Set<string>();
  const claimed = new Set<string>(analysisSymbols);
  const add = (entry: MarketPair) => {
    bySymbol.set(entry.symbol, entry);
    byCoinId.set(entry.coinId, entry);
  };

  for (const symbol of analysisSymbols) {
    const coin = coins.find((candidate) => analysisCoinIds[symbol].includes(candidate.id));
    add({
      symbol,
      pair: analysisPairs[symbol],
      coinId: coin?.id ?? analysisCoinIds[symbol][0]!,
      name: coin?.name ?? analysisSymbolNames[symbol],
      rank: coin?.rank,
      image: coin?.image,
      isQuickChoice: true,
    });
  }
  const others: MarketPair[] = [];
  for (const coin of coins) {
    const symbol = coin.symbol.toUpperCase();
    const quickChoice = quickChoiceOf(coin.id);
    if (quickChoice) {
      // the POL token is MATIC's coin: /coins/pol and ?symbol=POL reach MATIC
      if (symbol !== quickChoice && !claimed.has(symbol) && SYMBOL.test(symbol))
        aliases.set(symbol, quickChoice);
      claimed.add(symbol);
      continue;
    }
    if (claimed.has(symbol) || !SYMBOL.test(symbol)) continue;
    claimed.add(symbol);
    const pair = pairOfBase.get(symbol);
    if (!pair) {
      withoutPair.add(symbol);
      continue;
    }
    const entry: MarketPair = {
      symbol,
      pair,
      coinId: coin.id,
      name: coin.name,
      rank: coin.rank,
      image: coin.image,
      isQuickChoice: false,
    };
    others.push(entry);
    add(entry);
  }
  return {
    list: [...analysisSymbols.map((symbol) => bySymbol.get(symbol)!), ...others],
    bySymbol,
    byCoinId,
    aliases,
    withoutPair,
  };
}

/** Upper-cased and trimmed, cut to 20 characters for error messages. */
const normalized = (text: string) => text.trim().toUpperCase();

/**
 * The coin a symbol names, by its market symbol or an alias (POL → MATIC). A followed coin without a pair is
 * refused with the reason (404 `coin_without_pair`); anything else is not a coin Farol follows (404 `unknown_symbol`).
 */
export function findMarketPair(pairs: MarketPairs, text: string): MarketPair {
  const symbol = normalized(text);
  const found = pairs.bySymbol.get(pairs.aliases.get(symbol) ?? symbol);
  if (found) return found;
  if (pairs.withoutPair.has(symbol)) throw new AppError('coin_without_pair', { symbol });
  throw new AppError('unknown_symbol', { symbol: symbol.slice(0, 20) });
}

/** The fixed pair of a quick choice, without reading any list (the ten never wait on the listing). */
export const quickChoicePair = (text: string): string | undefined => {
  const symbol = normalized(text);
  return isAnalysisSymbol(symbol) ? analysisPairs[symbol] : undefined;
};

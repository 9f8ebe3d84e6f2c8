import { analysisSymbols, isAnalysisSymbol } from '@farol/contract';
import { analysisPairs } from '../market/market-pairs.ts';

/**
 * The one statement of which coins stream live and from which Binance pair: the ten analysed coins for now.
 * Widening the stream to more coins means changing these two functions and nothing else.
 */
export function streamPairOf(symbol: string): string | undefined {
  return isAnalysisSymbol(symbol) ? analysisPairs[symbol] : undefined;
}

/** Every coin that streams, upper case (its mini-ticker is followed whether or not a browser watches it). */
export function streamedSymbols(): readonly string[] {
  return analysisSymbols;
}

/** The pair quoting BRL per USDT: prices in reais are USDT prices times its price. */
export const RATE_PAIR = 'USDTBRL';

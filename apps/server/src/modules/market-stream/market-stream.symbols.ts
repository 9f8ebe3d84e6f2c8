import { analysisSymbols } from '@farol/contract';
import { AppError } from '../../lib/app-error.ts';
import { analysisPairs, quickChoicePair, type MarketPairs } from '../market/market-pairs.ts';

/** A coin a browser follows and the Binance pair its ticks come from. */
export type StreamCoin = { symbol: string; pair: string };

/** The ten quick choices: their mini-tickers are followed whether or not a browser watches them. */
export const alwaysStreamedCoins: readonly StreamCoin[] = analysisSymbols.map((symbol) => ({
  symbol,
  pair: analysisPairs[symbol],
}));

/** The pair quoting BRL per USDT: prices in reais are USDT prices times its price. */
export const RATE_PAIR = 'USDTBRL';

/**
 * The one statement of which coins stream: any coin with a Binance USDT pair, by its market symbol (MATIC, not
 * POL: the symbol candles, signals and alerts go by). The ten never wait on the listing; the market pairs are
 * read once, only when another coin is asked for. Any other symbol is refused by name.
 */
export async function resolveStreamCoins(
  symbols: readonly string[],
  marketPairs: () => Promise<MarketPairs>,
): Promise<StreamCoin[]> {
  let pairs: MarketPairs | undefined;
  const coins: StreamCoin[] = [];
  for (const symbol of symbols) {
    let pair = quickChoicePair(symbol);
    if (!pair) {
      pairs ??= await marketPairs();
      pair = pairs.bySymbol.get(symbol)?.pair;
    }
    if (!pair) throw new AppError('unknown_coin', { coin: symbol });
    coins.push({ symbol, pair });
  }
  return coins;
}

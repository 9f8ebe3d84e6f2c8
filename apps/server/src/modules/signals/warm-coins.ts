import { analysisCoinIds, analysisSymbols } from '@farol/contract';
import type { DbExecutor } from '../../db/client.ts';
import { favorites } from '../../db/schema/market.ts';
import type { MarketService } from '../market/market.types.ts';

export type WarmCoinsDeps = { db: DbExecutor; market: MarketService };

const quickChoiceIds: ReadonlySet<string> = new Set(Object.values(analysisCoinIds).flat());

/** A warm coin: its market symbol and the CoinGecko ids favourites name it by (the ten may have several). */
export type WarmCoin = { symbol: string; coinIds: readonly string[] };

const quickChoices = (): WarmCoin[] =>
  analysisSymbols.map((symbol) => ({ symbol, coinIds: analysisCoinIds[symbol] }));

/**
 * The coins whose signal is kept computed in the background (and, for the track record, stored hourly): the
 * ten quick choices, then every coin someone holds as a favourite that has a USDT pair, by rank. Any other
 * coin is analysed only when asked for. Without the market pairs (upstreams down, nothing cached) the ten.
 */
export async function listWarmCoins(deps: WarmCoinsDeps): Promise<WarmCoin[]> {
  const rows = await deps.db.selectDistinct({ coinId: favorites.coinId }).from(favorites);
  const favoriteIds = rows.map((row) => row.coinId).filter((coinId) => !quickChoiceIds.has(coinId));
  if (favoriteIds.length === 0) return quickChoices();
  const pairs = await deps.market.getMarketPairs().then(
    (result) => result.data,
    () => undefined,
  );
  if (!pairs) return quickChoices();
  const held = new Set(favoriteIds);
  const favoriteCoins = pairs.list
    .filter((entry) => held.has(entry.coinId))
    .map((entry) => ({ symbol: entry.symbol, coinIds: [entry.coinId] }));
  return [...quickChoices(), ...favoriteCoins];
}

/** The warm coins' market symbols (see listWarmCoins). */
export const listWarmSymbols = async (deps: WarmCoinsDeps): Promise<string[]> =>
  (await listWarmCoins(deps)).map((coin) => coin.symbol);

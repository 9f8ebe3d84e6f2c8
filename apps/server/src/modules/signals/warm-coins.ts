import { analysisCoinIds, analysisSymbols } from '@farol/contract';
import type { DbExecutor } from '../../db/client.ts';
import { favorites } from '../../db/schema/market.ts';
import type { MarketService } from '../market/market.types.ts';

export type WarmCoinsDeps = { db: DbExecutor; market: MarketService };

const quickChoiceIds: ReadonlySet<string> = new Set(Object.values(analysisCoinIds).flat());

/**
 * The coins whose signal is kept computed in the background (and, for the track record, stored hourly): the
 * ten quick choices, then every coin someone holds as a favourite that has a USDT pair, by rank. Any other
 * coin is analysed only when asked for. Without the market pairs (upstreams down, nothing cached) the ten.
 */
export async function listWarmSymbols(deps: WarmCoinsDeps): Promise<string[]> {
  const rows = await deps.db.selectDistinct({ coinId: favorites.coinId }).from(favorites);
  const favoriteIds = rows.map((row) => row.coinId).filter((coinId) => !quickChoiceIds.has(coinId));
  if (favoriteIds.length === 0) return [...analysisSymbols];
  const pairs = await deps.market.getMarketPairs().then(
    (result) => result.data,
    () => undefined,
  );
  if (!pairs) return [...analysisSymbols];
  const held = new Set(favoriteIds);
  const favoriteSymbols = pairs.list.filter((entry) => held.has(entry.coinId)).map((entry) => entry.symbol);
  return [...analysisSymbols, ...favoriteSymbols];
}

import { analysisCoinIds, analysisSymbols, type CoinFacts, type Currency } from '@farol/contract';
import type { DbExecutor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Actor } from '../../plugins/auth.ts';
import { listFavorites } from '../crypto/crypto.repository.ts';
import type { MarketPairs } from './market-pairs.ts';
import type { Coin, MarketResult, MarketService } from './market.types.ts';

export type CoinPageDeps = { db: DbExecutor; market: MarketService };

/**
 * The coin a page symbol names, from the followed list (rank order): one of the ten analysed coins by its
 * CoinGecko ids first (so /coins/matic finds POL), else the best-ranked coin with that symbol (symbols collide).
 */
export function findCoinBySymbol(coins: readonly Coin[], symbolText: string): Coin | undefined {
  const symbol = symbolText.trim().toUpperCase();
  const analysed = analysisSymbols.find((candidate) => candidate === symbol);
  if (analysed) {
    const ids = analysisCoinIds[analysed];
    const coin = coins.find((candidate) => ids.includes(candidate.id));
    if (coin) return coin;
  }
  return coins.find((candidate) => candidate.symbol === symbol);
}

/** The followed coin a page symbol names, from the market's cached top 500; the cached copy's age comes along. */
export async function findListedCoin(
  market: MarketService,
  symbolText: string,
  currency: Currency = 'USD',
): Promise<MarketResult<Coin | undefined>> {
  const result = await market.getCoins(undefined, currency);
  return { ...result, data: findCoinBySymbol(result.data, symbolText) };
}

/** `pairs`: which coins have a USDT pair; the one whose symbol the candles and signals go by (MATIC for POL). */
function toCoinFacts(coin: Coin, isFavorite: boolean, pairs: MarketPairs): CoinFacts {
  const analysisSymbol = pairs.byCoinId.get(coin.id)?.symbol ?? null;
  return {
    id: coin.id,
    name: coin.name,
    symbol: coin.symbol,
    image: coin.image ?? null,
    price: coin.currentPrice ?? null,
    priceChangePercentage24h: coin.priceChangePercentage24h ?? null,
    rank: coin.rank ?? null,
    marketCap: coin.marketCap ?? null,
    volume24h: coin.totalVolume ?? null,
    circulatingSupply: coin.circulatingSupply ?? null,
    totalSupply: coin.totalSupply ?? null,
    maxSupply: coin.maxSupply ?? null,
    high24h: coin.high24h ?? null,
    low24h: coin.low24h ?? null,
    allTimeHigh: coin.allTimeHigh ?? null,
    allTimeHighDate: coin.allTimeHighDate ?? null,
    priceChangePercentage30d: coin.priceChangePercentage30d ?? null,
    priceChangePercentage1y: coin.priceChangePercentage1y ?? null,
    ...(coin.priceSource ? { priceSource: coin.priceSource } : {}),
    isFavorite,
    isAnalysed: analysisSymbol !== null,
    analysisSymbol,
  };
}

/**
 * GET coins/{symbol}: one coin's market facts, read from the cached top-500 list (never an upstream call per
 * visitor); `isFavorite` for a signed-in caller; whether it has a pair (signals, analysis) from the market
 * pairs (cached for the day). A coin outside the list is a 404.
 */
export async function readCoinFacts(
  deps: CoinPageDeps,
  actor: Actor | undefined,
  symbolText: string,
  currency: Currency = 'USD',
): Promise<MarketResult<CoinFacts>> {
  const [listed, favorites, pairs] = await Promise.all([
    findListedCoin(deps.market, symbolText, currency),
    actor ? listFavorites(deps.db, actor.id) : Promise.resolve([]),
    deps.market.getMarketPairs(),
  ]);
  const coin = listed.data;
  if (!coin) throw new AppError('coin_not_found', { symbol: symbolText.trim().toUpperCase() });
  const isFavorite = favorites.some((favorite) => favorite.coinId === coin.id);
  return { ...listed, data: toCoinFacts(coin, isFavorite, pairs.data) };
}

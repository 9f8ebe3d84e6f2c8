import { analysisSymbols } from '@farol/contract';
import { describe, expect, it } from 'vitest';
import { isAppError } from '../../lib/app-error.ts';
import { buildMarketPairs, findMarketPair } from './market-pairs.ts';
import type { Coin } from './market.types.ts';

const coin = (rank: number, id: string, symbol: string): Coin => ({ id, symbol, name: id, rank });
const trading = (...bases: string[]) => bases.map((base) => ({ pair: `${base}USDT`, baseAsset: base }));

/** The error code `findMarketPair` throws for a symbol, or the pair it finds. */
function lookUp(pairs: ReturnType<typeof buildMarketPairs>, text: string): string {
  try {
    return findMarketPair(pairs, text).pair;
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
}

describe('market pairs', () => {
  const coins = [
    coin(1, 'bitcoin', 'BTC'),
    coin(9, 'dogecoin', 'DOGE'),
    coin(15, 'leo-token', 'LEO'),
    coin(20, 'polygon-ecosystem-token', 'POL'),
    coin(40, 'some-pol-namesake', 'POL'),
    coin(60, 'dogecoin-copy', 'DOGE'),
    coin(70, 'rank-70-ton', 'TON'),
    coin(80, 'the-open-network', 'TON'),
    coin(90, 'weird', 'W$RD'),
  ];
  const pairs = buildMarketPairs(coins, trading('BTC', 'DOGE', 'TON', 'LEO2', 'POL'));

  it('keeps the ten first with their fixed pairs, MATIC read from POLUSDT and reached by POL', () => {
    expect(pairs.list.slice(0, 10).map((entry) => entry.symbol)).toEqual([...analysisSymbols]);
    expect(pairs.bySymbol.get('MATIC')).toMatchObject({
      pair: 'POLUSDT',
      coinId: 'polygon-ecosystem-token',
      rank: 20,
    });
    expect(lookUp(pairs, ' pol ')).toBe('POLUSDT');
    // a quick choice missing from the list keeps its pair and its name
    expect(pairs.bySymbol.get('ETH')).toMatchObject({ pair: 'ETHUSDT', name: 'Ethereum', rank: undefined });
  });

  it('gives a colliding symbol to the best-ranked coin only', () => {
    expect(pairs.bySymbol.get('DOGE')?.coinId).toBe('dogecoin');
    expect(pairs.byCoinId.has('dogecoin-copy')).toBe(false);
    // TONUSDT trades, and the symbol belongs to the rank-70 coin, whatever the rank-80 one is
    expect(pairs.bySymbol.get('TON')?.coinId).toBe('rank-70-ton');
    expect(pairs.byCoinId.has('some-pol-namesake')).toBe(false);
  });

  it('tells a followed coin without a pair from a symbol nobody has', () => {
    expect(lookUp(pairs, 'leo')).toBe('coin_without_pair');
    expect(lookUp(pairs, 'XYZ')).toBe('unknown_symbol');
    expect(lookUp(pairs, 'W$RD')).toBe('unknown_symbol');
    expect(pairs.list.map((entry) => entry.symbol)).toEqual([...analysisSymbols, 'DOGE', 'TON']);
  });
});

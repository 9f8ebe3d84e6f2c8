import { describe, expect, it } from 'vitest';
import { buildMarketPairs } from '../market/market-pairs.ts';
import type { Coin } from '../market/market.types.ts';
import { alertedCoinsOf } from './market-stream.alerted.ts';

const coin = (rank: number, id: string, symbol: string): Coin => ({ id, symbol, name: id, rank });
const trading = (...bases: string[]) => bases.map((base) => ({ pair: `${base}USDT`, baseAsset: base }));

describe('the coins price alerts make the upstream follow', () => {
  const pairs = buildMarketPairs(
    [
      coin(1, 'bitcoin', 'BTC'),
      coin(9, 'dogecoin', 'DOGE'),
      coin(10, 'tron', 'TRX'),
      coin(15, 'leo-token', 'LEO'),
      coin(20, 'polygon-ecosystem-token', 'POL'),
    ],
    trading('BTC', 'DOGE', 'TRX', 'POL'),
  );

  it('adds the pair of every alerted coin beyond the ten, and nothing for the ten or coins without a pair', () => {
    const alerted = alertedCoinsOf(['BTC', 'DOGE', 'LEO', 'NOPE', 'MATIC'], pairs);
    expect([...alerted.pairs]).toEqual(['DOGEUSDT']);
    expect(alerted.byPair.get('DOGEUSDT')).toEqual({ symbol: 'DOGE', alertSymbols: ['DOGE'] });
    expect(alerted.byPair.has('TRXUSDT')).toBe(false);
    // the ten's pairs always stand for their coins
    expect(alerted.byPair.get('BTCUSDT')).toEqual({ symbol: 'BTC', alertSymbols: ['BTC'] });
    expect(alerted.byPair.get('POLUSDT')).toEqual({ symbol: 'MATIC', alertSymbols: ['MATIC'] });
  });

  it("checks alerts stored under an alias on the pair's ticks (POL on MATIC's POLUSDT), with no new stream", () => {
    const alerted = alertedCoinsOf(['POL'], pairs);
    expect(alerted.pairs.size).toBe(0);
    expect(alerted.byPair.get('POLUSDT')).toEqual({ symbol: 'MATIC', alertSymbols: ['MATIC', 'POL'] });
  });

  it('follows only the ten without the market pairs', () => {
    const alerted = alertedCoinsOf(['BTC', 'DOGE'], undefined);
    expect(alerted.pairs.size).toBe(0);
    expect(alerted.byPair.has('DOGEUSDT')).toBe(false);
    expect(alerted.byPair.size).toBe(10);
  });
});

import { isAnalysisSymbol, type AlertType, type AnalysisSymbol } from '@farol/contract';
import { rsi } from '@farol/indicators';
import type { FastifyBaseLogger } from 'fastify';
import type { Coin, MarketResult, MarketService } from '../market/market.types.ts';
import type { MarketSnapshot } from './alerts.evaluation.ts';

/** RSI(14) on 1 h closes; 200 candles let Wilder's smoothing settle well past its 14-bar seed. */
const RSI_PERIOD = 14;
const CANDLES_FOR_CHECK = 200;
const HOURS_PER_DAY = 24;

/**
 * Symbols collide among the 500 listed coins; an alert's symbol means the coin with the highest market
 * cap (the one traders mean by "BTC"). Coins without a market cap rank last.
 */
export function priceBySymbol(coins: Coin[]): Map<string, number> {
  const best = new Map<string, Coin>();
  for (const coin of coins) {
    if (coin.currentPrice === undefined) continue;
    const symbol = coin.symbol.toUpperCase();
    const current = best.get(symbol);
    if (!current || (coin.marketCap ?? -1) > (current.marketCap ?? -1)) best.set(symbol, coin);
  }
  return new Map([...best].map(([symbol, coin]) => [symbol, coin.currentPrice!]));
}

/** The listed coin an alert symbol resolves to (same rule as the check), or undefined. */
export function findListedCoin(coins: Coin[], symbol: string): Coin | undefined {
  let found: Coin | undefined;
  for (const coin of coins) {
    if (coin.symbol.toUpperCase() !== symbol) continue;
    if (!found || (coin.marketCap ?? -1) > (found.marketCap ?? -1)) found = coin;
  }
  return found;
}

/** Last 24 closed hourly volumes against the 24 before them, in percent; undefined without 48 hours. */
export function volumeChangePercent(volumes: number[]): number | undefined {
  if (volumes.length < 2 * HOURS_PER_DAY) return undefined;
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const latest = sum(volumes.slice(-HOURS_PER_DAY));
  const previous = sum(volumes.slice(-2 * HOURS_PER_DAY, -HOURS_PER_DAY));
  return previous > 0 ? ((latest - previous) / previous) * 100 : undefined;
}

export function latestRsi(closes: number[]): number | undefined {
  if (closes.length <= RSI_PERIOD) return undefined;
  const value = rsi(closes, RSI_PERIOD).at(-1);
  return value === undefined || Number.isNaN(value) ? undefined : value;
}

/** A market read whose source is the simulated market: alerts treat it as no data at all. */
class SimulatedReadError extends Error {}

/** The data of a live read; a simulated one (the market fell back while we read) counts as a failed read. */
function liveData<T>(result: MarketResult<T>): T {
  if (result.source === 'simulated')
    throw new SimulatedReadError('the market answered from the simulated market');
  return result.data;
}

/**
 * Reads only what the given alerts need from the market service. A failed or simulated read leaves its
 * values unknown (logged), so a provider outage neither fires nor re-arms anything.
 */
export async function readMarketSnapshot(
  market: MarketService,
  alerts: { type: AlertType; coinSymbol: string }[],
  log?: FastifyBaseLogger,
): Promise<MarketSnapshot> {
  const snapshot: MarketSnapshot = { prices: new Map(), volumeChanges: new Map(), rsi: new Map() };
  const types = new Set(alerts.map((alert) => alert.type));
  const candleSymbols = new Set<AnalysisSymbol>();
  for (const alert of alerts) {
    if ((alert.type === 'volume' || alert.type === 'tecnico') && isAnalysisSymbol(alert.coinSymbol))
      candleSymbols.add(alert.coinSymbol);
  }
  const attempt = async (what: string, read: () => Promise<void>) => {
    try {
      await read();
    } catch (error) {
      log?.warn({ err: error, what }, 'alert check: market read failed');
    }
  };
  await Promise.all([
    types.has('preco') &&
      attempt('coins', async () => {
        snapshot.prices = priceBySymbol(liveData(await market.getCoins()));
      }),
    types.has('sentimento') &&
      attempt('fear-greed', async () => {
        snapshot.fearGreed = liveData(await market.getFearGreed(1))[0]?.value;
      }),
    ...[...candleSymbols].map((symbol) =>
      attempt(`candles ${symbol}`, async () => {
        const candles = liveData(await market.getCandles(symbol, '1h', CANDLES_FOR_CHECK));
        const rsiValue = latestRsi(candles.map((candle) => candle.close));
        const volumeChange = volumeChangePercent(candles.map((candle) => candle.volume));
        if (rsiValue !== undefined) snapshot.rsi.set(symbol, rsiValue);
        if (volumeChange !== undefined) snapshot.volumeChanges.set(symbol, volumeChange);
      }),
    ),
  ]);
  return snapshot;
}

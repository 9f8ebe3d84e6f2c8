import type { AlertType, Currency } from '@farol/contract';
import { rsi } from '@farol/indicators';
import type { FastifyBaseLogger } from 'fastify';
import type { Candle, Coin, MarketResult, MarketService } from '../market/market.types.ts';
import type { SignalsService } from '../signals/signals.service.ts';
import { emptyMarketSnapshot, type MarketSnapshot } from './alerts.evaluation.ts';

/** RSI(14) on 1 h closes; 200 candles let Wilder's smoothing settle well past its 14-bar seed. */
const RSI_PERIOD = 14;
const CANDLES_FOR_CHECK = 200;
const HOURS_PER_DAY = 24;
const HOUR_MS = 3_600_000;

/**
 * Symbols collide among the 500 listed coins; an alert's symbol means the coin with the highest market
 * cap (the one traders mean by "BTC"). Coins without a market cap rank last; coins without a price are left out.
 */
function bestCoinBySymbol(coins: Coin[]): Map<string, Coin> {
  const best = new Map<string, Coin>();
  for (const coin of coins) {
    if (coin.currentPrice === undefined) continue;
    const symbol = coin.symbol.toUpperCase();
    const current = best.get(symbol);
    if (!current || (coin.marketCap ?? -1) > (current.marketCap ?? -1)) best.set(symbol, coin);
  }
  return best;
}

export function priceBySymbol(coins: Coin[]): Map<string, number> {
  return new Map([...bestCoinBySymbol(coins)].map(([symbol, coin]) => [symbol, coin.currentPrice!]));
}

/** Each listed coin's 24 h price change in percent, by symbol (the same coin as its price). */
export function dayChangeBySymbol(coins: Coin[]): Map<string, number> {
  const changes = new Map<string, number>();
  for (const [symbol, coin] of bestCoinBySymbol(coins)) {
    if (coin.priceChangePercentage24h !== undefined) changes.set(symbol, coin.priceChangePercentage24h);
  }
  return changes;
}

/**
 * The live price against the price an hour ago, in percent. The candles are closed hourly ones, so the
 * price an hour ago is interpolated between the two closes around it; undefined when they do not reach it.
 */
export function hourChangePercent(
  candles: readonly Candle[],
  price: number,
  now: number,
): number | undefined {
  const target = now - HOUR_MS;
  for (let index = candles.length - 1; index > 0; index -= 1) {
    const before = candles[index - 1]!;
    const after = candles[index]!;
    const beforeClose = before.openTime + HOUR_MS;
    const afterClose = after.openTime + HOUR_MS;
    if (target > afterClose) return undefined;
    if (target < beforeClose) continue;
    const share = (target - beforeClose) / (afterClose - beforeClose);
    const reference = before.close + share * (after.close - before.close);
    return reference > 0 ? (price / reference - 1) * 100 : undefined;
  }
  return undefined;
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

/** Where a check reads: the market, and the signal engine for advanced alerts; `now` in ms. */
export type SnapshotSources = { market: MarketService; signals?: SignalsService; now: number };

type AlertToRead = {
  type: AlertType;
  coinSymbol: string;
  currency?: Currency;
  conditions?: { changeWindow?: string };
};

/**
 * Which coins need candles (volume, RSI, the 1 h change) and which need the engine's reading: any coin with a
 * pair (alerts store its market symbol); a coin that lost its pair fails its read, logged, and stays unknown.
 */
function symbolsToRead(alerts: AlertToRead[]) {
  const candleSymbols = new Set<string>();
  const signalSymbols = new Set<string>();
  for (const alert of alerts) {
    if (alert.type === 'volume' || alert.type === 'tecnico') candleSymbols.add(alert.coinSymbol);
    if (alert.type !== 'avancado') continue;
    signalSymbols.add(alert.coinSymbol);
    if (alert.conditions?.changeWindow === '1h') candleSymbols.add(alert.coinSymbol);
  }
  return { candleSymbols, signalSymbols };
}

/**
 * Reads only what the given alerts need from the market service and the signal engine, both served from
 * their caches. A failed or simulated read leaves its values unknown (logged), so a provider outage
 * neither fires nor re-arms anything.
 */
export async function readMarketSnapshot(
  sources: SnapshotSources,
  alerts: AlertToRead[],
  log?: FastifyBaseLogger,
): Promise<MarketSnapshot> {
  const { market, signals } = sources;
  const snapshot = emptyMarketSnapshot();
  const types = new Set(alerts.map((alert) => alert.type));
  const { candleSymbols, signalSymbols } = symbolsToRead(alerts);
  const attempt = async (what: string, read: () => Promise<void>) => {
    try {
      await read();
    } catch (error) {
      log?.warn({ err: error, what }, 'alert check: market read failed');
    }
  };
  const hourlyCandles = new Map<string, Candle[]>();
  await Promise.all([
    (types.has('preco') || types.has('avancado')) &&
      attempt('coins', async () => {
        const coins = liveData(await market.getCoins());
        snapshot.prices = priceBySymbol(coins);
        snapshot.priceChanges['24h'] = dayChangeBySymbol(coins);
      }),
    alerts.some((alert) => alert.type === 'preco' && alert.currency === 'BRL') &&
      attempt('coins in BRL', async () => {
        snapshot.pricesBrl = priceBySymbol(liveData(await market.getCoins(undefined, 'BRL')));
      }),
    types.has('sentimento') &&
      attempt('fear-greed', async () => {
        snapshot.fearGreed = liveData(await market.getFearGreed(1))[0]?.value;
      }),
    ...[...candleSymbols].map((symbol) =>
      attempt(`candles ${symbol}`, async () => {
        const candles = liveData(await market.getCandles(symbol, '1h', CANDLES_FOR_CHECK));
        hourlyCandles.set(symbol, candles);
        const rsiValue = latestRsi(candles.map((candle) => candle.close));
        const volumeChange = volumeChangePercent(candles.map((candle) => candle.volume));
        if (rsiValue !== undefined) snapshot.rsi.set(symbol, rsiValue);
        if (volumeChange !== undefined) snapshot.volumeChanges.set(symbol, volumeChange);
      }),
    ),
    ...[...signalSymbols].map((symbol) =>
      attempt(`signal ${symbol}`, async () => {
        if (!signals) return;
        const reading = await signals.getReading(symbol);
        if (reading.source === 'simulated')
          throw new SimulatedReadError('the signal was computed on the simulated market');
        snapshot.signals.set(symbol, reading);
      }),
    ),
  ]);
  for (const [symbol, candles] of hourlyCandles) {
    const price = snapshot.prices.get(symbol);
    const change = price === undefined ? undefined : hourChangePercent(candles, price, sources.now);
    if (change !== undefined) snapshot.priceChanges['1h'].set(symbol, change);
  }
  return snapshot;
}

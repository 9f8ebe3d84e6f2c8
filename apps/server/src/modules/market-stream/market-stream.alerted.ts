import { isAnalysisSymbol } from '@farol/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { listAlertedCoins } from '../alerts/alerts.service.ts';
import type { MarketPairs } from '../market/market-pairs.ts';
import type { MarketService } from '../market/market.types.ts';
import { alwaysStreamedCoins } from './market-stream.symbols.ts';

/**
 * The alert list is read again this often where the upstream is followed, besides at once after every change
 * made through the API: it also catches what changes alerts elsewhere (an account deleted, the admin CLI, a
 * change announced while no instance led).
 */
export const ALERTED_COINS_REFRESH_MS = 30_000;

/**
 * What a pair's ticks stand for: the coin's market symbol (its cached price) and the symbols price alerts on it
 * are stored under (the market symbol, and an alias such as POL for MATIC's pair when some alert uses it).
 */
export type TickCoin = { symbol: string; alertSymbols: readonly string[] };

export type AlertedCoins = {
  /** Pairs beyond the ten followed because some active price alert is on their coin. */
  pairs: ReadonlySet<string>;
  /** The ten's pairs and those: what their ticks stand for. */
  byPair: ReadonlyMap<string, TickCoin>;
};

const tenByPair = (): Map<string, TickCoin> =>
  new Map(
    alwaysStreamedCoins.map((coin) => [coin.pair, { symbol: coin.symbol, alertSymbols: [coin.symbol] }]),
  );

/**
 * The pairs the alerted coins trade as. An alert's symbol names the coin that owns it in the market pairs (by
 * market symbol or alias: the best-ranked coin with that symbol, the price alerts' own rule); a coin without a
 * USDT pair has no ticks and stays with the scheduled check. `marketPairs` is needed only beyond the ten.
 */
export function alertedCoinsOf(
  symbols: readonly string[],
  marketPairs: MarketPairs | undefined,
): AlertedCoins {
  const byPair = tenByPair();
  const pairs = new Set<string>();
  for (const symbol of symbols) {
    if (isAnalysisSymbol(symbol) || !marketPairs) continue;
    const found = marketPairs.bySymbol.get(marketPairs.aliases.get(symbol) ?? symbol);
    if (!found) continue;
    const coin = byPair.get(found.pair) ?? { symbol: found.symbol, alertSymbols: [found.symbol] };
    const alertSymbols = coin.alertSymbols.includes(symbol)
      ? coin.alertSymbols
      : [...coin.alertSymbols, symbol];
    byPair.set(found.pair, { ...coin, alertSymbols });
    if (!found.isQuickChoice) pairs.add(found.pair);
  }
  return { pairs, byPair };
}

/**
 * What the ticks of these alert symbols' pairs stand for, reading the market pairs only beyond the ten;
 * undefined while they are the simulated market's (invented: Binance has no ticks for them).
 */
export async function readTickCoins(
  symbols: readonly string[],
  market: Pick<MarketService, 'getMarketPairs'>,
): Promise<AlertedCoins | undefined> {
  if (symbols.every(isAnalysisSymbol)) return alertedCoinsOf(symbols, undefined);
  const marketPairs = await market.getMarketPairs();
  if (marketPairs.source === 'simulated') return undefined;
  return alertedCoinsOf(symbols, marketPairs.data);
}

/** Every symbol whose price alerts ticks check. */
export const tickedSymbolsOf = (coins: AlertedCoins): Set<string> =>
  new Set([...coins.byPair.values()].flatMap((coin) => coin.alertSymbols));

const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>) =>
  a.size === b.size && [...a].every((item) => b.has(item));

/**
 * The coins the live market follows for price alerts, read from the database (never from one instance's
 * memory: alerts are created on every instance, and with Redis the leader follows the upstream for all). A
 * refresh asked for while one runs runs once more after it; a failed read keeps what was known.
 */
export function createAlertedCoins(deps: {
  db: Db;
  market: MarketService;
  log: FastifyBaseLogger;
  /** The alerted pairs beyond the ten changed. */
  onChange: (pairs: ReadonlySet<string>) => void;
}) {
  let current: AlertedCoins = { pairs: new Set(), byPair: tenByPair() };
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  async function readOnce() {
    try {
      const next = await readTickCoins(await listAlertedCoins(deps.db), deps.market);
      if (!next) return;
      const changed = !sameSet(next.pairs, current.pairs);
      current = next;
      if (changed) deps.onChange(next.pairs);
    } catch (error) {
      deps.log.warn({ err: error }, 'market stream: alerted coins not read');
    }
  }

  function refresh(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await readOnce();
      } while (again);
    })().finally(() => (running = undefined));
    return running;
  }

  return {
    /** What a pair's ticks stand for (the ten's, and the alerted coins' as last read). */
    coinOf: (pair: string): TickCoin | undefined => current.byPair.get(pair),
    pairs: () => current.pairs,
    refresh,
    /** Reads now and every ALERTED_COINS_REFRESH_MS, while this instance follows the upstream. */
    start() {
      void refresh();
      clearInterval(timer);
      timer = setInterval(() => void refresh(), ALERTED_COINS_REFRESH_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

export type AlertedCoinsReader = ReturnType<typeof createAlertedCoins>;

import { intervalMs } from '../../providers/simulated/model.ts';
import { binanceWeights } from '../../providers/binance/client.ts';
import type { AnalysisSymbol, CandleInterval, Currency } from '@farol/contract';
import type { Cache } from '../../lib/cache.ts';
import { SIMULATED_USDT_BRL, type SimulatedMarket } from '../../providers/simulated/client.ts';
import { COIN_PAGE_SIZE, coinsKey, MAX_COINS } from './market-reads.ts';
import type { LiveMarket } from './market-upstream.ts';
import type { Coin, LiveCandle, LiveTicker } from './market.types.ts';

/** A coin's live price in USDT and its 24 h change (percent), by upper-case symbol. */
export type LivePrice = { symbol: string; price: number; change24h: number };

const PAGE_COUNT = Math.ceil(MAX_COINS / COIN_PAGE_SIZE);

/** Symbols collide: a tick's symbol means the listed coin with the highest market cap (the alerts' rule). */
async function coinIdsOf(cache: Cache, symbols: ReadonlySet<string>): Promise<Map<string, string>> {
  const best = new Map<string, Coin>();
  for (let page = 1; page <= PAGE_COUNT; page += 1) {
    const entry = await cache.peek(coinsKey('USD', page));
    for (const coin of (entry?.value as Coin[] | undefined) ?? []) {
      if (!symbols.has(coin.symbol)) continue;
      const current = best.get(coin.symbol);
      if (!current || (coin.marketCap ?? -1) > (current.marketCap ?? -1)) best.set(coin.symbol, coin);
    }
  }
  return new Map([...best].map(([symbol, coin]) => [coin.id, symbol]));
}

/**
 * The simulated market as ticks (it moves once per 15-minute step): the coins' tickers, with the fixed
 * USDT/BRL rate as the rate pair's ticker, and each wanted candle in progress.
 */
async function simulatedTicks(
  simulated: SimulatedMarket,
  time: number,
  coins: readonly { symbol: AnalysisSymbol; pair: string }[],
  candles: readonly { symbol: AnalysisSymbol; pair: string; interval: CandleInterval }[],
  ratePair: string,
): Promise<(LiveTicker | LiveCandle)[]> {
  const listed = new Map(simulated.coinsAt(time).map((coin) => [coin.symbol, coin]));
  const rate = SIMULATED_USDT_BRL;
  const ticks: (LiveTicker | LiveCandle)[] = [
    { kind: 'ticker', pair: ratePair, price: rate, open24h: rate, volume24h: 0, time },
  ];
  for (const { symbol, pair } of coins) {
    const coin = listed.get(symbol);
    if (coin?.currentPrice === undefined) continue;
    const change = coin.priceChangePercentage24h ?? 0;
    ticks.push({
      kind: 'ticker',
      pair,
      price: coin.currentPrice,
      open24h: coin.currentPrice / (1 + change / 100),
      volume24h: (coin.totalVolume ?? 0) / coin.currentPrice,
      time,
    });
  }
  for (const { pair, interval } of candles) {
    const candle = (await simulated.fetchCandles(pair, interval, 1, time)).at(-1);
    if (!candle) continue;
    const closed = candle.openTime + intervalMs[interval] <= time;
    ticks.push({ kind: 'candle', pair, interval, candle, closed, time });
  }
  return ticks;
}

async function applyLivePrices(cache: Cache, prices: readonly LivePrice[], rate: number | undefined) {
  if (prices.length === 0) return;
  const bySymbol = new Map(prices.map((price) => [price.symbol, price]));
  const symbolById = await coinIdsOf(cache, new Set(bySymbol.keys()));
  if (symbolById.size === 0) return;
  const currencies: [Currency, number | undefined][] = [
    ['USD', 1],
    ['BRL', rate],
  ];
  for (const [currency, factor] of currencies) {
    if (factor === undefined) continue;
    for (let page = 1; page <= PAGE_COUNT; page += 1) {
      await cache.patch<Coin[]>(coinsKey(currency, page), (coins) => {
        let changed = false;
        const patched = coins.map((coin) => {
          const symbol = symbolById.get(coin.id);
          const live = symbol === undefined ? undefined : bySymbol.get(symbol);
          if (!live) return coin;
          changed = true;
          return {
            ...coin,
            currentPrice: live.price * factor,
            priceChangePercentage24h: live.change24h,
            priceSource: 'binance' as const,
          };
        });
        return changed ? patched : undefined;
      });
    }
  }
}

/**
 * What the live stream does with the market service: polls Binance's REST API through its call budget while
 * the WebSocket is down, and writes ticks into the cached coin lists so every price answer follows them.
 */
export function createLiveAccess(options: {
  upstream: LiveMarket;
  simulated: SimulatedMarket;
  cache: Cache;
  now: () => number;
}) {
  const { upstream, simulated, cache, now } = options;

  return {
    /** Many pairs' 24 h windows in one REST call (fails with rate_limit when the budget is spent). */
    pollTickers: async (pairs: readonly string[]): Promise<LiveTicker[]> =>
      (
        await upstream.call(
          'binance',
          () => upstream.provider.fetchMiniTickers(pairs),
          binanceWeights.miniTickers(pairs.length),
        )
      ).value,

    /** The candle in progress of one coin (its last candle, marked closed once its time is over). */
    pollCandle: async (pair: string, interval: CandleInterval): Promise<LiveCandle | undefined> => {
      const time = now();
      const { value } = await upstream.call(
        'binance',
        () => upstream.provider.fetchCandles(pair, interval, 1, time),
        binanceWeights.klines,
      );
      const candle = value.at(-1);
      if (!candle) return undefined;
      const closed = candle.openTime + intervalMs[interval] <= time;
      return { kind: 'candle', pair, interval, candle, closed, time };
    },

    /** The simulated market's current figures as ticks (see `simulatedTicks`). */
    simulatedTicks: (
      coins: Parameters<typeof simulatedTicks>[2],
      candles: Parameters<typeof simulatedTicks>[3],
      ratePair: string,
    ) => simulatedTicks(simulated, now(), coins, candles, ratePair),
    /**
     * Writes live prices into the cached coin lists (dollars, and reais at `rate` BRL per USDT), keeping each
     * list's source and age: the other figures (market cap, volume, sparkline) still come from its source.
     */
    applyLivePrices: (prices: readonly LivePrice[], rate: number | undefined) =>
      applyLivePrices(cache, prices, rate),
  };
}

export type LiveAccess = ReturnType<typeof createLiveAccess>;

import type { FastifyInstance } from 'fastify';
import { emptyMarketSnapshot } from '../alerts/alerts.evaluation.ts';
import { checkPriceAlertsAgainst } from '../alerts/alerts.service.ts';
import type { LivePrice } from '../market/market-live.ts';
import type { LiveMarketEvent, MarketServiceWithInternals } from '../market/market.types.ts';
import type { TickCoin } from './market-stream.alerted.ts';
import { RATE_PAIR } from './market-stream.symbols.ts';

/** Cached prices follow the ticks at most this often (each write rewrites the cached lists). */
export const PRICE_WRITE_MS = 1_000;
/**
 * The price alerts of the coins that ticked are checked together at most this often (one query whatever the
 * number of coins; a crossing is seen within a second or so).
 */
const ALERT_CHECK_MS = 1_000;

/** What a pair's ticks stand for (the ten's, and the alerted coins'); undefined for any other pair. */
export type TickCoinOf = (pair: string) => TickCoin | undefined;

/** The coin's live price and 24 h change of a ticker of a pair that stands for a coin. */
function livePriceOf(event: LiveMarketEvent, coinOf: TickCoinOf): (LivePrice & TickCoin) | undefined {
  if (event.kind !== 'ticker') return undefined;
  const coin = coinOf(event.pair);
  if (!coin) return undefined;
  const change24h = event.open24h > 0 ? (event.price / event.open24h - 1) * 100 : 0;
  return { ...coin, price: event.price, change24h };
}

/** Writes the latest tick of every coin into the cached coin lists, at most once a second. */
export function createLivePriceWriter(deps: {
  market: MarketServiceWithInternals;
  log: FastifyInstance['log'];
  coinOf: TickCoinOf;
}) {
  const pending = new Map<string, LivePrice>();
  let rate: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | undefined;

  function write() {
    timer = undefined;
    if (writing) return void (timer = setTimeout(write, PRICE_WRITE_MS));
    const prices = [...pending.values()];
    pending.clear();
    writing = deps.market.live
      .applyLivePrices(prices, rate)
      .catch((error: unknown) => deps.log.warn({ err: error }, 'market stream: cached prices not updated'))
      .finally(() => (writing = undefined));
  }

  return {
    note(event: LiveMarketEvent) {
      if (event.kind === 'ticker' && event.pair === RATE_PAIR) rate = event.price;
      const live = livePriceOf(event, deps.coinOf);
      if (!live) return;
      pending.set(live.symbol, { symbol: live.symbol, price: live.price, change24h: live.change24h });
      timer ??= setTimeout(write, PRICE_WRITE_MS);
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/**
 * Checks the price alerts of the coins that ticked, all together at most once a second (each coin's latest
 * tick wins), so a crossing fires within seconds instead of at the next scheduled check; firings leave through
 * the outbox.
 */
export function createTickAlertChecks(app: FastifyInstance, coinOf: TickCoinOf) {
  // the latest USDT price of every alert symbol that ticked since the last check
  const latest = new Map<string, number>();
  let lastCheckAt = 0;
  let timer: NodeJS.Timeout | undefined;
  let rate: number | undefined;
  let chain: Promise<void> = Promise.resolve();
  let stopped = false;

  async function check() {
    if (latest.size === 0 || stopped) return;
    lastCheckAt = Date.now();
    const snapshot = emptyMarketSnapshot();
    for (const [symbol, price] of latest) {
      snapshot.prices.set(symbol, price);
      if (rate !== undefined) snapshot.pricesBrl.set(symbol, price * rate);
    }
    latest.clear();
    const report = await checkPriceAlertsAgainst(
      {
        db: app.db,
        now: app.now,
        market: app.market,
        log: app.log,
        notificationHourlyBudget: app.config.NOTIFICATION_HOURLY_BUDGET,
      },
      [...snapshot.prices.keys()],
      snapshot,
    );
    if (report.fired === 0) return;
    app.emailDelivery.kick();
    app.push.kick();
    app.telegram.kick();
    app.webhooks.kick();
  }

  function schedule() {
    if (timer || stopped) return;
    const wait = Math.max(0, lastCheckAt + ALERT_CHECK_MS - Date.now());
    timer = setTimeout(() => {
      timer = undefined;
      // one check at a time in this process: a slow check delays the next, never piles queries up
      chain = chain
        .then(check)
        .catch((error: unknown) => app.log.error({ err: error }, 'price alert check on a tick failed'));
    }, wait);
    timer.unref();
  }

  return {
    note(event: LiveMarketEvent) {
      if (event.kind === 'ticker' && event.pair === RATE_PAIR) rate = event.price;
      const live = livePriceOf(event, coinOf);
      if (!live || stopped) return;
      for (const symbol of live.alertSymbols) latest.set(symbol, live.price);
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await chain;
    },
  };
}

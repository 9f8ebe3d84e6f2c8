import type { FastifyInstance } from 'fastify';
import { emptyMarketSnapshot } from '../alerts/alerts.evaluation.ts';
import { checkPriceAlertsAgainst } from '../alerts/alerts.service.ts';
import type { LivePrice } from '../market/market-live.ts';
import type { LiveMarketEvent, MarketServiceWithInternals } from '../market/market.types.ts';
import { alwaysStreamedCoins, RATE_PAIR } from './market-stream.symbols.ts';

/** Cached prices follow the ticks at most this often (each write rewrites the cached lists). */
const PRICE_WRITE_MS = 1_000;
/** Price alerts of a coin are checked at most this often (a crossing is seen within a second or so). */
const ALERT_CHECK_MS = 1_000;

// the ten's ticks only: other coins' ticks come while a browser watches them, and their scheduled checks and
// cached prices stay as they were
const symbolByPair = () => new Map(alwaysStreamedCoins.map((coin) => [coin.pair, coin.symbol]));

/** The coin's live price and 24 h change of a ticker of one of the ten's pairs. */
function livePriceOf(event: LiveMarketEvent, symbols: Map<string, string>): LivePrice | undefined {
  if (event.kind !== 'ticker') return undefined;
  const symbol = symbols.get(event.pair);
  if (!symbol) return undefined;
  const change24h = event.open24h > 0 ? (event.price / event.open24h - 1) * 100 : 0;
  return { symbol, price: event.price, change24h };
}

/** Writes the latest tick of every coin into the cached coin lists, at most once a second. */
export function createLivePriceWriter(deps: {
  market: MarketServiceWithInternals;
  log: FastifyInstance['log'];
}) {
  const symbols = symbolByPair();
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
      const price = livePriceOf(event, symbols);
      if (!price) return;
      pending.set(price.symbol, price);
      timer ??= setTimeout(write, PRICE_WRITE_MS);
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/**
 * Checks the price alerts of a coin on its ticks, at most once a second per coin (the latest tick wins), so a
 * crossing fires within seconds instead of at the next scheduled check; firings leave through the outbox.
 */
export function createTickAlertChecks(app: FastifyInstance) {
  const symbols = symbolByPair();
  const latest = new Map<string, number>();
  const lastCheckAt = new Map<string, number>();
  const scheduled = new Map<string, NodeJS.Timeout>();
  let rate: number | undefined;
  let chain: Promise<void> = Promise.resolve();
  let stopped = false;

  async function check(symbol: string) {
    scheduled.delete(symbol);
    const price = latest.get(symbol);
    if (price === undefined || stopped) return;
    lastCheckAt.set(symbol, Date.now());
    const snapshot = emptyMarketSnapshot();
    snapshot.prices.set(symbol, price);
    if (rate !== undefined) snapshot.pricesBrl.set(symbol, price * rate);
    const report = await checkPriceAlertsAgainst(
      { db: app.db, now: app.now, market: app.market, log: app.log },
      [symbol],
      snapshot,
    );
    if (report.fired === 0) return;
    app.emailDelivery.kick();
    app.push.kick();
    app.telegram.kick();
    app.webhooks.kick();
  }

  return {
    note(event: LiveMarketEvent) {
      if (event.kind === 'ticker' && event.pair === RATE_PAIR) rate = event.price;
      const price = livePriceOf(event, symbols);
      if (!price || stopped) return;
      latest.set(price.symbol, price.price);
      if (scheduled.has(price.symbol)) return;
      const wait = Math.max(0, (lastCheckAt.get(price.symbol) ?? 0) + ALERT_CHECK_MS - Date.now());
      const timer = setTimeout(() => {
        // one check at a time in this process: ticks of ten coins never pile up queries
        chain = chain
          .then(() => check(price.symbol))
          .catch((error: unknown) => app.log.error({ err: error }, 'price alert check on a tick failed'));
      }, wait);
      timer.unref();
      scheduled.set(price.symbol, timer);
    },
    async stop() {
      stopped = true;
      for (const timer of scheduled.values()) clearTimeout(timer);
      scheduled.clear();
      await chain;
    },
  };
}

import type { FastifyInstance } from 'fastify';
import { createSignalsService, type SignalsService } from './signals.service.ts';
import { timeframePeriodMs } from './market-analysis.ts';
import { listWarmSymbols } from './warm-coins.ts';

// Binance publishes a closed candle within seconds; the market's candles are refetched 3 s after a close.
const WARM_DELAY_MS = 30_000;

/** Keeps the warm coins' analyses computed: once per 1h close, one coin after the other. */
export type SignalWarmer = {
  /** Computes the warm coins' analyses if this close has not been done yet; never overlaps. */
  run: () => Promise<void>;
  idle: () => Promise<void>;
  /** Ends a pass after the coin being computed (the app is closing) and resolves when it has ended. */
  stop: () => Promise<void>;
};

export function createSignalWarmer(options: {
  listSymbols: () => Promise<string[]>;
  signals: SignalsService;
  now: () => Date;
  log: FastifyInstance['log'];
}): SignalWarmer {
  let warmedClose = 0;
  let running: Promise<void> | undefined;
  let stopped = false;
  const warm = async (close: number) => {
    const symbols = await options.listSymbols();
    // one at a time: a close's burst of klines calls stays spread over the refresher's tick
    for (const symbol of symbols) {
      if (stopped) return;
      await options.signals.getReading(symbol).catch(() => undefined);
    }
    warmedClose = close;
  };
  return {
    run: () => {
      const time = options.now().getTime();
      const close = Math.floor(time / timeframePeriodMs['1h']) * timeframePeriodMs['1h'];
      if (stopped || running || close <= warmedClose || time - close < WARM_DELAY_MS)
        return running ?? Promise.resolve();
      running = warm(close)
        .catch((error: unknown) => options.log.warn({ err: error }, 'signals: warming the coins failed'))
        .finally(() => (running = undefined));
      return running;
    },
    idle: async () => {
      await running;
    },
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}

/**
 * Decorates `app.signals` (after app.market, before the modules that read it: routes, chat, alerts), and
 * after a market refresh past each 1h close computes the warm coins' analyses (`listWarmSymbols`: the ten
 * and the favourites with a pair). Any other coin is computed when first asked for, then cached until its
 * next close.
 */
export function registerSignals(app: FastifyInstance) {
  const signals = createSignalsService({
    market: app.market,
    now: app.now,
    metrics: app.metrics,
    log: app.log,
  });
  app.decorate('signals', signals);
  const warmer = createSignalWarmer({
    listSymbols: () => listWarmSymbols({ db: app.db, market: app.market }),
    signals,
    now: app.now,
    log: app.log,
  });
  app.decorate('signalWarmer', warmer);
  const stopListening = app.market.onRefreshed(() => void warmer.run());
  app.addHook('onClose', async () => {
    stopListening();
    // a pass of many coins would hold the stop: it ends after the coin in hand (the next close warms again)
    await warmer.stop();
  });
}

import type { FastifyInstance } from 'fastify';
import type { LiveMarketEvent } from '../market/market.types.ts';
import { createStreamHub, type StreamHub, type StreamMode } from './market-stream.hub.ts';
import { createStreamSource, type StreamSource } from './market-stream.source.ts';
import { createLivePriceWriter, createTickAlertChecks } from './market-stream.ticks.ts';

/** What `/api/health` says of the live market. */
export type MarketStreamHealth = {
  mode: StreamMode;
  /** Whether this instance follows an upstream (MARKET_STREAM_ENABLED). */
  enabled: boolean;
  connected: boolean;
  /** ISO time the upstream connection opened; absent while disconnected. */
  connectedSince?: string;
  /** Seconds since the upstream's last frame of any kind; absent before the first. */
  lastFrameAgeSeconds?: number;
  clients: number;
};

export type MarketStream = {
  hub: StreamHub;
  health: () => MarketStreamHealth;
  /** Every upstream event goes through here: browsers, the cached prices, the price alerts. */
  deliver: (event: LiveMarketEvent) => void;
};

/**
 * Decorates `app.marketStream` (after app.market and app.alertChecks): one upstream per instance (Binance's
 * WebSocket, or the simulated market), its events fanned out to browsers by the hub, written into the cached
 * prices and checked against the price alerts. The upstream starts when the app is ready and every open
 * browser stream is ended, with a `retry:` hint, before the app closes.
 */
export function registerMarketStream(app: FastifyInstance) {
  const simulated = app.config.MARKET_DATA_SOURCE === 'simulated';
  const enabled = app.config.MARKET_STREAM_ENABLED;
  const now = () => app.now().getTime();
  let source: StreamSource | undefined;
  const hub = createStreamHub({
    mode: simulated ? 'simulated' : 'polling',
    onDemandChange: (topics) => source?.setDemand(topics),
    heartbeatMs: app.config.MARKET_STREAM_HEARTBEAT_SECONDS * 1000,
  });
  // simulated prices never reach the cached lists (they have their own keys) nor the alerts
  const prices = simulated ? undefined : createLivePriceWriter({ market: app.market, log: app.log });
  const alerts = simulated ? undefined : createTickAlertChecks(app);
  const deliver = (event: LiveMarketEvent) => {
    hub.publish(event);
    prices?.note(event);
    alerts?.note(event);
  };
  if (enabled)
    source = createStreamSource({
      config: app.config,
      live: app.market.live,
      deliver,
      onModeChange: hub.setMode,
      now,
      metrics: app.metrics,
      log: app.log,
    });

  // the rate BRL prices start from, until the stream's first USDT/BRL ticker
  const seedRate = () =>
    app.market
      .getRateCandles('1h', 1)
      .then((rates) => {
        const rate = rates.data.at(-1)?.close;
        if (rate !== undefined) hub.setRate(rate);
      })
      .catch(() => undefined);

  app.decorate('marketStream', {
    hub,
    deliver,
    health: (): MarketStreamHealth => {
      const state = source?.state();
      const lastFrameAt = state?.lastFrameAt;
      return {
        mode: hub.mode(),
        enabled,
        connected: state?.connected ?? false,
        ...(state?.connectedSince ? { connectedSince: new Date(state.connectedSince).toISOString() } : {}),
        ...(lastFrameAt ? { lastFrameAgeSeconds: Math.max(0, (now() - lastFrameAt) / 1000) } : {}),
        clients: hub.clientCount(),
      };
    },
  } satisfies MarketStream);

  app.addHook('onReady', async () => {
    if (!source) return;
    void seedRate();
    source.setDemand(hub.demand());
    source.start();
  });
  // before the server stops accepting: open streams would otherwise keep app.close() waiting
  app.addHook('preClose', async () => {
    hub.closeAll();
  });
  app.addHook('onClose', async () => {
    await source?.stop();
    prices?.stop();
    await alerts?.stop();
  });
}

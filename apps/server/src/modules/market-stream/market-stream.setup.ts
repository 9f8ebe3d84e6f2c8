import type { FastifyInstance } from 'fastify';
import type { LiveMarketEvent } from '../market/market.types.ts';
import { createStreamCluster, type StreamCluster } from './market-stream.cluster.ts';
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
  /** `single`: this instance follows its own upstream; with Redis, the `leader` follows it for the `follower`s. */
  role: 'single' | 'leader' | 'follower';
};

function healthOf(
  hub: StreamHub,
  source: StreamSource | undefined,
  cluster: StreamCluster | undefined,
  enabled: boolean,
  now: number,
): MarketStreamHealth {
  const state = source?.state();
  const lastFrameAt = state?.lastFrameAt;
  return {
    mode: hub.mode(),
    enabled,
    connected: state?.connected ?? false,
    ...(state?.connectedSince ? { connectedSince: new Date(state.connectedSince).toISOString() } : {}),
    ...(lastFrameAt ? { lastFrameAgeSeconds: Math.max(0, (now - lastFrameAt) / 1000) } : {}),
    clients: hub.clientCount(),
    role: cluster ? (cluster.isLeader() ? 'leader' : 'follower') : 'single',
  };
}

export type MarketStream = {
  hub: StreamHub;
  health: () => MarketStreamHealth;
  /** Every upstream event goes through here: browsers, the cached prices, the price alerts. */
  deliver: (event: LiveMarketEvent) => void;
};

/**
 * Decorates `app.marketStream` (after app.market and app.alertChecks): one upstream (Binance's WebSocket, or
 * the simulated market) per instance, or per cluster with Redis (the elected leader's, its events relayed to
 * every instance), fanned out to browsers by the hub, written into the cached prices and checked against the
 * price alerts where the upstream is followed. The upstream starts when the app is ready and every open
 * browser stream is ended, with a `retry:` hint, before the app closes.
 */
export function registerMarketStream(app: FastifyInstance) {
  const simulated = app.config.MARKET_DATA_SOURCE === 'simulated';
  const enabled = app.config.MARKET_STREAM_ENABLED;
  const now = () => app.now().getTime();
  let source: StreamSource | undefined;
  let cluster: StreamCluster | undefined;
  const hub = createStreamHub({
    mode: simulated ? 'simulated' : 'polling',
    onDemandChange: (topics) => (cluster ? cluster.setLocalDemand(topics) : source?.setDemand(topics)),
    heartbeatMs: app.config.MARKET_STREAM_HEARTBEAT_SECONDS * 1000,
  });
  // simulated prices never reach the cached lists (they have their own keys) nor the alerts
  const prices = simulated ? undefined : createLivePriceWriter({ market: app.market, log: app.log });
  const alerts = simulated ? undefined : createTickAlertChecks(app);
  /** An upstream event on this instance: to its browsers; where the upstream is followed, to prices and alerts. */
  const deliver = (event: LiveMarketEvent) => {
    hub.publish(event);
    if (cluster && !cluster.isLeader()) return;
    prices?.note(event);
    alerts?.note(event);
  };
  if (enabled) {
    if (app.redis)
      cluster = createStreamCluster({
        redis: app.redis,
        onEvent: deliver,
        onMode: hub.setMode,
        onDemand: (topics) => source?.setDemand(topics),
        onLeadership: (isLeader) => (isLeader ? source?.start() : void source?.stop()),
        log: app.log,
      });
    source = createStreamSource({
      config: app.config,
      live: app.market.live,
      deliver: cluster ? cluster.publishEvent : deliver,
      onModeChange: cluster ? cluster.publishMode : hub.setMode,
      now,
      metrics: app.metrics,
      log: app.log,
    });
  }

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
    health: () => healthOf(hub, source, cluster, enabled, now()),
  } satisfies MarketStream);

  app.addHook('onReady', async () => {
    if (!source) return;
    void seedRate();
    if (cluster) return cluster.start();
    source.setDemand(hub.demand());
    source.start();
  });
  // before the server stops accepting: open streams would otherwise keep app.close() waiting
  app.addHook('preClose', async () => {
    hub.closeAll();
  });
  app.addHook('onClose', async () => {
    await cluster?.stop();
    await source?.stop();
    prices?.stop();
    await alerts?.stop();
  });
}

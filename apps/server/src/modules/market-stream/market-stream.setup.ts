import type { FastifyInstance } from 'fastify';
import type { LiveMarketEvent } from '../market/market.types.ts';
import { createStreamCluster, type StreamCluster } from './market-stream.cluster.ts';
import { createStreamHub, type StreamHub, type StreamMode } from './market-stream.hub.ts';
import { createStreamSource, type StreamSource } from './market-stream.source.ts';
import {
  createAlertedCoins,
  readTickCoins,
  tickedSymbolsOf,
  type AlertedCoinsReader,
} from './market-stream.alerted.ts';
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
  /**
   * A price alert was created, switched or deleted on this instance: whoever follows the upstream (this
   * instance, or the leader with Redis) reads the alerted coins again.
   */
  noteAlertsChanged: () => void;
  /**
   * Among these alert symbols, those whose price alerts ticks check while the upstream is live (none
   * otherwise: while it is down or polled, the scheduled checks evaluate them too).
   */
  tickedPriceSymbols: (symbols: readonly string[]) => Promise<ReadonlySet<string>>;
};

type Upstream = { source: StreamSource; cluster?: StreamCluster };

/**
 * This instance's upstream (with Redis, followed only while it leads), and the alerted coins it follows while
 * it does.
 */
function createUpstream(
  app: FastifyInstance,
  hub: StreamHub,
  alerted: AlertedCoinsReader | undefined,
  deliver: (event: LiveMarketEvent) => void,
): Upstream {
  const upstream = {} as Upstream;
  if (app.redis)
    upstream.cluster = createStreamCluster({
      redis: app.redis,
      onEvent: deliver,
      onMode: hub.setMode,
      onDemand: (topics) => upstream.source.setDemand(topics),
      onAlertsChanged: () => void alerted?.refresh(),
      onLeadership: (isLeader) => {
        if (!isLeader) return void Promise.all([upstream.source.stop(), alerted?.stop()]);
        upstream.source.start();
        alerted?.start();
      },
      log: app.log,
    });
  const { cluster } = upstream;
  upstream.source = createStreamSource({
    config: app.config,
    live: app.market.live,
    deliver: cluster ? cluster.publishEvent : deliver,
    onModeChange: cluster ? cluster.publishMode : hub.setMode,
    now: () => app.now().getTime(),
    metrics: app.metrics,
    log: app.log,
  });
  return upstream;
}

/** Until the stream's first USDT/BRL ticker, BRL prices start from the last closed rate candle. */
function seedRate(app: FastifyInstance, hub: StreamHub) {
  return app.market
    .getRateCandles('1h', 1)
    .then((rates) => {
      const rate = rates.data.at(-1)?.close;
      if (rate !== undefined) hub.setRate(rate);
    })
    .catch(() => undefined);
}

/**
 * Decorates `app.marketStream` (after app.market and app.alertChecks): one upstream (Binance's WebSocket, or
 * the simulated market) per instance, or per cluster with Redis (the elected leader's, its events relayed to
 * every instance), fanned out to browsers by the hub, written into the cached prices and checked against the
 * price alerts where the upstream is followed. Besides the ten and the coins browsers watch, the upstream
 * follows every coin some active price alert is on. The upstream starts when the app is ready and every open
 * browser stream is ended, with a `retry:` hint, before the app closes.
 */
export function registerMarketStream(app: FastifyInstance) {
  const simulated = app.config.MARKET_DATA_SOURCE === 'simulated';
  const enabled = app.config.MARKET_STREAM_ENABLED;
  let upstream: Upstream | undefined;
  const hub = createStreamHub({
    mode: simulated ? 'simulated' : 'polling',
    onDemandChange: (topics) =>
      upstream?.cluster ? upstream.cluster.setLocalDemand(topics) : upstream?.source.setDemand(topics),
    heartbeatMs: app.config.MARKET_STREAM_HEARTBEAT_SECONDS * 1000,
  });
  // simulated prices never reach the cached lists (they have their own keys) nor the alerts
  const alerted = simulated
    ? undefined
    : createAlertedCoins({
        db: app.db,
        market: app.market,
        log: app.log,
        onChange: (pairs) => upstream?.source.setAlertedPairs(pairs),
      });
  const coinOf = (pair: string) => alerted?.coinOf(pair);
  const prices = alerted && createLivePriceWriter({ market: app.market, log: app.log, coinOf });
  const alerts = alerted && createTickAlertChecks(app, coinOf);
  /** An upstream event on this instance: to its browsers; where the upstream is followed, to prices and alerts. */
  const deliver = (event: LiveMarketEvent) => {
    hub.publish(event);
    if (upstream?.cluster && !upstream.cluster.isLeader()) return;
    prices?.note(event);
    alerts?.note(event);
  };
  if (enabled) upstream = createUpstream(app, hub, alerted, deliver);

  app.decorate('marketStream', {
    hub,
    deliver,
    health: () => healthOf(hub, upstream?.source, upstream?.cluster, enabled, app.now().getTime()),
    noteAlertsChanged: () => {
      if (!upstream || !alerted) return;
      if (upstream.cluster) upstream.cluster.publishAlertsChanged();
      else void alerted.refresh();
    },
    tickedPriceSymbols: async (symbols) => {
      if (!upstream || !alerted || hub.mode() !== 'live') return new Set();
      const coins = await readTickCoins(symbols, app.market).catch(() => undefined);
      return coins ? tickedSymbolsOf(coins) : new Set();
    },
  } satisfies MarketStream);

  app.addHook('onReady', async () => {
    if (!upstream) return;
    void seedRate(app, hub);
    if (upstream.cluster) return upstream.cluster.start();
    upstream.source.setDemand(hub.demand());
    upstream.source.start();
    alerted?.start();
  });
  // before the server stops accepting: open streams would otherwise keep app.close() waiting
  app.addHook('preClose', async () => {
    hub.closeAll();
  });
  app.addHook('onClose', async () => {
    await upstream?.cluster?.stop();
    await upstream?.source.stop();
    await alerted?.stop();
    prices?.stop();
    await alerts?.stop();
  });
}

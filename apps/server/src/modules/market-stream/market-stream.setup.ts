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
  /**
   * `single`: this instance follows its own upstream; with Redis, the `leader` follows it for the
   * `follower`s, and while Redis is unreachable each instance follows its own, standalone.
   */
  role: 'single' | 'leader' | 'follower' | typeof STANDALONE_ROLE;
};

/** The role `/api/health` reports while Redis is unreachable (see `ClusterRole`). */
export const STANDALONE_ROLE = 'standalone (redis unreachable)';

function roleOf(cluster: StreamCluster | undefined): MarketStreamHealth['role'] {
  if (!cluster) return 'single';
  const role = cluster.role();
  return role === 'standalone' ? STANDALONE_ROLE : role;
}

function healthOf(
  hub: StreamHub,
  source: StreamSource | undefined,
  cluster: StreamCluster | undefined,
  enabled: boolean,
  now: number,
): MarketStreamHealth {
  // a follower follows no upstream: what it says of one is the leader's business
  const state = cluster?.role() === 'follower' ? undefined : source?.state();
  const lastFrameAt = state?.lastFrameAt;
  return {
    mode: hub.mode(),
    enabled,
    connected: state?.connected ?? false,
    ...(state?.connectedSince ? { connectedSince: new Date(state.connectedSince).toISOString() } : {}),
    ...(lastFrameAt ? { lastFrameAgeSeconds: Math.max(0, (now - lastFrameAt) / 1000) } : {}),
    clients: hub.clientCount(),
    role: roleOf(cluster),
  };
}

/** Starts and stops the upstream as roles change; a start waits for a stop still under way. */
function createSourceSwitch(source: StreamSource) {
  let running = false;
  let stopping: Promise<void> = Promise.resolve();
  return {
    start() {
      if (running) return;
      running = true;
      void stopping.then(() => running && source.start());
    },
    stop(): Promise<void> {
      if (!running) return stopping;
      running = false;
      stopping = source.stop();
      return stopping;
    },
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

/**
 * This instance's upstream and, with Redis, the cluster deciding whether it runs: alone, as leader or
 * standalone it follows one (its events here, and to the other instances when it leads), with the coins
 * price alerts are on; a follower none.
 */
function createUpstream(
  app: FastifyInstance,
  hub: StreamHub,
  alerted: AlertedCoinsReader | undefined,
  deliver: (event: LiveMarketEvent) => void,
) {
  let cluster: StreamCluster | undefined;
  const follows = () => cluster?.role() !== 'follower';
  const source = createStreamSource({
    config: app.config,
    live: app.market.live,
    // a follower's upstream may still be stopping: its last events are the leader's to give
    deliver: (event) => {
      if (!follows()) return;
      deliver(event);
      cluster?.publishEvent(event);
    },
    onModeChange: (mode) => {
      if (!follows()) return;
      hub.setMode(mode);
      cluster?.publishMode(mode);
    },
    now: () => app.now().getTime(),
    metrics: app.metrics,
    log: app.log,
  });
  const switched = createSourceSwitch(source);
  const upstream = {
    start: () => {
      switched.start();
      alerted?.start();
    },
    stop: () => Promise.all([switched.stop(), alerted?.stop()]).then(() => undefined),
  };
  if (app.redis && app.redisWatch)
    cluster = createStreamCluster({
      redis: app.redis,
      watch: app.redisWatch,
      onEvent: deliver,
      onMode: hub.setMode,
      onDemand: (topics) => source.setDemand(topics),
      onAlertsChanged: () => void alerted?.refresh(),
      onRole: (role) => {
        if (role === 'follower') return void upstream.stop();
        // standalone, the upstream follows this instance's browsers (a leader's, the cluster's union)
        if (role === 'standalone') source.setDemand(hub.demand());
        upstream.start();
      },
      log: app.log,
    });
  return {
    source,
    cluster,
    follows,
    /** A price alert changed here: read again where this instance follows an upstream, else tell the leader. */
    noteAlertsChanged() {
      if (follows()) void alerted?.refresh();
      cluster?.publishAlertsChanged();
    },
    /** The topics this instance's browsers follow. */
    setLocalDemand(topics: ReadonlySet<string>) {
      cluster?.setLocalDemand(topics);
      if (!cluster || cluster.role() === 'standalone') source.setDemand(topics);
    },
    async start() {
      if (cluster) return cluster.start();
      source.setDemand(hub.demand());
      upstream.start();
    },
    async stop() {
      await cluster?.stop();
      await upstream.stop();
    },
  };
}

/**
 * Decorates `app.marketStream` (after app.market and app.alertChecks): one upstream (Binance's WebSocket, or
 * the simulated market) per instance, or per cluster with Redis (the elected leader's, its events relayed to
 * every instance; each instance its own while Redis is unreachable), fanned out to browsers by the hub,
 * written into the cached prices and checked against the price alerts where the upstream is followed. The
 * upstream starts when the app is ready and every open browser stream is ended, with a `retry:` hint, before
 * the app closes.
 */
export function registerMarketStream(app: FastifyInstance) {
  const simulated = app.config.MARKET_DATA_SOURCE === 'simulated';
  const enabled = app.config.MARKET_STREAM_ENABLED;
  let upstream: ReturnType<typeof createUpstream> | undefined;
  const hub = createStreamHub({
    mode: simulated ? 'simulated' : 'polling',
    onDemandChange: (topics) => upstream?.setLocalDemand(topics),
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
    if (upstream && !upstream.follows()) return;
    prices?.note(event);
    alerts?.note(event);
  };
  if (enabled) upstream = createUpstream(app, hub, alerted, deliver);

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
    health: () => healthOf(hub, upstream?.source, upstream?.cluster, enabled, app.now().getTime()),
    noteAlertsChanged: () => upstream?.noteAlertsChanged(),
    tickedPriceSymbols: async (symbols) => {
      if (!upstream || !alerted || hub.mode() !== 'live') return new Set();
      const coins = await readTickCoins(symbols, app.market).catch(() => undefined);
      return coins ? tickedSymbolsOf(coins) : new Set();
    },
  } satisfies MarketStream);

  app.addHook('onReady', async () => {
    if (!upstream) return;
    void seedRate();
    await upstream.start();
  });
  // before the server stops accepting: open streams would otherwise keep app.close() waiting
  app.addHook('preClose', async () => {
    hub.closeAll();
  });
  app.addHook('onClose', async () => {
    await upstream?.stop();
    prices?.stop();
    await alerts?.stop();
  });
}

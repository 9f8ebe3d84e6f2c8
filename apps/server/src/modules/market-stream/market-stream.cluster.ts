import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import type { LiveMarketEvent } from '../market/market.types.ts';
import type { StreamMode } from './market-stream.hub.ts';

/** The leader's lease: renewed every third of it; a dead leader is replaced within it. */
const LEASE_MS = 15_000;
const RENEW_MS = LEASE_MS / 3;
/** A followed topic an instance stops announcing lapses after this long. */
const DEMAND_TTL_MS = 20_000;

type ClusterMessage =
  | { type: 'event'; event: LiveMarketEvent }
  | { type: 'mode'; mode: StreamMode }
  | { type: 'demand' }
  | { type: 'alerts' };

const LEADER_KEY = 'farol:market-stream:leader';
const DEMAND_KEY = 'farol:market-stream:demand';

const RENEW_SCRIPT =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0";
const RELEASE_SCRIPT =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";

/** Renews this instance's lease, or takes it when free; true while it holds it. */
async function holdLease(redis: Redis, instance: string, isHeld: boolean): Promise<boolean> {
  if (isHeld) return (await redis.eval(RENEW_SCRIPT, 1, LEADER_KEY, instance, LEASE_MS)) === 1;
  return (await redis.set(LEADER_KEY, instance, 'PX', LEASE_MS, 'NX')) === 'OK';
}

/** The topics some instance announced and has not let lapse. */
async function liveDemand(redis: Redis, key: string): Promise<ReadonlySet<string>> {
  await redis.zremrangebyscore(key, '-inf', String(Date.now()));
  return new Set(await redis.zrange(key, '0', '-1'));
}

type StreamClusterOptions = {
  redis: Redis;
  /** Every instance: an event of the leader's upstream. */
  onEvent: (event: LiveMarketEvent) => void;
  /** Every instance: the leader's upstream mode. */
  onMode: (mode: StreamMode) => void;
  /** This instance became (true) or stopped being (false) the leader. */
  onLeadership: (isLeader: boolean) => void;
  /** The leader: the union of every instance's followed topics changed. */
  onDemand: (topics: ReadonlySet<string>) => void;
  /** The leader: some instance changed a price alert (the alerted coins are read again from the database). */
  onAlertsChanged: () => void;
  log?: { warn: (object: object, message: string) => void };
};

/**
 * One upstream per cluster: the instances elect a leader through a Redis key with an expiry (SET NX PX,
 * renewed by its holder); only the leader follows Binance, and it publishes every event on a channel every
 * instance (itself included) hands to its browsers. Each instance announces the candle topics its browsers
 * follow in a sorted set scored by expiry; the leader subscribes upstream to their union. A price alert changed
 * on any instance is announced on the channel; the leader then reads the alerted coins from the database.
 */
export function createStreamCluster(options: StreamClusterOptions) {
  const { redis } = options;
  // ioredis prefixes keys, not channels: the channel carries the prefix itself, so test runs never meet
  const base = `${redis.options.keyPrefix ?? ''}farol:market-stream:`;
  const channel = `${base}events`;
  const instance = crypto.randomUUID();
  const subscriber = redis.duplicate({ keyPrefix: '' });
  let isLeader = false;
  let localDemand: ReadonlySet<string> = new Set();
  let mode: StreamMode | undefined;
  let timer: NodeJS.Timeout | undefined;

  const warn = (error: Error) => options.log?.warn({ reason: error.message }, 'market stream: Redis failed');
  const publish = (message: ClusterMessage) => redis.publish(channel, JSON.stringify(message)).catch(warn);

  subscriber.on('error', () => undefined);
  subscriber.on('message', (_channel: string, text: string) => {
    const message = JSON.parse(text) as ClusterMessage;
    if (message.type === 'event') options.onEvent(message.event);
    else if (message.type === 'mode') options.onMode(message.mode);
    else if (message.type === 'alerts') {
      if (isLeader) options.onAlertsChanged();
    } else if (isLeader) {
      // a new topic, or a new instance asking: the leader answers with the union and its mode
      void readDemand().catch(warn);
      if (mode) void publish({ type: 'mode', mode });
    }
  });

  async function announceDemand() {
    if (localDemand.size === 0) return;
    const expiry = Date.now() + DEMAND_TTL_MS;
    await redis.zadd(DEMAND_KEY, ...[...localDemand].flatMap((topic) => [String(expiry), topic]));
  }

  const readDemand = async () => options.onDemand(await liveDemand(redis, DEMAND_KEY));

  /** Takes or keeps the lease; tells the upstream when leadership changes. */
  async function elect() {
    const held = await holdLease(redis, instance, isLeader);
    if (held !== isLeader) options.onLeadership((isLeader = held));
  }

  async function round() {
    try {
      await elect();
      await announceDemand();
      if (!isLeader) return;
      await readDemand();
      if (mode) await publish({ type: 'mode', mode });
    } catch (error) {
      warn(error as Error);
    }
  }

  return {
    async start() {
      await subscriber.subscribe(channel);
      await round();
      // a joining instance asks the leader for its mode at once
      if (!isLeader) await publish({ type: 'demand' });
      timer = setInterval(() => void round(), RENEW_MS);
      timer.unref();
    },
    /** The leader's upstream event, for every instance. */
    publishEvent: (event: LiveMarketEvent) => void publish({ type: 'event', event }),
    /** The leader's upstream mode, for every instance (repeated with each renewal for late joiners). */
    publishMode: (next: StreamMode) => {
      mode = next;
      void publish({ type: 'mode', mode: next });
    },
    /** This instance's followed topics; the leader hears of a new one at once. */
    setLocalDemand(topics: ReadonlySet<string>) {
      const isNew = [...topics].some((topic) => !localDemand.has(topic));
      localDemand = topics;
      if (isNew) void announceDemand().then(() => publish({ type: 'demand' }), warn);
    },
    /** A price alert changed on this instance: the leader hears of it at once. */
    publishAlertsChanged: () => void publish({ type: 'alerts' }),
    isLeader: () => isLeader,
    async stop() {
      clearInterval(timer);
      if (isLeader) await redis.eval(RELEASE_SCRIPT, 1, LEADER_KEY, instance).catch(() => undefined);
      isLeader = false;
      subscriber.disconnect();
    },
  };
}

export type StreamCluster = ReturnType<typeof createStreamCluster>;

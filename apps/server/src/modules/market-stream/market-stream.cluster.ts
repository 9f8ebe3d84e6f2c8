import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import { createSubscriber, watchRedis, type RedisWatch } from '../../lib/redis-watch.ts';
import type { LiveMarketEvent } from '../market/market.types.ts';
import type { StreamMode } from './market-stream.hub.ts';

/** The leader's lease: renewed every third of it; a dead leader is replaced within it. */
const LEASE_MS = 15_000;
const RENEW_MS = LEASE_MS / 3;
/** A followed topic an instance stops announcing lapses after this long. */
const DEMAND_TTL_MS = 20_000;

/**
 * `leader`: follows the upstream for every instance; `follower`: hands its browsers the leader's events;
 * `standalone`: Redis is unreachable (or the leader not yet heard since it came back), so this instance
 * follows an upstream of its own for its own browsers, as a single instance does.
 */
export type ClusterRole = 'leader' | 'follower' | 'standalone';

type ClusterBody =
  | { type: 'event'; event: LiveMarketEvent }
  | { type: 'mode'; mode: StreamMode }
  | { type: 'demand' }
  | { type: 'alerts' }
  | { type: 'leader' };
/** Every message names its sender: an instance takes events and modes from the lease holder alone. */
type ClusterMessage = ClusterBody & { from: string };

const LEADER_KEY = 'farol:market-stream:leader';
const DEMAND_KEY = 'farol:market-stream:demand';

/** Takes the lease when free, renews it when ours; answers its holder either way. */
const ELECT_SCRIPT = `
local holder = redis.call('get', KEYS[1])
if not holder then
  redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return ARGV[1]
end
if holder == ARGV[1] then redis.call('pexpire', KEYS[1], ARGV[2]) end
return holder`;
const RELEASE_SCRIPT =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";

/**
 * The candle topics of the cluster: this instance's, announced in a sorted set scored by when they lapse,
 * and the union of every instance's that has not lapsed (what the leader follows).
 */
function createDemand(redis: Redis, onDemand: (topics: ReadonlySet<string>) => void) {
  let local: ReadonlySet<string> = new Set();
  return {
    /** This instance's topics; true when one of them is new. */
    set(topics: ReadonlySet<string>): boolean {
      const isNew = [...topics].some((topic) => !local.has(topic));
      local = topics;
      return isNew;
    },
    async announce() {
      if (local.size === 0) return;
      const expiry = Date.now() + DEMAND_TTL_MS;
      await redis.zadd(DEMAND_KEY, ...[...local].flatMap((topic) => [String(expiry), topic]));
    },
    async read() {
      await redis.zremrangebyscore(DEMAND_KEY, '-inf', String(Date.now()));
      onDemand(new Set(await redis.zrange(DEMAND_KEY, '0', '-1')));
    },
  };
}

export type StreamClusterOptions = {
  redis: Redis;
  /** Whether `redis` answers (the app's watch of it). */
  watch: RedisWatch;
  /** A follower: an event of the leader's upstream, for this instance's browsers. */
  onEvent: (event: LiveMarketEvent) => void;
  /** A follower: the leader's upstream mode. */
  onMode: (mode: StreamMode) => void;
  /** This instance's role changed: leader and standalone follow an upstream, a follower none. */
  onRole: (role: ClusterRole, previous: ClusterRole) => void;
  /** The leader: the union of every instance's followed topics changed. */
  onDemand: (topics: ReadonlySet<string>) => void;
  /** The leader: another instance changed a price alert (the alerted coins are read again from the database). */
  onAlertsChanged: () => void;
  log?: { warn: (object: object, message: string) => void };
};

/** Who holds the lease (as last heard), this instance's role, and the changes between roles. */
function createRoles(instance: string, onRole: StreamClusterOptions['onRole']) {
  let role: ClusterRole = 'follower';
  let leader: string | undefined;
  const become = (next: ClusterRole) => {
    if (next === role) return;
    const previous = role;
    role = next;
    onRole(next, previous);
  };
  return {
    role: () => role,
    leader: () => leader,
    /** Redis is unreachable: this instance follows its own upstream. */
    lose: () => {
      leader = undefined;
      become('standalone');
    },
    /**
     * The lease holder, from an election or its announcement. A standalone instance keeps its own upstream
     * until the leader is heard relaying (make before break: its browsers never go without ticks).
     */
    hold: (holder: string) => {
      leader = holder;
      if (holder === instance) become('leader');
      else if (role === 'leader') become('follower');
    },
    /** The leader was heard: a standalone instance whose Redis answers hands over to it. */
    heard: (isLinked: boolean) => {
      if (role === 'standalone' && isLinked) become('follower');
    },
  };
}

/**
 * A message on the channel: the leader's announcement, a demand or a changed price alert for the leader, or the leader's event or
 * mode (the first one heard ends a standalone instance's own upstream once Redis answers).
 */
function hearMessage(
  message: ClusterMessage,
  context: {
    instance: string;
    roles: ReturnType<typeof createRoles>;
    isLinked: () => boolean;
    options: Pick<StreamClusterOptions, 'onEvent' | 'onMode' | 'onAlertsChanged'>;
    answerDemand: () => void;
  },
) {
  const { roles, options } = context;
  if (message.from === context.instance) return;
  if (message.type === 'leader') return roles.hold(message.from);
  if (message.type === 'demand') {
    if (roles.role() === 'leader') context.answerDemand();
    return;
  }
  if (message.type === 'alerts') {
    if (roles.role() === 'leader') options.onAlertsChanged();
    return;
  }
  if (message.from !== roles.leader()) return;
  roles.heard(context.isLinked());
  if (roles.role() !== 'follower') return;
  if (message.type === 'event') options.onEvent(message.event);
  else options.onMode(message.mode);
}

/**
 * One upstream per cluster: the instances elect a leader through a Redis key with an expiry (taken when free,
 * renewed by its holder); only the leader follows Binance. It hands its events to its own browsers and
 * publishes them on a channel for the others, whose browsers get them. Each instance announces the candle
 * topics its browsers follow in a sorted set scored by expiry; the leader subscribes upstream to their union.
 *
 * While Redis is unreachable (refused, dropped, silent) every instance is `standalone`: it follows its own
 * upstream (or polls within its own budget) for its own browsers and ignores the channel. When Redis answers
 * again the election resumes at once: the lease holder (a leader whose lease outlived the outage, or the
 * first to take it) keeps its upstream; the others keep theirs until they hear the leader relay, then
 * stop it. Each hub takes events from one origin at a time, its own upstream or the leader, never both.
 */
export function createStreamCluster(options: StreamClusterOptions) {
  const { redis, watch } = options;
  // ioredis prefixes keys, not channels: the channel carries the prefix itself, so test runs never meet
  const channel = `${redis.options.keyPrefix ?? ''}farol:market-stream:events`;
  const instance = crypto.randomUUID();
  let mode: StreamMode | undefined;
  const roles = createRoles(instance, (role, previous) => {
    // a follower's last mode of its own is stale by the time it leads
    if (role === 'follower') mode = undefined;
    options.onRole(role, previous);
  });
  const subscriber = createSubscriber(redis, channel, (text) => hear(JSON.parse(text)), { keyPrefix: '' });
  const subscriberWatch = watchRedis(subscriber);
  const isLinked = () => !watch.isDown() && !subscriberWatch.isDown();
  const demand = createDemand(redis, options.onDemand);
  let timer: NodeJS.Timeout | undefined;
  // between start and stop only: before the app is ready nothing follows an upstream
  let isActive = false;

  const warn = (error: Error) => options.log?.warn({ reason: error.message }, 'market stream: Redis failed');
  const publish = (message: ClusterBody) =>
    redis.publish(channel, JSON.stringify({ ...message, from: instance })).catch(warn);

  /** The leader's part: the union of the topics to follow, and its mode for the others. */
  const lead = async () => {
    await demand.read();
    if (mode) await publish({ type: 'mode', mode });
  };
  // a new topic, or a new instance asking: the leader answers with the union and its mode
  const answerDemand = () => void lead().catch(warn);
  const hear = (message: ClusterMessage) =>
    isActive && hearMessage(message, { instance, roles, isLinked, options, answerDemand });

  /** Takes or keeps the lease, or learns who holds it; a new leader says so at once. */
  async function elect() {
    const wasLeader = roles.role() === 'leader';
    roles.hold(String(await redis.eval(ELECT_SCRIPT, 1, LEADER_KEY, instance, LEASE_MS)));
    if (roles.role() !== 'leader') return;
    if (!wasLeader) await publish({ type: 'leader' });
    await lead();
  }

  let running: Promise<void> | undefined;
  async function round() {
    if (!isActive) return;
    if (!isLinked()) return roles.lose();
    try {
      await demand.announce();
      await elect();
    } catch (error) {
      warn(error as Error);
      roles.lose();
    }
  }
  /** One round at a time (the timer, Redis coming back). */
  const runRound = () => (running ??= round().finally(() => (running = undefined)));

  for (const link of [watch, subscriberWatch])
    link.onChange((isDown) => isActive && (isDown ? roles.lose() : void runRound()));

  return {
    async start() {
      isActive = true;
      // subscribed before asking the leader anything (a SUBSCRIBE again changes nothing; it fails if Redis is down)
      await subscriber.subscribe(channel).catch(() => undefined);
      await runRound();
      // a joining instance asks the leader for its mode at once
      if (roles.role() === 'follower') await publish({ type: 'demand' });
      timer = setInterval(() => void runRound(), RENEW_MS);
      timer.unref();
    },
    /** The upstream's event where this instance follows it: for the other instances when it leads. */
    publishEvent: (event: LiveMarketEvent) => {
      if (roles.role() === 'leader') void publish({ type: 'event', event });
    },
    /** The upstream's mode where this instance follows it (repeated with each renewal for late joiners). */
    publishMode: (next: StreamMode) => {
      mode = next;
      if (roles.role() === 'leader') void publish({ type: 'mode', mode: next });
    },
    /** This instance's followed topics; the leader hears of a new one at once. */
    setLocalDemand(topics: ReadonlySet<string>) {
      if (!demand.set(topics) || !isLinked()) return;
      // the leader reads the union itself (an instance ignores its own messages)
      const tell = () => (roles.role() === 'leader' ? demand.read() : publish({ type: 'demand' }));
      void demand.announce().then(tell).catch(warn);
    },
    /** A price alert changed on this instance: the leader hears of it at once (it ignores its own messages). */
    publishAlertsChanged: () => isLinked() && roles.role() !== 'leader' && void publish({ type: 'alerts' }),
    role: roles.role,
    async stop() {
      isActive = false;
      clearInterval(timer);
      await running;
      if (roles.role() === 'leader')
        await redis.eval(RELEASE_SCRIPT, 1, LEADER_KEY, instance).catch(() => undefined);
      subscriber.disconnect();
    },
  };
}

export type StreamCluster = ReturnType<typeof createStreamCluster>;

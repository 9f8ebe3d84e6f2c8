/**
 * Farol as a cluster: 1, then 2, then 3 instances of the built server (`npm run build` first: this builds
 * nothing) on the local PostgreSQL and Redis, behind nginx running deploy/nginx.conf, under virtual users
 * shaped like the web app (bench/cluster/workload.ts). Market data comes from the recorded-response stub the
 * tests use; e-mails go to a real SMTP peer. During the 3-instance run one instance is killed with SIGKILL;
 * then the database is checked (bench/cluster/checks.ts). Prints the figures, writes them into
 * bench/README.md, and exits non-zero when a check fails.
 *
 * Run: npm run build && npm run bench:cluster -w bench [-- --users 2000 --duration 60 --saturation 15]
 * DATABASE_URL (an administrative URL; default postgres://postgres@127.0.0.1:5432/postgres): the bench drops
 * and creates its own database `farol_cluster`. REDIS_URL (default redis://127.0.0.1:6379/13): a database
 * index of its own, flushed at start.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import { findFreePort } from '../apps/server/src/test/free-port.ts';
import { startBinanceStreamStub } from '../apps/server/src/test/stubs/binance-stream-stub.ts';
import { startMarketStub, stubEndpoints } from '../apps/server/src/test/stubs/market-stub.ts';
import { startSmtpPeer } from '../apps/server/src/test/stubs/smtp-stub.ts';
// @ts-expect-error a plain .mjs script of the repository (no types)
import { supportedNode } from '../scripts/node-runtime.mjs';
import {
  createBilling,
  declinePayments,
  runBilling,
  startStripe,
  stripeViewOf,
  type Billing,
} from './cluster/billing.ts';
import {
  checkBillingEmails,
  checkDeliveries,
  checkFailures,
  checkJobs,
  checkStripeEvents,
  checkSubscriptions,
  checkWrites,
  type Check,
} from './cluster/checks.ts';
import {
  figuresOf,
  formatRow,
  streamFiguresOf,
  streamSummary,
  summary,
  type RouteFigures,
  type StreamFigures,
} from './cluster/figures.ts';
import { commitOf, writeReadmeSection } from './cluster/readme.ts';
import { startInstance, startNginx, stopInstance, type Instance } from './cluster/processes.ts';
import { createStreamFleet, type StreamFleet } from './cluster/streams.ts';
import {
  currencyOf,
  newLedger,
  runVirtualUser,
  saturate,
  signUp,
  type Context,
  type Ledger,
  type Sample,
  type VirtualUser,
} from './cluster/workload.ts';

const { values: flags } = parseArgs({
  options: {
    users: { type: 'string', default: '2000' },
    duration: { type: 'string', default: '60' },
    saturation: { type: 'string', default: '15' },
    connections: { type: 'string', default: '64' },
  },
});
const userCount = Number(flags.users);
const stageMs = Number(flags.duration) * 1000;
const saturationMs = Number(flags.saturation) * 1000;
const saturationConnections = Number(flags.connections);
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/13';
const databaseName = 'farol_cluster';
const clusterJobs = ['market-refresh', 'alert-check', 'alert-digest'];
const password = 'senhaSegura1';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Stage = {
  instances: number;
  web: RouteFigures[];
  saturation: RouteFigures[];
  streams: StreamFigures;
  note: string;
};

async function recreateDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${databaseName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
}

/** Per-e-mail sign-in attempts through the balancer: the limit holds across instances only if Redis shares it. */
async function checkSharedRateLimit(base: string): Promise<Check> {
  const email = `limit-${crypto.randomBytes(4).toString('hex')}@farol.test`;
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 15; attempt += 1) {
    const response = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'wrong-password-1' }),
    });
    statuses.push(response.status);
  }
  const letThrough = statuses.filter((status) => status !== 429).length;
  return {
    name: 'rate limit shared (Redis)',
    isPassed: letThrough === 5,
    detail: `15 failed sign-ins for one address, round-robin over the instances: ${letThrough} answered, ${15 - letThrough} refused with 429 (the per-address limit is 5 a minute)`,
  };
}

type Cluster = Awaited<ReturnType<typeof startCluster>>;

/** The bench's own database and Redis index, the stubs, the first instance and nginx in front of it. */
async function startCluster() {
  const node = supportedNode() as string;
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'farol-cluster-'));
  const databaseUrl = await recreateDatabase();
  const redis = new Redis(redisUrl);
  await redis.flushdb();
  await redis.quit();
  const stub = await startMarketStub();
  // Binance's combined stream: every subscribed stream ticks once a second, as the real one does; with
  // REDIS_URL the instances elect one leader, the only one connected here
  const binance = await startBinanceStreamStub();
  binance.tickEvery(1000);
  const smtp = await startSmtpPeer();
  // Stripe: the instances reach the stub through STRIPE_API_BASE; its events reach them through nginx
  const stripe = await startStripe();
  const baseEnv = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
    MARKET_DATA_SOURCE: 'live',
    ...stub.env,
    ...binance.env,
    SMTP_URL: smtp.url,
    ...stripe.env,
    // one hop: the client is the address nginx saw; every virtual user comes from 127.0.0.1, so the per-IP
    // sign-in limit is raised (the per-address one, checked below, stays at its fixed 5 a minute)
    TRUST_PROXY: '1',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    // the bench opens its 2,000 accounts in a minute or two; the site-wide ceiling (300 sign-ups an hour) guards
    // the operator against strangers and is not what this load measures
    REGISTRATIONS_PER_HOUR: '1000000',
    LOG_LEVEL: 'warn',
    JOBS_ENABLED: 'true',
  };
  const instances: Instance[] = [];
  const addInstance = async () => {
    const port = await findFreePort();
    const name = `farol@${instances.length + 1}`;
    const dataDir = path.join(workDir, name);
    fs.mkdirSync(dataDir);
    const env = { ...baseEnv, DATA_DIR: dataDir, APP_URL: `http://127.0.0.1:${port}` };
    instances.push(await startInstance(node, name, port, env));
  };
  // whatever ends this process (a crash included) ends the cluster too: an instance left running would
  // reconnect to the next run's database of the same name and take its jobs and e-mails
  let nginxProcess: { kill: (signal: NodeJS.Signals) => void } | undefined;
  process.on('exit', () => {
    for (const instance of instances) instance.child.kill('SIGKILL');
    nginxProcess?.kill('SIGKILL');
  });
  await addInstance();
  const nginx = await startNginx(
    path.join(workDir, 'nginx'),
    instances.map((instance) => instance.port),
  );
  nginxProcess = nginx.process;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return { node, workDir, stub, binance, smtp, stripe, instances, addInstance, nginx, client };
}

/** The accounts (argon2id per sign-up: the costliest request), a quarter of them on the profissional plan. */
async function createAccounts(cluster: Cluster) {
  const setup: Context = { base: cluster.nginx.url, recorder: { samples: [] }, ledger: newLedger() };
  const users: VirtualUser[] = [];
  const startedAt = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < userCount) {
        const index = next++;
        const email = `vu${index}-${crypto.randomBytes(3).toString('hex')}@farol.test`;
        const answer = await signUp(setup, email, password);
        if (answer.status !== 201) throw new Error(`setup sign-up answered ${answer.status}`);
        const plan = index % 4 === 0 ? 'profissional' : 'free';
        const { id: userId } = answer.body.user;
        users.push({
          index,
          currency: currencyOf(index),
          email,
          password,
          userId,
          token: answer.body.token,
          plan,
          alerts: [],
          favourites: new Map(),
          sequence: 0,
        });
      }
    }),
  );
  const seconds = (Date.now() - startedAt) / 1000;
  await cluster.client.query(
    `update subscriptions set plan = 'profissional', status = 'active', current_period_end = null
      where user_id = any($1::uuid[])`,
    [users.filter((user) => user.plan === 'profissional').map((user) => user.userId)],
  );
  console.log(
    `setup: ${users.length} sign-ups in ${seconds.toFixed(0)} s (${(users.length / seconds).toFixed(1)}/s, one instance)`,
  );
  return { users, seconds };
}

/** The instance holding the upstream (its /api/health says `leader`), asked directly, not through nginx. */
async function roleOf(instance: Instance): Promise<string> {
  return fetch(`http://127.0.0.1:${instance.port}/api/health`, { signal: AbortSignal.timeout(2000) })
    .then((response) => response.json() as Promise<{ marketStream: { role: string } }>)
    .then(
      (health) => health.marketStream.role,
      () => 'unreachable',
    );
}

async function findLeader(instances: Instance[]): Promise<Instance | undefined> {
  const roles = await Promise.all(instances.map(roleOf));
  return instances[roles.indexOf('leader')];
}

/** What the kill did to the streams (see checkStreamRecovery). */
type KillWatch = { victim: Instance; wasLeader: boolean; killedAt: number; takeoverAt?: number };

/**
 * SIGKILL to `victim` halfway through the stage, a quarter of a second after Stripe's burst of declined
 * payments (so that webhook deliveries are in flight when it dies); then the survivors are asked every 250 ms
 * which of them holds the upstream now. Resolves once one does, or after 60 s.
 */
function killHalfwayThrough(
  cluster: Cluster,
  stage: { victim: Instance; wasLeader: boolean; count: number; web: Context; billing: Billing },
): Promise<KillWatch> {
  const { victim, wasLeader, count } = stage;
  const burst = setTimeout(
    () => {
      const declined = declinePayments(stage.web, stage.billing);
      console.log(`Stripe declines the renewal of ${declined} active subscriptions at once`);
    },
    stageMs / 2 - 250,
  );
  burst.unref();
  return new Promise((resolve) => {
    const timer = setTimeout(async () => {
      const kill: KillWatch = { victim, wasLeader, killedAt: Date.now() };
      victim.child.kill('SIGKILL');
      console.log(
        `killed ${victim.name} (SIGKILL${wasLeader ? ', the upstream leader' : ''}) ${stageMs / 2000} s into the ${count}-instance run`,
      );
      const survivors = cluster.instances.filter((instance) => instance !== victim);
      while (Date.now() < kill.killedAt + 60_000) {
        if (await findLeader(survivors)) {
          kill.takeoverAt = Date.now();
          break;
        }
        await sleep(250);
      }
      resolve(kill);
    }, stageMs / 2);
    timer.unref();
  });
}

/**
 * One stage: `count` instances behind nginx, every virtual user holding its dashboard's stream; a warm-up,
 * the saturation run, then the web-shaped run with visitors signing up every two seconds and the paying
 * users' billing steps. With `killHalfway`, the upstream leader (the instance holding Binance) gets SIGKILL
 * halfway: its streams must resume on the others and another instance must take the upstream over.
 */
async function runStage(
  cluster: Cluster,
  workload: { users: VirtualUser[]; ledger: Ledger; billing: Billing },
  count: number,
  killHalfway: boolean,
) {
  const { users, ledger, billing } = workload;
  while (cluster.instances.length < count) await cluster.addInstance();
  cluster.nginx.reload(cluster.instances.map((instance) => instance.port));
  await sleep(1500);
  const base = cluster.nginx.url;
  const fleet = createStreamFleet(base, users.length);
  const openStartedAt = Date.now();
  await fleet.open();
  const openSeconds = (Date.now() - openStartedAt) / 1000;
  console.log(
    `${count} instance(s): ${fleet.openCount()} of ${users.length} streams open through nginx in ${openSeconds.toFixed(1)} s`,
  );
  // warm-up, not measured: a new instance compiles its hot paths, nginx opens its connections
  await saturate({ base, recorder: { samples: [] }, ledger }, users, saturationConnections, 10_000);
  const saturation: Context = { base, recorder: { samples: [] }, ledger };
  await saturate(saturation, users, saturationConnections, saturationMs);

  const web: Context = { base, recorder: { samples: [] }, ledger };
  fleet.restartWindow();
  let exitedAt = 0;
  const leader = await findLeader(cluster.instances);
  // the kill takes the leader when there is one: its streams and the cluster's only upstream go at once
  const victim = leader ?? cluster.instances[count - 1]!;
  void victim.exited.then(() => (exitedAt = Date.now()));
  fleet.traceTicks(killHalfway);
  const killing = killHalfway
    ? killHalfwayThrough(cluster, { victim, wasLeader: victim === leader, count, web, billing })
    : undefined;
  const signUps = (async () => {
    for (let index = 0; index < stageMs / 2000; index += 1) {
      await signUp(web, `new${count}-${index}-${crypto.randomBytes(3).toString('hex')}@farol.test`, password);
      await sleep(2000);
    }
  })();
  await Promise.all([
    ...users.map((user) => runVirtualUser(web, user, stageMs, 60_000)),
    signUps,
    runBilling(web, billing, stageMs),
  ]);
  const streamWindow = fleet.restartWindow();
  const watch = await killing;
  fleet.traceTicks(false);
  const stage: Stage = {
    instances: count,
    web: figuresOf(web.recorder.samples, stageMs / 1000),
    saturation: figuresOf(saturation.recorder.samples, saturationMs / 1000),
    streams: streamFiguresOf(fleet, streamWindow, Date.now(), openSeconds),
    note: killHalfway
      ? ` (${victim.name}${watch?.wasLeader ? ', the upstream leader,' : ''} killed with SIGKILL halfway)`
      : '',
  };
  printStage(stage);
  // the last stage's streams stay open for the graceful stop at the end
  if (!killHalfway) fleet.close();
  return { stage, samples: web.recorder.samples, killedAt: watch?.killedAt ?? 0, exitedAt, fleet, watch };
}

/** Streams must tick again within this after the kill, or after another instance took the upstream over. */
const RECOVERY_BOUND_MS = 10_000;
/** The leader's lease (15 s, market-stream.cluster.ts) plus one renewal round (5 s). */
const TAKEOVER_BOUND_MS = 20_000;

/**
 * After the kill every stream must read live ticks again: those on the killed instance once resumed through
 * nginx (EventSource-like, Last-Event-ID), all of them once another instance holds the upstream.
 */
function checkStreamRecovery(fleet: StreamFleet, watch: KillWatch): Check[] {
  const checks: Check[] = [];
  const resumeFrom = Math.max(watch.killedAt, watch.takeoverAt ?? 0);
  if (watch.wasLeader)
    checks.push({
      name: 'upstream taken over after the leader was killed',
      isPassed: watch.takeoverAt !== undefined && watch.takeoverAt - watch.killedAt <= TAKEOVER_BOUND_MS,
      detail: watch.takeoverAt
        ? `a survivor reported itself leader ${((watch.takeoverAt - watch.killedAt) / 1000).toFixed(1)} s after the kill (bound ${TAKEOVER_BOUND_MS / 1000} s: the 15 s lease lapses, a renewal round takes it)`
        : 'no survivor became leader within 60 s',
    });
  const dropped = fleet.clients.filter((client) => client.drops.some((drop) => drop.at >= watch.killedAt));
  const reconnectDelays = dropped
    .map((client) => (client.connectedAt.find((at) => at >= watch.killedAt) ?? Infinity) - watch.killedAt)
    .sort((a, b) => a - b);
  const resumed = reconnectDelays.filter(Number.isFinite);
  checks.push({
    name: 'streams of the killed instance resumed through nginx',
    isPassed: dropped.length > 0 && resumed.length === dropped.length,
    detail: `${dropped.length} of ${fleet.clients.length} streams dropped at the kill; ${resumed.length} reconnected with Last-Event-ID${resumed.length ? `, ${(resumed[Math.floor(resumed.length / 2)]! / 1000).toFixed(1)} s (median) and ${(resumed.at(-1)! / 1000).toFixed(1)} s (last) after the kill` : ''}`,
  });
  // per stream: the first live ticker read after it resumed (when it dropped) and after the takeover
  const waits = fleet.clients
    .map((client) => {
      const lastDrop = client.drops.filter((drop) => drop.at >= watch.killedAt).at(-1)?.at ?? 0;
      const from = Math.max(resumeFrom, lastDrop);
      const tick = client.tickTimes.find((at) => at > from);
      return tick === undefined ? Infinity : tick - resumeFrom;
    })
    .sort((a, b) => a - b);
  const late = waits.filter((wait) => wait > RECOVERY_BOUND_MS).length;
  const median = waits[Math.floor(waits.length / 2)]!;
  checks.push({
    name: 'every stream reads live ticks again',
    isPassed: late === 0,
    detail: `first live ticker after ${watch.wasLeader ? `the takeover (${((resumeFrom - watch.killedAt) / 1000).toFixed(1)} s after the kill)` : 'the kill'}: median ${(median / 1000).toFixed(1)} s, last ${Number.isFinite(waits.at(-1)!) ? `${(waits.at(-1)! / 1000).toFixed(1)} s` : 'never'}; ${late} of ${waits.length} streams later than ${RECOVERY_BOUND_MS / 1000} s`,
  });
  return checks;
}

/** The outbox is waited for this long after the last stage before its deliveries are checked. */
const DRAIN_BOUND_MS = 300_000;

/**
 * Waits for the outbox: the killed instance's claimed e-mails wait for their 2-minute lease, and a send that
 * failed under load waits for its retry. Returns the seconds waited.
 */
async function drainOutbox(client: pg.Client): Promise<number> {
  console.log(
    `waiting for the outbox to drain (up to ${DRAIN_BOUND_MS / 1000} s: a killed instance holds its e-mails for a 2-minute lease)...`,
  );
  const startedAt = Date.now();
  while (Date.now() < startedAt + DRAIN_BOUND_MS) {
    const { rows } = await client.query<{ waiting: number }>(
      `select count(*)::int as waiting from email_outbox where channel = 'email' and status <> 'sent'`,
    );
    if (rows[0]!.waiting === 0) break;
    await sleep(2000);
  }
  const seconds = (Date.now() - startedAt) / 1000;
  console.log(`outbox waited for ${seconds.toFixed(0)} s`);
  return seconds;
}

/**
 * SIGTERM to every instance still running, with the 3-instance stage's streams still open: each instance
 * must exit 0 and each stream must get a `retry:` hint and a clean end through nginx.
 */
async function stopSurvivors(cluster: Cluster, fleet: StreamFleet, victim: Instance): Promise<Check[]> {
  const checks: Check[] = [];
  const survivors = cluster.instances.filter((instance) => instance !== victim);
  // the streams held since the 3-instance stage: SIGTERM must end each with a `retry:` hint
  const heldStreams = fleet.clients.filter((client) => client.isConnected);
  fleet.expectEnd();
  const stopped = await Promise.all(survivors.map((instance) => stopInstance(instance)));
  const endDeadline = Date.now() + 5000;
  while (heldStreams.some((client) => client.isConnected) && Date.now() < endDeadline) await sleep(100);
  const endedWell = heldStreams.filter((client) => client.isEndedCleanly && client.hasRetryHint);
  checks.push({
    name: 'streams ended cleanly by the graceful stop',
    isPassed: heldStreams.length > 0 && endedWell.length === heldStreams.length,
    detail: `${heldStreams.length} streams open at SIGTERM: ${endedWell.length} got \`retry:\` and a clean end through nginx${heldStreams.length - endedWell.length ? `, ${heldStreams.filter((client) => !client.isEndedCleanly).length} cut, ${heldStreams.filter((client) => !client.hasRetryHint).length} without \`retry:\`` : ''}`,
  });
  checks.push({
    name: 'graceful stop of the survivors (SIGTERM)',
    isPassed: stopped.every((exit) => exit.code === 0),
    detail: stopped
      .map((exit, index) => `${survivors[index]!.name} exit ${exit.code ?? exit.signal}`)
      .join(', '),
  });
  fleet.close();
  return checks;
}

/**
 * Once the outbox has drained: the requests that failed, then every acknowledged write, subscription change,
 * Stripe event and e-mail against the database.
 */
async function checkDatabase(
  cluster: Cluster,
  killed: { samples: Sample[]; killedAt: number; exitedAt: number },
  ledger: Ledger,
  billing: Billing,
): Promise<Check[]> {
  const drainSeconds = await drainOutbox(cluster.client);
  const { client } = cluster;
  const deliveries = await checkDeliveries(client, cluster.smtp.messages);
  return [
    checkFailures(killed.samples, killed.killedAt, killed.exitedAt),
    ...(await checkWrites(client, ledger)),
    await checkSubscriptions(
      client,
      { ledger: billing.ledger, view: (account) => stripeViewOf(cluster.stripe, account) },
      killed,
    ),
    await checkStripeEvents(client, billing.ledger),
    await checkBillingEmails(client, billing.ledger),
    {
      ...deliveries,
      detail: `${deliveries.detail} (the outbox waited for ${drainSeconds.toFixed(0)} s after the last stage)`,
    },
  ];
}

async function main() {
  const benchStartedAt = new Date();
  const loadBefore = loadAverage();
  const cluster = await startCluster();
  console.log(
    `cluster bench: ${userCount} virtual users, ${stageMs / 1000} s per stage, nginx at ${cluster.nginx.url}`,
  );
  const { users, seconds: setupSeconds } = await createAccounts(cluster);
  const ledger = newLedger();
  const billing = await createBilling(cluster.stripe, users, cluster.client);
  console.log(`${billing.ledger.accounts.length} of them pay through Stripe during the run`);
  const stages: Stage[] = [];
  const checks: Check[] = [];
  const coingeckoCalls = () =>
    cluster.stub.calls(stubEndpoints.coinsMarkets) + cluster.stub.calls(stubEndpoints.global);
  const upstream = { calls: coingeckoCalls(), at: Date.now() };
  let killed:
    | { samples: Sample[]; killedAt: number; exitedAt: number; fleet: StreamFleet; watch?: KillWatch }
    | undefined;
  for (const count of [1, 2, 3]) {
    if (count === 3) {
      await cluster.addInstance();
      cluster.nginx.reload(cluster.instances.map((instance) => instance.port));
      await sleep(1500);
      checks.push(await checkSharedRateLimit(cluster.nginx.url));
    }
    const result = await runStage(cluster, { users, ledger, billing }, count, count === 3);
    stages.push(result.stage);
    if (count === 3) killed = result;
  }
  const minutes = (Date.now() - upstream.at) / 60_000;
  const calls = coingeckoCalls() - upstream.calls;

  if (!killed?.watch) throw new Error('the 3-instance stage killed no instance');
  const { fleet, watch } = killed;
  checks.push(...checkStreamRecovery(fleet, watch));
  checks.push({
    name: 'one upstream connection for the cluster',
    isPassed: cluster.binance.connections() <= (watch.wasLeader ? 2 : 1),
    detail: `the Binance stream stub accepted ${cluster.binance.connections()} connection(s) in the whole run (the first leader${watch.wasLeader ? ', then the one that took over' : ''})`,
  });
  checks.push(...(await checkDatabase(cluster, killed, ledger, billing)));
  checks.push(await checkJobs(cluster.client, benchStartedAt, clusterJobs));
  checks.push({
    name: 'upstream budget shared (Redis)',
    isPassed: calls / minutes <= 25,
    detail: `${calls} CoinGecko calls from all instances in ${minutes.toFixed(1)} min: ${(calls / minutes).toFixed(1)} a minute (COINGECKO_CALLS_PER_MINUTE = 25 for the cluster)`,
  });
  checks.push(...(await stopSurvivors(cluster, fleet, watch.victim)));
  await Promise.all([
    cluster.client.end(),
    cluster.nginx.stop(),
    cluster.smtp.close(),
    cluster.stub.close(),
    cluster.binance.close(),
    cluster.stripe.stripe.close(),
  ]);

  console.log('\nchecks after the kill:');
  for (const check of checks)
    console.log(`  ${check.isPassed ? 'ok  ' : 'FAIL'} ${check.name}: ${check.detail}`);
  console.log(`load average: ${loadBefore} at the start, ${loadAverage()} at the end`);
  writeReadme(stages, checks, {
    setupSeconds,
    users: users.length,
    loadBefore,
    loadAfter: loadAverage(),
  });
  fs.rmSync(cluster.workDir, { recursive: true, force: true });
  process.exit(checks.every((check) => check.isPassed) ? 0 : 1);
}

function printStage(stage: Stage) {
  console.log(`\n${stage.instances} instance(s)${stage.note}`);
  console.log('  saturation: ' + summary(stage.saturation.at(-1)!));
  for (const row of stage.web) console.log(`  ${row.route.padEnd(48)} ${summary(row)}`);
  console.log(`  ${'GET /api/market/stream (SSE)'.padEnd(48)} ${streamSummary(stage.streams)}`);
}
const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
function writeReadme(
  stages: Stage[],
  checks: Check[],
  setup: { setupSeconds: number; users: number; loadBefore: string; loadAfter: string },
) {
  const base = stages[0]!.saturation.at(-1)!.perSecond;
  const lines = [
    `Run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on commit \`${commitOf()}\`: ${setup.users} virtual users (four in five asking prices and streams in reais, as a Brazilian audience does; one in five in dollars) (accounts created first: ${(setup.users / setup.setupSeconds).toFixed(1)} sign-ups/s on one instance), stages of ${stageMs / 1000} s, saturation ${saturationMs / 1000} s with ${saturationConnections} connections. All instances, nginx, PostgreSQL, Redis, the stubs and the load generator share this machine's ${os.cpus().length} cores: adding an instance adds no CPU, so the scaling measured here is bounded by the machine, not by Farol. Load average (1, 5, 15 min) ${setup.loadBefore} at the start, ${setup.loadAfter} at the end.`,
    '',
    '| instances | saturation req/s | scaling | p50 | p99 | errors |',
    '| --------: | ---------------: | ------: | --: | --: | -----: |',
    ...stages.map((stage) => {
      const all = stage.saturation.at(-1)!;
      return `| ${stage.instances} | ${all.perSecond.toFixed(0)} | ${(all.perSecond / base).toFixed(2)}× | ${all.p50} ms | ${all.p99} ms | ${all.errors} |`;
    }),
    '',
    ...stages.flatMap((stage) => [
      `Web-shaped load, ${stage.instances} instance(s)${stage.note}:`,
      '',
      '| route | req/s | p50 | p99 | errors |',
      '| ----- | ----: | --: | --: | -----: |',
      ...stage.web.map(formatRow),
      '',
    ]),
    `Live market streams (\`GET /api/market/stream\`, one per virtual user through nginx, ten coins with 1h candles, the Binance stub ticking each once a second; tick → client is from the stub's send stamp to the bench reading the event, so it includes the load generator's own lag):`,
    '',
    '| instances | streams open | opened in | tickers/s read | candles/s read | tick → client p50 | p99 | stream errors |',
    '| --------: | -----------: | --------: | -------------: | -------------: | ----------------: | --: | ------------: |',
    ...stages.map(
      ({ instances, streams }) =>
        `| ${instances} | ${streams.open} of ${streams.held} | ${streams.openSeconds.toFixed(1)} s | ${streams.tickersPerSecond.toFixed(0)} | ${streams.candlesPerSecond.toFixed(0)} | ${streams.p50} ms | ${streams.p99} ms | ${streams.errors}${streams.failures ? ` (${streams.failures})` : ''} |`,
    ),
    '',
    'Checks after the kill:',
    '',
    ...checks.map((check) => `- ${check.isPassed ? 'ok' : '**FAIL**'}: ${check.name}: ${check.detail}`),
  ];
  writeReadmeSection('cluster', lines);
}

await main();

/**
 * Price alerts on ticks: the delay from the upstream tick that crosses an alert's threshold to the alert's
 * e-mail row being committed to the outbox, and to the SMTP peer receiving that e-mail (the outbox worker
 * running: jobs on, SMTP_URL set). Coins beyond the ten (invented listings with a USDT pair, as in
 * bench:coins), each with alerts "price above" between a low and a high price; a local Binance stream stub
 * sends every coin's mini-ticker once a second (Binance's cadence) and moves each coin from low to high and
 * back once per cycle, the coins' phases spread over the cycle, so crossings arrive all the time rather than
 * in one burst. Every high price is unique, so each outbox row names the tick that fired it.
 *
 * Three processes so nobody shares an event loop: the stubs (market REST and Binance stream), the server (the
 * real app, its database in the same process when embedded) and this one (the SMTP peer, the figures). The
 * commit time is a notification (`pg_notify` from a trigger the bench adds to `email_outbox`, delivered at
 * commit) heard by the server process; the send time is the stub's, the receipt time the SMTP peer's (one
 * machine, one clock).
 * BENCH_COINS (50), BENCH_ALERTS_PER_COIN (10), BENCH_USERS (50), BENCH_CYCLE_SECONDS (6), BENCH_SECONDS (60),
 * BENCH_WARMUP_SECONDS (one cycle), BENCH_DRAIN_SECONDS (15), BENCH_SPREAD (1; 0: every coin crosses at the
 * same moment, a burst), BENCH_CURRENCIES (USD,BRL: the alerts' currency; in reais the thresholds are the dollar
 * ones times a fixed USDT/BRL rate the stub streams, as a pt-BR account's alerts are). The embedded database (on
 * disk, as a server keeps it), then PostgreSQL when DATABASE_URL is set (an administrative URL: a fresh database
 * is created and dropped); each in every currency.
 * Run: npm run bench:alerts -w bench
 */
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../apps/server/src/db/client.ts';
import type { ReplayedListing } from '../apps/server/src/test/stubs/market-stub.ts';

const coinCount = Number(process.env.BENCH_COINS ?? 50);
const alertsPerCoin = Number(process.env.BENCH_ALERTS_PER_COIN ?? 10);
const userCount = Number(process.env.BENCH_USERS ?? 50);
const cycleMs = Number(process.env.BENCH_CYCLE_SECONDS ?? 6) * 1000;
const measureMs = Number(process.env.BENCH_SECONDS ?? 60) * 1000;
const warmupMs = Number(process.env.BENCH_WARMUP_SECONDS ?? cycleMs / 1000) * 1000;
const drainMs = Number(process.env.BENCH_DRAIN_SECONDS ?? 15) * 1000;
/** 0: every coin crosses at the same moment (a burst of coins × alerts firings once per cycle). */
const isSpread = process.env.BENCH_SPREAD !== '0';
const currencies = (process.env.BENCH_CURRENCIES ?? 'USD,BRL').split(',').map((code) => code.trim());
for (const code of currencies)
  if (code !== 'USD' && code !== 'BRL') throw new Error(`BENCH_CURRENCIES: USD or BRL, not ${code}`);
type Currency = 'USD' | 'BRL';
/** The USDT/BRL rate the stub streams during a run in reais (the server converts ticks with the streamed one). */
const BRL_RATE = 5.5;
const rateOf = (currency: Currency) => (currency === 'BRL' ? BRL_RATE : 1);
/** A crossing's key from a USDT price, or from an observed price in `currency`. */
const priceKey = (pair: string, usdtPrice: number) => `${pair}|${Math.round(usdtPrice * 1e6)}`;
const self = fileURLToPath(import.meta.url);

/** The prices each coin moves between; every alert's threshold lies between them. */
const LOW = 1;
const HIGH = 2;
const CHANNEL = 'farol_bench_outbox';

const listings: ReplayedListing[] = Array.from({ length: coinCount }, (_, index) => {
  const symbol = `Z${String.fromCharCode(65 + Math.floor(index / 26))}${String.fromCharCode(65 + (index % 26))}`;
  return { symbol, name: `Replayed ${symbol}`, candlesOf: 'BTCUSDT' };
});
const pairs = listings.map((listing) => `${listing.symbol}USDT`);

/** A tick that moved a coin above its alerts' thresholds. */
type Crossing = { pair: string; price: number; sentAt: number };
/** An alert e-mail committed to the outbox: its row, coin and observed price, and when the commit was heard. */
type Commit = { rowId: string; symbol: string; observed: number; at: number };
type Request = { id: number; type: string } & Record<string, unknown>;

/** A child running this file in `role`; `ask` sends a request and resolves with its answer, `ready` with the first. */
function startChild(role: '--stub' | '--server', env: Record<string, string>) {
  const child = fork(self, [role], { env: { ...process.env, ...env } });
  const pending = new Map<number, (value: unknown) => void>();
  let next = 0;
  child.on('message', (message: { id: number; result: unknown }) => {
    pending.get(message.id)?.(message.result);
    pending.delete(message.id);
  });
  const ready = new Promise((resolve) => pending.set(0, resolve));
  const ask = <T>(request: Record<string, unknown>) =>
    new Promise<T>((resolve) => {
      next += 1;
      pending.set(next, resolve as (value: unknown) => void);
      child.send({ id: next, ...request });
    });
  return { child, ready, ask };
}

/** In a child: answers each request with its handler's result. */
function answerRequests(handlers: Record<string, (request: Request) => unknown>) {
  process.on('message', (request: Request) => {
    void Promise.resolve(handlers[request.type]!(request)).then((result) =>
      process.send!({ id: request.id, result }),
    );
  });
}

/**
 * Every coin's mini-ticker once a second at its current price, and each coin from low to high at its phase
 * of the cycle and back half a cycle later (checked every 50 ms). Resolves with the upward crossings sent.
 */
function driveCrossings(
  sendTicker: (pair: string, price: number) => void,
  durationMs: number,
  currency: Currency,
): Promise<Crossing[]> {
  const crossings: Crossing[] = [];
  const prices = pairs.map(() => LOW);
  let sequence = 0;
  const start = Date.now();
  const sendRate = () => currency === 'BRL' && sendTicker('USDTBRL', BRL_RATE);
  sendRate();
  for (const pair of pairs) sendTicker(pair, LOW);
  const step = setInterval(() => {
    pairs.forEach((pair, index) => {
      const offset = isSpread ? (index * cycleMs) / pairs.length : 0;
      const phase = (Date.now() - start + offset) % cycleMs;
      const isHigh = phase >= cycleMs / 2;
      if (isHigh === prices[index]! > LOW) return;
      sequence += 1;
      const price = isHigh ? HIGH + sequence / 1e6 : LOW;
      prices[index] = price;
      const sentAt = Date.now();
      sendTicker(pair, price);
      if (isHigh) crossings.push({ pair, price, sentAt });
    });
  }, 50);
  const repeat = setInterval(() => {
    sendRate();
    pairs.forEach((pair, index) => sendTicker(pair, prices[index]!));
  }, 1000);
  return new Promise((resolve) =>
    setTimeout(() => {
      clearInterval(step);
      clearInterval(repeat);
      resolve(crossings);
    }, durationMs),
  );
}

/** The stub process: the market REST stub listing the coins, and Binance's stream. */
async function runStub() {
  const { startBinanceStreamStub } = await import('../apps/server/src/test/stubs/binance-stream-stub.ts');
  const { startMarketStub } = await import('../apps/server/src/test/stubs/market-stub.ts');
  const market = await startMarketStub({ listings });
  const stream = await startBinanceStreamStub();
  answerRequests({
    subscribed: () => {
      const streams = new Set(stream.subscriptions());
      return pairs.every((pair) => streams.has(`${pair.toLowerCase()}@miniTicker`));
    },
    drive: (request) =>
      driveCrossings(stream.sendTicker, request.durationMs as number, request.currency as Currency),
  });
  process.send!({ id: 0, result: { marketEnv: market.env, streamUrl: stream.url } });
}

/** Adds a trigger that notifies each alert e-mail's commit, and records when the server process hears it. */
async function listenToOutbox(database: Database): Promise<Commit[]> {
  const { sql } = await import('drizzle-orm');
  await database.db.execute(
    sql.raw(`
    CREATE OR REPLACE FUNCTION farol_bench_outbox_notify() RETURNS trigger AS $$
    BEGIN
      PERFORM pg_notify('${CHANNEL}', NEW.id || ' ' || (NEW.data->>'coinSymbol') || ' ' || (NEW.data->>'observedValue'));
      RETURN NEW;
    END $$ LANGUAGE plpgsql`),
  );
  await database.db.execute(
    sql.raw(`CREATE TRIGGER farol_bench_outbox AFTER INSERT ON email_outbox FOR EACH ROW
      WHEN (NEW.template = 'crypto-alert') EXECUTE FUNCTION farol_bench_outbox_notify()`),
  );
  const commits: Commit[] = [];
  const hear = (payload: string) => {
    const [rowId = '', symbol = '', observed = ''] = payload.split(' ');
    commits.push({ rowId, symbol, observed: Number(observed), at: Date.now() });
  };
  if (database.pool) {
    const client = await database.pool.connect();
    client.on('notification', (message) => hear(message.payload ?? ''));
    await client.query(`LISTEN ${CHANNEL}`);
  } else {
    type Listening = { listen: (channel: string, callback: (payload: string) => void) => Promise<unknown> };
    await (database.db as unknown as { $client: Listening }).$client.listen(CHANNEL, hear);
  }
  return commits;
}

/** Users through the API (verified at once), then the alerts written directly: no plan limit, no cooldown. */
async function seedAlerts(app: FastifyInstance, currency: Currency) {
  const { sql } = await import('drizzle-orm');
  const { alerts } = await import('../apps/server/src/db/schema/alerts.ts');
  const userIds: string[] = [];
  for (let index = 0; index < userCount; index += 1) {
    const password = 'senhaSegura1';
    const email = `bench${index}-${crypto.randomBytes(3).toString('hex')}@farol.test`;
    const payload = { name: `Bench ${index}`, email, password, confirmPassword: password };
    const answer = await app.inject({ method: 'POST', url: '/api/auth/register', payload });
    userIds.push((answer.json() as { user: { id: string } }).user.id);
  }
  await app.db.execute(sql`update users set email_verified_at = now()`);
  const rows = listings.flatMap((listing, coin) =>
    Array.from({ length: alertsPerCoin }, (_, index) => ({
      userId: userIds[(coin * alertsPerCoin + index) % userCount]!,
      name: `${listing.symbol} ${index}`,
      type: 'preco' as const,
      coinSymbol: listing.symbol,
      coinName: listing.name,
      conditions: {
        priceAbove: (LOW + ((index + 1) * (HIGH - LOW)) / (alertsPerCoin + 1)) * rateOf(currency),
      },
      currency,
      // a user's alert fires at most once per 15 minutes; the bench times many firings of each, so none
      cooldownMinutes: 0,
    })),
  );
  await app.db.insert(alerts).values(rows);
  app.marketStream.noteAlertsChanged();
}

/** The server process: the real app, jobs on (the outbox worker among them), live market from the stubs. */
async function runServer() {
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { openDatabase } = await import('../apps/server/src/db/client.ts');
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'farol-bench-alerts-'));
  // the embedded database on disk, as a server keeps it (DATA_DIR/pglite)
  const database = await openDatabase({ databaseUrl, pgliteDir: path.join(dataDir, 'pglite') });
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    JOBS_ENABLED: 'true',
    MARKET_DATA_SOURCE: 'live',
    ...(JSON.parse(process.env.STUB_MARKET_ENV!) as Record<string, string>),
    BINANCE_WS_URL: process.env.STUB_STREAM_URL!,
    MARKET_STREAM_ENABLED: 'true',
    SMTP_URL: process.env.BENCH_SMTP_URL!,
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    // every firing its own e-mail: past a destination's hourly budget (20) firings gather into a digest sent
    // minutes later, which is the product's answer to a flood, not the firing path this bench times
    NOTIFICATION_HOURLY_BUDGET: '1000000',
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
  } as NodeJS.ProcessEnv);
  const app = await buildApp(config, { database, webDist: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const commits = await listenToOutbox(database);
  await seedAlerts(app, process.env.BENCH_CURRENCY as Currency);
  answerRequests({
    commits: () => commits,
    cpu: () => ({ micros: process.cpuUsage().user + process.cpuUsage().system, at: Date.now() }),
  });
  process.on('SIGTERM', () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
  process.send!({ id: 0, result: {} });
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
const figures = (delays: number[]) => {
  const sorted = [...delays].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 0.5)} ms, p99 ${percentile(sorted, 0.99)} ms, max ${sorted.at(-1)} ms (${sorted.length.toLocaleString('en')})`;
};

/** Waits until `read` answers true, asking every 250 ms. */
async function until(read: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await read())) {
    if (Date.now() > deadline) throw new Error('the upstream never followed every alerted coin');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

type Measured = {
  crossings: Crossing[];
  commits: Commit[];
  mails: { messageId: string; receivedAt: number }[];
};

/** The delays of the crossings after the warm-up: to each commit, and to each e-mail received. */
function report(
  run: { engine: string; currency: Currency },
  measured: Measured,
  startedAt: number,
  cpuPercent: number,
) {
  const counted = measured.crossings.filter((crossing) => crossing.sentAt >= startedAt + warmupMs);
  const sentAt = new Map(
    counted.map((crossing) => [priceKey(crossing.pair, crossing.price), crossing.sentAt]),
  );
  const committed = new Map<string, number>();
  const toCommit: number[] = [];
  for (const commit of measured.commits) {
    const sent = sentAt.get(priceKey(`${commit.symbol}USDT`, commit.observed / rateOf(run.currency)));
    if (sent === undefined) continue;
    committed.set(commit.rowId, sent);
    toCommit.push(commit.at - sent);
  }
  const toMail: number[] = [];
  for (const mail of measured.mails) {
    const sent = committed.get(/^<([^@]+)@/.exec(mail.messageId)?.[1] ?? '');
    if (sent !== undefined) toMail.push(mail.receivedAt - sent);
  }
  const expected = counted.length * alertsPerCoin;
  const seconds = (measureMs - warmupMs) / 1000;
  console.log(
    `\n${run.engine}, alerts in ${run.currency}: ${counted.length} crossings in ${seconds} s × ${alertsPerCoin} alerts each`,
  );
  console.log(
    `  firings committed: ${toCommit.length} of ${expected} (${(toCommit.length / seconds).toFixed(1)}/s); e-mails received: ${toMail.length}`,
  );
  console.log(`  server CPU while driven: ${cpuPercent.toFixed(1)}% of one core`);
  console.log(`  tick → outbox row committed: ${figures(toCommit)}`);
  console.log(`  tick → e-mail at the SMTP peer: ${figures(toMail)}`);
}

/** One run against one database: the stubs and the server started, driven, measured, stopped. */
async function runEngine(engine: 'embedded' | 'postgres', currency: Currency) {
  const { startSmtpPeer } = await import('../apps/server/src/test/stubs/smtp-stub.ts');
  const { createPostgresDatabase } = await import('../apps/server/src/test/postgres-database.ts');
  const smtp = await startSmtpPeer();
  const database = engine === 'postgres' ? await createPostgresDatabase(process.env.DATABASE_URL) : undefined;
  const stub = startChild('--stub', {});
  const children: ChildProcess[] = [stub.child];
  try {
    const { marketEnv, streamUrl } = (await stub.ready) as { marketEnv: object; streamUrl: string };
    const server = startChild('--server', {
      STUB_MARKET_ENV: JSON.stringify(marketEnv),
      STUB_STREAM_URL: streamUrl,
      BENCH_SMTP_URL: smtp.url,
      BENCH_DATABASE_URL: database?.url ?? '',
      BENCH_CURRENCY: currency,
    });
    children.push(server.child);
    await server.ready;
    await until(() => stub.ask<boolean>({ type: 'subscribed' }), 60_000);
    type Cpu = { micros: number; at: number };
    const cpuStart = await server.ask<Cpu>({ type: 'cpu' });
    const crossings = await stub.ask<Crossing[]>({ type: 'drive', durationMs: measureMs, currency });
    const cpuEnd = await server.ask<Cpu>({ type: 'cpu' });
    await new Promise((resolve) => setTimeout(resolve, drainMs));
    const commits = await server.ask<Commit[]>({ type: 'commits' });
    const cpuPercent = ((cpuEnd.micros - cpuStart.micros) / 1000 / (cpuEnd.at - cpuStart.at)) * 100;
    report({ engine, currency }, { crossings, commits, mails: smtp.messages }, cpuStart.at, cpuPercent);
  } finally {
    for (const child of children) child.kill();
    await smtp.close();
    await database?.drop();
  }
}

async function main() {
  console.log(
    `price alerts on ticks: ${coinCount} coins beyond the ten × ${alertsPerCoin} alerts (${userCount} users), each coin low → high → low every ${cycleMs / 1000} s (${isSpread ? 'phases spread over the cycle' : 'all at once'}), ${measureMs / 1000} s driven (the first ${warmupMs / 1000} s not counted)`,
  );
  console.log(
    `machine: ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  for (const currency of currencies) await runEngine('embedded', currency as Currency);
  if (process.env.DATABASE_URL)
    for (const currency of currencies) await runEngine('postgres', currency as Currency);
}

const role = process.argv[2];
if (role === '--stub') await runStub();
else if (role === '--server') await runServer();
else await main();

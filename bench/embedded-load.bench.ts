/**
 * The default install under the cluster's web-shaped load: ONE built instance on the embedded database (no
 * DATABASE_URL, no REDIS_URL), as `npm start` runs it, served directly (no nginx), 2,000 virtual users shaped
 * like the web app (bench/cluster/workload.ts: the dashboard's polls, page visits, alerts, favourites, the chat;
 * four in five in reais), each holding its dashboard's live market stream. Market data from the recorded-response
 * stub, Binance's stream from the stub ticking every coin once a second, e-mails to a real SMTP peer.
 * Prints per route req/s, p50, p99 and errors, and the streams' figures; writes them into bench/README.md.
 *
 * The accounts are made through the API (argon2id per sign-up); a quarter are then made profissional by
 * writing their subscription while the server is stopped (one process holds the embedded database), and the
 * server is started again on the same DATA_DIR.
 *
 * Run: npm run build && npm run bench:embedded-load [-- --users 2000 --duration 60]
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { inArray } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { subscriptions } from '../apps/server/src/db/schema/subscriptions.ts';
import { findFreePort } from '../apps/server/src/test/free-port.ts';
import { startBinanceStreamStub } from '../apps/server/src/test/stubs/binance-stream-stub.ts';
import { startMarketStub } from '../apps/server/src/test/stubs/market-stub.ts';
import { startSmtpPeer } from '../apps/server/src/test/stubs/smtp-stub.ts';
// @ts-expect-error a plain .mjs script of the repository (no types)
import { supportedNode } from '../scripts/node-runtime.mjs';
import { figuresOf, formatRow, streamFiguresOf, streamSummary, summary } from './cluster/figures.ts';
import { startInstance, stopInstance, type Instance } from './cluster/processes.ts';
import { commitOf, writeReadmeSection } from './cluster/readme.ts';
import { createStreamFleet } from './cluster/streams.ts';
import {
  currencyOf,
  newLedger,
  runVirtualUser,
  saturate,
  signUp,
  type Context,
  type VirtualUser,
} from './cluster/workload.ts';

const { values: flags } = parseArgs({
  options: {
    users: { type: 'string', default: '2000' },
    duration: { type: 'string', default: '60' },
  },
});
const userCount = Number(flags.users);
const stageMs = Number(flags.duration) * 1000;
const password = 'senhaSegura1';
const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** The accounts through the API, eight sign-ups at a time; every fourth one is to be profissional. */
async function createAccounts(base: string): Promise<VirtualUser[]> {
  const setup: Context = { base, recorder: { samples: [] }, ledger: newLedger() };
  const users: VirtualUser[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < userCount) {
        const index = next++;
        const email = `vu${index}-${crypto.randomBytes(3).toString('hex')}@farol.test`;
        const answer = await signUp(setup, email, password);
        if (answer.status !== 201) throw new Error(`setup sign-up answered ${answer.status}`);
        users.push({
          index,
          currency: currencyOf(index),
          email,
          password,
          userId: answer.body.user.id,
          token: answer.body.token,
          plan: index % 4 === 0 ? 'profissional' : 'free',
          alerts: [],
          favourites: new Map(),
          sequence: 0,
        });
      }
    }),
  );
  return users;
}

/** Writes the profissional users' subscriptions straight into the embedded database (the server stopped). */
async function grantProfissional(dataDir: string, users: VirtualUser[]) {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite'), holder: 'admin CLI' });
  try {
    const ids = users.filter((user) => user.plan === 'profissional').map((user) => user.userId);
    await database.db
      .update(subscriptions)
      .set({ plan: 'profissional', status: 'active', currentPeriodEnd: null })
      .where(inArray(subscriptions.userId, ids));
  } finally {
    await database.close();
  }
}

async function main() {
  const node = supportedNode() as string;
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'farol-embedded-load-'));
  const dataDir = path.join(workDir, 'data');
  fs.mkdirSync(dataDir);
  const stub = await startMarketStub();
  const binance = await startBinanceStreamStub();
  binance.tickEvery(1000);
  const smtp = await startSmtpPeer();
  const port = await findFreePort();
  const env = {
    DATA_DIR: dataDir,
    APP_URL: `http://127.0.0.1:${port}`,
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
    MARKET_DATA_SOURCE: 'live',
    ...stub.env,
    ...binance.env,
    SMTP_URL: smtp.url,
    // every virtual user calls from 127.0.0.1: the per-IP sign-in limit and the site-wide sign-up ceiling
    // guard against strangers and are not what this load measures (streams come from 2,000 addresses)
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    REGISTRATIONS_PER_HOUR: '1000000',
    LOG_LEVEL: 'warn',
  };
  let instance: Instance | undefined;
  process.on('exit', () => instance?.child.kill('SIGKILL'));
  const loadBefore = loadAverage();
  try {
    instance = await startInstance(node, 'farol', port, env);
    const base = `http://127.0.0.1:${port}`;
    const setupStartedAt = Date.now();
    const users = await createAccounts(base);
    const setupSeconds = (Date.now() - setupStartedAt) / 1000;
    console.log(`setup: ${users.length} sign-ups in ${setupSeconds.toFixed(0)} s on the embedded default`);
    await stopInstance(instance);
    await grantProfissional(dataDir, users);
    instance = await startInstance(node, 'farol', port, env);

    const fleet = createStreamFleet(base, users.length);
    const openStartedAt = Date.now();
    await fleet.open();
    const openSeconds = (Date.now() - openStartedAt) / 1000;
    console.log(`${fleet.openCount()} of ${users.length} streams open in ${openSeconds.toFixed(1)} s`);
    const ledger = newLedger();
    // warm-up, not measured: the instance compiles its hot paths
    await saturate({ base, recorder: { samples: [] }, ledger }, users, 16, 10_000);
    const web: Context = { base, recorder: { samples: [] }, ledger };
    fleet.restartWindow();
    await Promise.all(users.map((user) => runVirtualUser(web, user, stageMs, 60_000)));
    const window = fleet.restartWindow();
    const rows = figuresOf(web.recorder.samples, stageMs / 1000);
    const streams = streamFiguresOf(fleet, window, Date.now(), openSeconds);
    fleet.close();
    const loadAfter = loadAverage();
    console.log(`\none embedded instance, ${users.length} virtual users, ${stageMs / 1000} s:`);
    for (const row of rows) console.log(`  ${row.route.padEnd(48)} ${summary(row)}`);
    console.log(`  ${'GET /api/market/stream (SSE)'.padEnd(48)} ${streamSummary(streams)}`);
    console.log(`load average: ${loadBefore} at the start, ${loadAfter} at the end`);
    writeReadme(rows, streams, { users: users.length, setupSeconds, loadBefore, loadAfter });
  } finally {
    if (instance) await stopInstance(instance);
    await Promise.all([smtp.close(), stub.close(), binance.close()]);
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

function writeReadme(
  rows: ReturnType<typeof figuresOf>,
  streams: ReturnType<typeof streamFiguresOf>,
  run: { users: number; setupSeconds: number; loadBefore: string; loadAfter: string },
) {
  const lines = [
    `Run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on commit \`${commitOf()}\`: ${run.users} virtual users (four in five in reais; sign-ups ${(run.users / run.setupSeconds).toFixed(1)}/s), ${stageMs / 1000} s, one instance on the embedded database served directly; the stubs and the load generator share this machine's ${os.cpus().length} cores. Load average ${run.loadBefore} at the start, ${run.loadAfter} at the end.`,
    '',
    '| route | req/s | p50 | p99 | errors |',
    '| ----- | ----: | --: | --: | -----: |',
    ...rows.map(formatRow),
    `| GET /api/market/stream (SSE): ${streams.open} of ${streams.held} open, ${streams.tickersPerSecond.toFixed(0)} tickers/s read | | tick → client ${streams.p50} ms | ${streams.p99} ms | ${streams.errors}${streams.failures ? ` (${streams.failures})` : ''} |`,
  ];
  writeReadmeSection('embedded-load', lines);
}

await main();

/**
 * Cached `GET /api/crypto/prices?page=1&limit=10` as a signed-in free user polls it (token check, the user's
 * plan, favourites, the cached coin list), under production conditions: jobs and market refreshers running.
 * Each configuration is a fresh server in this process with autocannon in a child process (so the load
 * generator does not share the server's event loop); a bare Fastify route is the machine's ceiling.
 *
 * Configurations (`--config`, repeatable; default: every one this machine can run):
 *   embedded        PGlite, in-process cache (what `npm start` runs)
 *   postgres        PostgreSQL (DATABASE_URL), in-process cache
 *   postgres+redis  PostgreSQL and Redis (REDIS_URL): the several-instances production configuration
 * DATABASE_URL and REDIS_URL default to the local servers (127.0.0.1:5432 database `test`, 127.0.0.1:6379);
 * each run gets its own new database and Redis key prefix. BENCH_SECONDS (10), BENCH_CONNECTIONS (50),
 * BENCH_ROUNDS (1; more reports the median).
 * Run: npm run bench:market-prices [-- --config postgres+redis]
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';

const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const rounds = Number(process.env.BENCH_ROUNDS ?? 1);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

type ConfigName = 'embedded' | 'postgres' | 'postgres+redis';
const allConfigs: ConfigName[] = ['postgres+redis', 'postgres', 'embedded'];

/** `cpuMicrosPerRequest`: the server process's CPU time (user + system) per answered request. */
type Figures = { requestsPerSecond: number; p50Ms: number; p99Ms: number; cpuMicrosPerRequest: number };
type AutocannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
};

async function measure(url: string, headers: Record<string, string>): Promise<Figures> {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}=${value}`]);
  const args = [autocannonCli, '--json', '-c', String(connections), '-d', String(durationSeconds)];
  const cpuBefore = process.cpuUsage();
  // execFile, not execFileSync: the server answers from this process's event loop meanwhile
  const stdout = await new Promise<string>((resolve, reject) =>
    execFile(process.execPath, [...args, ...headerArgs, url], { maxBuffer: 16 << 20 }, (error, out) =>
      error ? reject(error) : resolve(out),
    ),
  );
  const cpu = process.cpuUsage(cpuBefore);
  const result = JSON.parse(stdout) as AutocannonResult;
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    cpuMicrosPerRequest: (cpu.user + cpu.system) / result.requests.total,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 500 }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

async function newPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `farol_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** A server in `configName`, with a signed-in user whose prices request has been answered once (warm cache). */
async function startServer(configName: ConfigName) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'farol-bench-'));
  const database = configName === 'embedded' ? undefined : await newPostgresDatabase();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    MARKET_DATA_SOURCE: 'simulated',
    JOBS_ENABLED: 'true',
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url,
    REDIS_URL: configName === 'postgres+redis' ? redisUrl : undefined,
  } as NodeJS.ProcessEnv);
  const app = await buildApp(config, { webDist: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const registered = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench',
      email: `bench-${crypto.randomBytes(4).toString('hex')}@farol.test`,
      password: 'senhaSegura1',
      confirmPassword: 'senhaSegura1',
    }),
  }).then((response) => response.json() as Promise<{ token: string }>);
  const headers = { authorization: `Bearer ${registered.token}` };
  const pricesUrl = `${url}/api/crypto/prices?page=1&limit=10`;
  const warm = await fetch(pricesUrl, { headers });
  if (!warm.ok) throw new Error(`warm-up answered ${warm.status}: ${await warm.text()}`);
  return {
    pricesUrl,
    headers,
    close: async () => {
      await app.close();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const requested = process.argv
  .flatMap((argument, index, all) => (argument === '--config' ? [all[index + 1]] : []))
  .filter((name): name is ConfigName => allConfigs.includes(name as ConfigName));
const postgresAnswers = await answers(
  new URL(databaseUrl).hostname,
  Number(new URL(databaseUrl).port || 5432),
);
const redisAnswers = await answers(new URL(redisUrl).hostname, Number(new URL(redisUrl).port || 6379));
const configs = (requested.length ? requested : allConfigs).filter((name) => {
  const missing =
    (name !== 'embedded' && !postgresAnswers && 'PostgreSQL') ||
    (name === 'postgres+redis' && !redisAnswers && 'Redis');
  if (missing) console.log(`skipping ${name}: ${missing} does not answer`);
  return !missing;
});

const bare = Fastify();
bare.get('/bare', async () => ({ success: true, data: [{ id: 'bitcoin', current_price: 1 }] }));
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`;

const results = new Map<string, Figures[]>();
const record = (label: string, figures: Figures) =>
  results.set(label, [...(results.get(label) ?? []), figures]);
// rounds interleave the configurations, so a burst of load from elsewhere on the machine hits all alike
for (let round = 0; round < rounds; round += 1) {
  record('bare Fastify route', await measure(bareUrl, {}));
  for (const name of configs) {
    const server = await startServer(name);
    try {
      record(name, await measure(server.pricesUrl, server.headers));
    } finally {
      await server.close();
    }
  }
}

console.log(
  `GET /api/crypto/prices?page=1&limit=10, signed in, jobs and refreshers on; ${connections} connections, ` +
    `${durationSeconds} s${rounds > 1 ? `, median of ${rounds} rounds` : ''}, ${os.cpus().length} CPUs, Node ${process.version}`,
);
console.log('configuration        req/s    p50 ms   p99 ms   server CPU µs/request');
for (const [label, figures] of results) {
  const pick = (key: keyof Figures) => median(figures.map((figure) => figure[key]));
  console.log(
    `${label.padEnd(20)} ${pick('requestsPerSecond').toFixed(0).padStart(6)} ${String(pick('p50Ms')).padStart(9)} ` +
      `${String(pick('p99Ms')).padStart(8)} ${pick('cpuMicrosPerRequest').toFixed(0).padStart(12)}`,
  );
}
await bare.close();

/**
 * Cached `GET /api/crypto/prices?page=1&limit=10` (simulated market, signed-in free user: token check,
 * plan lookup, favourites, cached coin list) against a bare Fastify route on the same machine.
 * Prints req/s, p99 latency and the ratios, measured two ways: autocannon in a child process (the servers
 * keep this process to themselves: the fair method) and autocannon in this process (it shares the
 * servers' event loop and CPU). BENCH_ROUNDS > 1 repeats every run and reports the median of each figure.
 * Run: npm run bench:market-prices -w bench
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';

const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const rounds = Number(process.env.BENCH_ROUNDS ?? 1);
const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/** `cpuMicrosPerRequest`: this process's CPU time (user + system) per answered request. */
type Figures = { requestsPerSecond: number; p99Ms: number; cpuMicrosPerRequest: number };
type AutocannonResult = {
  requests: { average: number; total: number };
  latency: { p99: number };
  non2xx: number;
  errors: number;
};

function figuresOf(url: string, result: AutocannonResult, cpu: NodeJS.CpuUsage): Figures {
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    cpuMicrosPerRequest: (cpu.user + cpu.system) / result.requests.total,
  };
}

async function runInProcess(url: string, headers: Record<string, string>): Promise<Figures> {
  const cpuBefore = process.cpuUsage();
  const result = await autocannon({ url, connections, duration: durationSeconds, headers });
  return figuresOf(url, result, process.cpuUsage(cpuBefore));
}

// execFile, not execFileSync: the servers answer from this process's event loop meanwhile
async function runInChild(url: string, headers: Record<string, string>): Promise<Figures> {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}=${value}`]);
  const args = [
    autocannonCli,
    '--json',
    '-c',
    String(connections),
    '-d',
    String(durationSeconds),
    ...headerArgs,
    url,
  ];
  const cpuBefore = process.cpuUsage();
  const stdout = await new Promise<string>((resolve, reject) =>
    execFile(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 }, (error, out) =>
      error ? reject(error) : resolve(out),
    ),
  );
  return figuresOf(url, JSON.parse(stdout) as AutocannonResult, process.cpuUsage(cpuBefore));
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'farol-bench-'));
const config = loadConfig({
  LOG_LEVEL: 'silent',
  MARKET_DATA_SOURCE: 'simulated',
  JOBS_ENABLED: 'false',
  JWT_SECRET: crypto.randomBytes(32).toString('hex'),
  DATA_DIR: dataDir,
} as NodeJS.ProcessEnv);
const app = await buildApp(config, { webDist: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const registered = await fetch(`${appUrl}/api/auth/register`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    name: 'Bench',
    email: 'bench@farol.test',
    password: 'senhaSegura1',
    confirmPassword: 'senhaSegura1',
  }),
}).then((response) => response.json() as Promise<{ token: string }>);
const headers = { authorization: `Bearer ${registered.token}` };
const pricesUrl = `${appUrl}/api/crypto/prices?page=1&limit=10`;
const warm = await fetch(pricesUrl, { headers }).then(
  (response) => response.json() as Promise<{ cache: unknown; source: string }>,
);
console.log('warm-up answer:', warm.source, JSON.stringify(warm.cache));

const bare = Fastify();
const payload = { success: true, data: [{ id: 'bitcoin', current_price: 1 }] };
bare.get('/bare', async () => payload);
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`;

const targets = [
  { label: 'bare Fastify route', url: bareUrl, headers: {} },
  { label: 'GET /api/crypto/prices', url: pricesUrl, headers },
  // the same cache without the per-request database work (token check, plan, favourites): isolates the cache's cost
  { label: 'GET /api/market-data/global', url: `${appUrl}/api/market-data/global`, headers: {} },
];
// CPU per request is what the server spends (autocannon in a child) or server and load generator together
// (in process); unlike req/s it hardly moves when other work on the machine takes CPU time away.
const methods = [
  { label: 'autocannon in a child process', cpuLabel: 'server CPU', run: runInChild },
  { label: 'autocannon in the server process', cpuLabel: 'server + autocannon CPU', run: runInProcess },
];
for (const method of methods) {
  // rounds interleave the routes, so a burst of load from elsewhere on the machine hits all of them alike
  const runs: Figures[][] = targets.map(() => []);
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, target] of targets.entries())
      runs[index]!.push(await method.run(target.url, target.headers));
  }
  const summary = runs.map((figures) => ({
    requestsPerSecond: median(figures.map((figure) => figure.requestsPerSecond)),
    p99Ms: median(figures.map((figure) => figure.p99Ms)),
    cpuMicrosPerRequest: median(figures.map((figure) => figure.cpuMicrosPerRequest)),
  }));
  console.log(`-- ${method.label}${rounds > 1 ? ` (median of ${rounds} rounds)` : ''}`);
  for (const [index, target] of targets.entries()) {
    const figures = summary[index]!;
    console.log(
      `${target.label.padEnd(28)}: ${figures.requestsPerSecond.toFixed(0)} req/s, p99 ${figures.p99Ms} ms, ` +
        `${method.cpuLabel} ${figures.cpuMicrosPerRequest.toFixed(1)} µs/request`,
    );
  }
  const ratio = (index: number) =>
    (summary[index]!.requestsPerSecond / summary[0]!.requestsPerSecond).toFixed(2);
  const cpuRatio = (index: number) =>
    (summary[0]!.cpuMicrosPerRequest / summary[index]!.cpuMicrosPerRequest).toFixed(2);
  console.log(
    `ratio (prices / bare)      : ${ratio(1)} req/s, ${cpuRatio(1)} by CPU per request (target >= 0.5)`,
  );
  console.log(`ratio (global / bare)      : ${ratio(2)} req/s, ${cpuRatio(2)} by CPU per request`);
}
console.log(
  `(${connections} connections, ${durationSeconds} s each, ${os.cpus().length} CPUs, database ${app.database.engine})`,
);

await bare.close();
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });

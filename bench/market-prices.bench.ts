/**
 * Cached `GET /api/crypto/prices?page=1&limit=10` (simulated market, signed-in free user: token check,
 * plan lookup, favourites, cached coin list) against a bare Fastify route on the same machine.
 * One autocannon run each; prints req/s, p99 latency and the ratio. Run: npm run bench:market-prices -w bench
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';

const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

async function run(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections, duration: durationSeconds, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99 };
}

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
  body: JSON.stringify({ name: 'Bench', email: 'bench@farol.test', password: 'senhaSegura1', confirmPassword: 'senhaSegura1' }),
}).then((response) => response.json() as Promise<{ token: string }>);
const headers = { authorization: `Bearer ${registered.token}` };
const pricesUrl = `${appUrl}/api/crypto/prices?page=1&limit=10`;
const warm = await fetch(pricesUrl, { headers }).then((response) => response.json() as Promise<{ cache: unknown; source: string }>);
console.log('warm-up answer:', warm.source, JSON.stringify(warm.cache));

const bare = Fastify();
const payload = { success: true, data: [{ id: 'bitcoin', current_price: 1 }] };
bare.get('/bare', async () => payload);
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`;

const bareResult = await run(bareUrl);
const pricesResult = await run(pricesUrl, headers);
// the same cache without the per-request database work (token check, plan, favourites): isolates the cache's cost
const fearGreedResult = await run(`${appUrl}/api/market-data/global`);
console.log(`bare Fastify route       : ${bareResult.requestsPerSecond.toFixed(0)} req/s, p99 ${bareResult.p99Ms} ms`);
console.log(`GET /api/crypto/prices   : ${pricesResult.requestsPerSecond.toFixed(0)} req/s, p99 ${pricesResult.p99Ms} ms`);
console.log(`GET /api/market-data/global: ${fearGreedResult.requestsPerSecond.toFixed(0)} req/s, p99 ${fearGreedResult.p99Ms} ms`);
console.log(`ratio (global / bare)    : ${(fearGreedResult.requestsPerSecond / bareResult.requestsPerSecond).toFixed(2)}`);
console.log(`ratio (prices / bare)    : ${(pricesResult.requestsPerSecond / bareResult.requestsPerSecond).toFixed(2)} (target >= 0.5)`);
console.log(`(${connections} connections, ${durationSeconds} s each, ${os.cpus().length} CPUs, database ${app.database.engine})`);

await bare.close();
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });

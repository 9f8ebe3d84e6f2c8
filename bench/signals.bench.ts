// Signal engine speed: p50/p95 of the two /api/market-signals endpoints from a warm cache (real HTTP on
// loopback, PGlite, the simulated market), the CPU time of all ten analyses computed cold, and the backtest of
// two coins over three years.
// Run: npx tsx bench/signals.bench.ts (prints a Markdown table; no thresholds, figures only).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { analysisSymbols } from '@farol/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { runBacktest } from '../apps/server/src/modules/signals/backtest.ts';
import { readHistoryCsv } from '../apps/server/src/modules/signals/csv-candles.ts';
import {
  analyzeMarket,
  timeframes,
  type MarketCandles,
} from '../apps/server/src/modules/signals/market-analysis.ts';
import { candleWindows, candlesAsOf } from '../apps/server/src/modules/signals/walk-forward.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (value: number) => `${value.toFixed(2)} ms`;

// Node 23.9+ can tell the main thread's CPU apart from the process's (V8 compiles and collects on other threads).
const threadCpuUsage = (
  process as { threadCpuUsage?: (previous?: NodeJS.CpuUsage) => NodeJS.CpuUsage }
).threadCpuUsage?.bind(process);

function cpuMs<T>(work: () => T): { result: T; cpu: number; threadCpu: number | null } {
  const start = process.cpuUsage();
  const threadStart = threadCpuUsage?.();
  const result = work();
  const used = process.cpuUsage(start);
  const threadUsed = threadStart ? threadCpuUsage!(threadStart) : null;
  return {
    result,
    cpu: (used.user + used.system) / 1000,
    threadCpu: threadUsed ? (threadUsed.user + threadUsed.system) / 1000 : null,
  };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'farol-bench-signals-'));
  const { app, base } = await startApp(dataDir);
  const rows: string[] = [];
  try {
    rows.push(...(await simulatedAnalysisRows(app)));
    rows.push(realCandlesRow());
    rows.push(backtestRow());
    rows.push(...(await warmRequestRows(base, await signInAsAdmin(app, base))));
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    `# Signals benchmark (${os.cpus()[0]?.model ?? 'cpu'}, ${os.cpus().length} cores, Node ${process.version})\n`,
  );
  console.log('| what | figure |\n|---|---|');
  console.log(rows.join('\n'));
}

/** The real app on PGlite and the simulated market, listening on a loopback port. */
async function startApp(dataDir: string) {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    MARKET_DATA_SOURCE: 'simulated',
    JOBS_ENABLED: 'false',
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    DATA_DIR: dataDir,
  } as NodeJS.ProcessEnv);
  const app = await buildApp(config, { webDist: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { app, base };
}

/** Cold CPU: the ten coins' candles fetched first (I/O is not the engine's), then every analysis computed. */
async function simulatedAnalysisRows(app: FastifyInstance) {
  const candles = new Map<string, MarketCandles>();
  for (const symbol of analysisSymbols) {
    const byTimeframe = {} as Record<(typeof timeframes)[number], MarketCandles['1h']>;
    for (const timeframe of timeframes)
      byTimeframe[timeframe] = (
        await app.market.getCandles(symbol, timeframe, candleWindows[timeframe])
      ).data;
    candles.set(symbol, byTimeframe);
  }
  const firstRun = cpuMs(() => analysisSymbols.map((symbol) => analyzeMarket(candles.get(symbol)!)));
  const repeated = Array.from(
    { length: 20 },
    () => cpuMs(() => analysisSymbols.map((symbol) => analyzeMarket(candles.get(symbol)!))).cpu,
  ).sort((a, b) => a - b);
  return [
    `| all ten analyses, first run in the process (simulated candles) | CPU ${ms(firstRun.cpu)} (process)${firstRun.threadCpu === null ? '' : `, ${ms(firstRun.threadCpu)} (main thread)`} |`,
    `| all ten analyses, median of 20 further runs | CPU ${ms(percentile(repeated, 50))} |`,
  ];
}

function realCandlesRow() {
  const real = ['BTC', 'ETH', 'SOL', 'MATIC'].map((symbol) => {
    const history = readHistoryCsv(symbol);
    return candlesAsOf(history, history['1h'].at(-1)!.openTime + 3_600_000);
  });
  const realRuns = Array.from(
    { length: 20 },
    () => cpuMs(() => real.map((candles) => analyzeMarket(candles))).cpu,
  ).sort((a, b) => a - b);
  return `| four analyses on the real Binance candles of the test data, median of 20 | CPU ${ms(percentile(realRuns, 50))} |`;
}

/** The backtest of two coins over their three years of hourly candles, one call every 8 hours (`npm run backtest`). */
function backtestRow() {
  const started = performance.now();
  const { result, cpu } = cpuMs(() => runBacktest({ symbols: ['BTC', 'ETH'], stepHours: 8 }));
  const wall = (performance.now() - started) / 1000;
  return `| backtest of BTC and ETH, ${result.data.from.slice(0, 10)} to ${result.data.to.slice(0, 10)}, ${result.horizons[0]!.signals} calls with setups | ${wall.toFixed(1)} s wall, CPU ${(cpu / 1000).toFixed(1)} s |`;
}

/** Registers the bench user, makes it admin and returns its authorization header. */
async function signInAsAdmin(app: FastifyInstance, base: string) {
  const register = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench',
      email: 'bench@farol.test',
      password: 'senhaSegura1',
      confirmPassword: 'senhaSegura1',
    }),
  });
  const { token, user } = (await register.json()) as { token: string; user: { id: string } };
  const { sql } = await import('drizzle-orm');
  await app.db.execute(sql`update users set is_admin = true where id = ${user.id}`);
  return { authorization: `Bearer ${token}` };
}

/** p50/p95 of REQUESTS sequential requests to each endpoint after one request warms its cache. */
async function warmRequestRows(base: string, headers: Record<string, string>) {
  const rows: string[] = [];
  for (const [label, url] of [
    ['GET /api/market-signals/analysis/BTC (warm)', `${base}/api/market-signals/analysis/BTC`],
    [
      'GET /api/market-signals/dashboard-signals, 10 coins (warm)',
      `${base}/api/market-signals/dashboard-signals`,
    ],
  ] as const) {
    const warm = await fetch(url, { headers });
    if (warm.status !== 200) throw new Error(`${url}: ${warm.status} ${await warm.text()}`);
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const started = performance.now();
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    rows.push(
      `| ${label}, ${REQUESTS} sequential requests | p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))} |`,
    );
  }
  return rows;
}

await main();

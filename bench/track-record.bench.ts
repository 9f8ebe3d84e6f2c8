// Track record cost: GET /api/market-signals/track-record (public) with 1, 2 and 5 years of hourly signals for
// ten coins (two engine versions: 2.0.0 the first year, 3.0.0 after), real HTTP on loopback, on the embedded
// database (PGlite) and, when DATABASE_URL is set (an administrative URL: a fresh database is created and
// dropped), on PostgreSQL. Per size: the refresh the jobs run after storing or scoring signals (it measures
// every row into the stored summary), then requests for every version and for one version (?engineVersion=),
// which read the stored summary only: p50/p99. The rows are synthetic (a seeded walk and hashed classes): this
// measures speed, never figures anyone reads. Run: npm run bench:track-record (prints Markdown; no thresholds).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { refreshTrackRecordSummary } from '../apps/server/src/modules/track-record/track-record.service.ts';
import { createPostgresDatabase } from '../apps/server/src/test/postgres-database.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const COINS = 10;
const YEAR_HOURS = 365 * 24;
const sizes = [
  ['1 year', 1],
  ['2 years', 2],
  ['5 years', 5],
] as const;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function timeRequests(url: string) {
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return `${percentile(times, 50).toFixed(1)} / ${percentile(times, 99).toFixed(1)} ms`;
}

async function runEngine(engine: 'embedded' | 'postgres', rows: string[]) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'farol-bench-track-record-'));
  const database = engine === 'postgres' ? await createPostgresDatabase(process.env.DATABASE_URL) : undefined;
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    MARKET_DATA_SOURCE: 'simulated',
    JOBS_ENABLED: 'false',
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
    DATA_DIR: dataDir,
    ...(database ? { DATABASE_URL: database.url } : {}),
  } as NodeJS.ProcessEnv);
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    app = await buildApp(config, { webDist: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/market-signals/track-record`;
    for (const [label, years] of sizes) {
      const hours = years * YEAR_HOURS;
      // hourly rows from 2024-01-01 for each coin; outcomes filled where the horizon lies within the history
      await app.db.execute(sql`
        insert into signal_history (coin, time, signal, score, confidence, price, engine_version, price_24h, price_72h, price_7d)
        select 'C' || coin, timestamptz '2024-01-01' + make_interval(hours => hour), (array['strong_buy','buy','neutral','sell','strong_sell'])[1 + (hash % 5)],
               0, 40 + (hash % 30), 100 * exp(sin(hour / 50.0) / 5), case when hour < ${YEAR_HOURS} then '2.0.0' else '3.0.0' end,
               case when hour + 24 < ${hours} then 100 * exp(sin((hour + 24) / 50.0) / 5) end,
               case when hour + 72 < ${hours} then 100 * exp(sin((hour + 72) / 50.0) / 5) end,
               case when hour + 168 < ${hours} then 100 * exp(sin((hour + 168) / 50.0) / 5) end
        from generate_series(1, ${COINS}) coin, generate_series(0, ${hours - 1}) hour,
             lateral (select abs(hashtext(coin::text || ':' || hour::text)) as hash) h
        on conflict do nothing`);
      const refreshStart = performance.now();
      const refresh = await refreshTrackRecordSummary(app.db);
      const refreshMs = performance.now() - refreshStart;
      const all = await timeRequests(url);
      const version = await timeRequests(`${url}?engineVersion=3.0.0`);
      rows.push(
        `| ${engine === 'embedded' ? 'embedded (PGlite)' : 'PostgreSQL'} | ${label} | ${refresh.signals.toLocaleString('en')} | ${(refreshMs / 1000).toFixed(1)} s | ${all} | ${version} |`,
      );
      console.error(rows.at(-1));
    }
  } finally {
    await app?.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const rows = [
    `| database | history | rows | refresh by the job (measures every row) | request, all versions p50 / p99 | request, ?engineVersion=3.0.0 p50 / p99 |`,
    '|---|---|---:|---:|---:|---:|',
  ];
  await runEngine('embedded', rows);
  if (process.env.DATABASE_URL) await runEngine('postgres', rows);
  console.log(`${REQUESTS} sequential requests per cell\n`);
  console.log(rows.join('\n'));
}

await main();

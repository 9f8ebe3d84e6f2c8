// Track record cost: GET /api/market-signals/track-record (public) with 30 days, 1 year and 2 years of hourly
// signals for ten coins, on PGlite (real HTTP on loopback): the first request after the table changed (it
// measures every row and stores the summary; the hourly job normally pays this) and the next ones (a
// fingerprint query and the stored summary). The rows are synthetic (a seeded random walk and random classes): this measures speed, never
// figures anyone reads. Run: npx tsx bench/track-record.bench.ts (prints a Markdown table; no thresholds).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 10);
const COINS = 10;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'farol-bench-track-record-'));
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    MARKET_DATA_SOURCE: 'simulated',
    JOBS_ENABLED: 'false',
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    DATA_DIR: dataDir,
  } as NodeJS.ProcessEnv);
  const app = await buildApp(config, { webDist: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/market-signals/track-record`;
  const rows = [
    '| history | rows | first request (measures) | next requests p50 | next requests max | CPU per next request |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  let stored = 0;
  try {
    for (const [label, hours] of [
      ['30 days', 30 * 24],
      ['1 year', 365 * 24],
      ['2 years', 730 * 24],
    ] as const) {
      // hourly rows from 2024-01-01 for each coin; outcomes filled where the horizon lies within the history
      await app.db.execute(sql`
        insert into signal_history (coin, time, signal, score, confidence, price, engine_version, price_24h, price_72h, price_7d)
        select 'C' || coin, timestamptz '2024-01-01' + make_interval(hours => hour), (array['strong_buy','buy','neutral','sell','strong_sell'])[1 + (hash % 5)],
               0, 40 + (hash % 30), 100 * exp(sin(hour / 50.0) / 5), '2.0.0',
               case when hour + 24 < ${hours} then 100 * exp(sin((hour + 24) / 50.0) / 5) end,
               case when hour + 72 < ${hours} then 100 * exp(sin((hour + 72) / 50.0) / 5) end,
               case when hour + 168 < ${hours} then 100 * exp(sin((hour + 168) / 50.0) / 5) end
        from generate_series(1, ${COINS}) coin, generate_series(0, ${hours - 1}) hour,
             lateral (select abs(hashtext(coin::text || ':' || hour::text)) as hash) h
        on conflict do nothing`);
      stored = COINS * hours;
      const coldStart = performance.now();
      await (await fetch(url)).arrayBuffer();
      const cold = performance.now() - coldStart;
      const times: number[] = [];
      const cpuStart = process.cpuUsage();
      for (let i = 0; i < REQUESTS; i++) {
        const started = performance.now();
        const response = await fetch(url);
        await response.arrayBuffer();
        times.push(performance.now() - started);
      }
      const cpu = process.cpuUsage(cpuStart);
      times.sort((a, b) => a - b);
      rows.push(
        `| ${label} | ${stored.toLocaleString('en')} | ${cold.toFixed(0)} ms | ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms | ${times.at(-1)!.toFixed(0)} ms | ${((cpu.user + cpu.system) / 1000 / REQUESTS).toFixed(0)} ms |`,
      );
    }
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(rows.join('\n'));
}

await main();

/**
 * The live market's fan-out: 1,000 browsers on one instance, each following the ten analysed coins (tickers
 * and 1h candles) over `GET /api/market/stream`, while a local Binance stream stub ticks every coin once a
 * second (mini-ticker and kline: 20 upstream events a second). Three processes so nobody shares an event
 * loop: the stub, the server (PGlite, jobs off, live market pointed at the stub) and the clients (this
 * process, plain node:http, parsing only each event's time).
 *
 * Figures: the server process's CPU (percent of one core) and memory per client (RSS and heap growth from
 * 0 to N clients, divided by N), and the delay from the stub sending a tick to a client reading it, p50 and
 * p99 over every event every client received during the measured window.
 * Runs once per currency of BENCH_CURRENCIES (`USD,BRL`: a pt-BR account follows the stream in reais), each on a
 * fresh stub and server, and says what reais cost against dollars.
 * BENCH_CLIENTS (1000), BENCH_SECONDS (20), BENCH_WARMUP_SECONDS (5), BENCH_CURRENCIES (USD,BRL).
 * Run: npm run bench:stream -w bench
 */
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const clientCount = Number(process.env.BENCH_CLIENTS ?? 1000);
const measureSeconds = Number(process.env.BENCH_SECONDS ?? 20);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const symbols = 'BTC,ETH,BNB,ADA,SOL,XRP,DOT,AVAX,MATIC,LINK';
const currencies = (process.env.BENCH_CURRENCIES ?? 'USD,BRL').split(',').map((code) => code.trim());
for (const code of currencies)
  if (code !== 'USD' && code !== 'BRL') throw new Error(`BENCH_CURRENCIES: USD or BRL, not ${code}`);
const self = fileURLToPath(import.meta.url);

type Stats = { cpuMicros: number; rss: number; heapUsed: number; at: number };
type Message = { url?: string; stats?: Stats };

/** A child running this file in `role`, answering `{url}` once up and `{stats}` when asked. */
async function startChild(role: '--stub' | '--server', env: Record<string, string> = {}) {
  // --expose-gc: memory is read after a full collection, so it counts what the clients hold
  const child = fork(self, [role], {
    execArgv: [...process.execArgv, '--expose-gc'],
    env: { ...process.env, ...env },
  });
  const url = await new Promise<string>((resolve) =>
    child.on('message', (message: Message) => message.url && resolve(message.url)),
  );
  const stats = () =>
    new Promise<Stats>((resolve) => {
      const listener = (message: Message) => {
        if (!message.stats) return;
        child.off('message', listener);
        resolve(message.stats);
      };
      child.on('message', listener);
      child.send('stats');
    });
  return { child, url, stats };
}

function answerStats(child: NodeJS.Process) {
  child.on('message', (message) => {
    if (message !== 'stats') return;
    globalThis.gc?.();
    const cpu = process.cpuUsage();
    const memory = process.memoryUsage();
    child.send!({
      stats: { cpuMicros: cpu.user + cpu.system, rss: memory.rss, heapUsed: memory.heapUsed, at: Date.now() },
    });
  });
}

/** The stub process: Binance's combined stream, ticking every subscribed stream once a second. */
async function runStub() {
  const { startBinanceStreamStub } = await import('../apps/server/src/test/stubs/binance-stream-stub.ts');
  const stub = await startBinanceStreamStub();
  stub.tickEvery(1000);
  answerStats(process);
  process.send!({ url: stub.url });
}

/** The server process: the real app on PGlite, live market from the stub, REST from the recorded market stub. */
async function runServer() {
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { startMarketStub } = await import('../apps/server/src/test/stubs/market-stub.ts');
  const market = await startMarketStub();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'farol-bench-stream-'));
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    JOBS_ENABLED: 'false',
    MARKET_DATA_SOURCE: 'live',
    ...market.env,
    BINANCE_WS_URL: process.env.STUB_URL!,
    MARKET_STREAM_ENABLED: 'true',
    // one bench process opens every stream from one address
    MARKET_STREAM_CONNECTIONS_PER_USER: String(clientCount + 10),
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
  } as NodeJS.ProcessEnv);
  const app = await buildApp(config, { webDist: false });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  answerStats(process);
  process.send!({ url });
}

/** Opens one stream; every `time` of an event read is turned into a delay (ms) while `recording()`. */
function openClient(url: string, currency: string, agent: http.Agent, onDelay: (ms: number) => void) {
  return new Promise<http.ClientRequest>((resolve, reject) => {
    const request = http.get(
      `${url}/api/market/stream?symbols=${symbols}&interval=1h&currency=${currency}`,
      { agent, headers: { accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`status ${response.statusCode}`));
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          const now = Date.now();
          // a ticker's `"time":` is the upstream event time the stub stamped when sending
          for (const match of chunk.matchAll(/"time":(\d{13})/g)) onDelay(now - Number(match[1]));
        });
        resolve(request);
      },
    );
    request.on('error', reject);
  });
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
const mb = (bytes: number) => (bytes / 1_048_576).toFixed(1);

type Run = { currency: string; cpuPercent: number; heapPerClientKb: number; p50: number; p99: number };

/** One measured run: a fresh stub and server, `clientCount` clients following the ten coins in `currency`. */
async function measure(currency: string): Promise<Run> {
  const stub = await startChild('--stub');
  const server = await startChild('--server', { STUB_URL: stub.url });
  const children: ChildProcess[] = [stub.child, server.child];
  try {
    // let the server connect upstream and settle, then measure its idle footprint
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const idle = await server.stats();
    const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
    const delays: number[] = [];
    let recording = false;
    const requests: http.ClientRequest[] = [];
    for (let index = 0; index < clientCount; index += 1)
      requests.push(await openClient(server.url, currency, agent, (ms) => recording && delays.push(ms)));
    await new Promise((resolve) => setTimeout(resolve, warmupSeconds * 1000));
    const start = await server.stats();
    const clientCpuStart = process.cpuUsage();
    recording = true;
    await new Promise((resolve) => setTimeout(resolve, measureSeconds * 1000));
    recording = false;
    const end = await server.stats();
    const clientCpu = process.cpuUsage(clientCpuStart);
    for (const request of requests) request.destroy();
    agent.destroy();

    const sorted = delays.sort((a, b) => a - b);
    const cpuPercent = ((end.cpuMicros - start.cpuMicros) / 1000 / (end.at - start.at)) * 100;
    console.log(
      `market stream fan-out in ${currency}: ${clientCount} SSE clients × 10 coins (ticker + 1h candle), 1 tick/s/coin`,
    );
    console.log(
      `machine: ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
    );
    console.log(
      `events received in ${measureSeconds} s: ${sorted.length.toLocaleString('en')} (${Math.round(sorted.length / measureSeconds).toLocaleString('en')}/s)`,
    );
    console.log(`server CPU: ${cpuPercent.toFixed(1)}% of one core`);
    // the clients' own process: its delays in reading count in the figures below
    const clientPercent = ((clientCpu.user + clientCpu.system) / 1000 / (end.at - start.at)) * 100;
    console.log(`client process CPU: ${clientPercent.toFixed(1)}% of one core`);
    console.log(
      `server memory: RSS ${mb(idle.rss)} → ${mb(end.rss)} MB, heap ${mb(idle.heapUsed)} → ${mb(end.heapUsed)} MB; per client: RSS ${((end.rss - idle.rss) / clientCount / 1024).toFixed(1)} KB, heap ${((end.heapUsed - idle.heapUsed) / clientCount / 1024).toFixed(1)} KB`,
    );
    console.log(
      `delay upstream tick → client: p50 ${percentile(sorted, 0.5)} ms, p99 ${percentile(sorted, 0.99)} ms, max ${sorted.at(-1)} ms`,
    );
    if (sorted.length === 0) throw new Error(`no event reached a client in ${currency}`);
    return {
      currency,
      cpuPercent,
      heapPerClientKb: (end.heapUsed - idle.heapUsed) / clientCount / 1024,
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
    };
  } finally {
    for (const child of children) child.kill();
  }
}

async function main() {
  const runs: Run[] = [];
  for (const currency of currencies) {
    runs.push(await measure(currency));
    console.log('');
  }
  const usd = runs.find((run) => run.currency === 'USD');
  const brl = runs.find((run) => run.currency === 'BRL');
  if (usd && brl)
    console.log(
      `reais against dollars: server CPU ${brl.cpuPercent.toFixed(1)}% vs ${usd.cpuPercent.toFixed(1)}%, heap per client ${brl.heapPerClientKb.toFixed(1)} vs ${usd.heapPerClientKb.toFixed(1)} KB, p99 ${brl.p99} vs ${usd.p99} ms`,
    );
}

const role = process.argv[2];
if (role === '--stub') await runStub();
else if (role === '--server') await runServer();
else await main();

/**
 * Analyses of 100 coins beyond the ten: cold (no candle cached), warm (same hour: cached analyses), and at the
 * next hourly close (candles and analyses refreshed), against the market stub over HTTP. The stub lists 100
 * invented coins with USDT pairs whose klines replay the repository's real 1h/1d candles of BTC, ETH and SOL
 * (packages/testdata) under the 100 pair names: the prices are real candles reused across names.
 * Figures: CPU time of this process (the stub runs in a child process), wall time, upstream calls and Binance
 * request weight (as the market service counted them), memory.
 * Run: npm run bench:coins -w bench (BENCH_COINS=100 by default)
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import os from 'node:os';
import readline from 'node:readline';
import { loadConfig } from '../apps/server/src/config.ts';
import { createMemoryCacheStore } from '../apps/server/src/lib/cache.ts';
import { createMarketService } from '../apps/server/src/modules/market/market.service.ts';
import { createSignalsService } from '../apps/server/src/modules/signals/signals.service.ts';
import type { ReplayedListing } from '../apps/server/src/test/stubs/market-stub.ts';

const COINS = Number(process.env.BENCH_COINS ?? 100);
// the recorded pairs with hourly candles up to 2025-04 (the engine reads 1h, 4h and 1d; MATIC's end in 2024)
const recordedPairs = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'];

/** Invented tickers (BA, BB, …) that no recorded coin carries. */
const listings: ReplayedListing[] = Array.from({ length: COINS }, (_, index) => {
  const symbol = `Z${String.fromCharCode(65 + Math.floor(index / 26))}${String.fromCharCode(65 + (index % 26))}`;
  return { symbol, name: `Replayed ${symbol}`, candlesOf: recordedPairs[index % recordedPairs.length]! };
});

const gc = (globalThis as { gc?: () => void }).gc;
const heapMb = () => {
  gc?.();
  return process.memoryUsage().heapUsed / 1_048_576;
};

type Counts = { klines: number; exchangeInfo: number; coinGecko: number; weight: number };

/** The stub in a child process (node with tsx); its URL once it listens. */
async function startStubProcess() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'coins-stub.ts', JSON.stringify(listings)], {
    cwd: import.meta.dirname,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [url] = (await once(readline.createInterface({ input: child.stdout! }), 'line')) as [string];
  return { url, stop: () => child.kill('SIGTERM') };
}

async function measure(label: string, work: () => Promise<unknown>, counts: () => Counts): Promise<string> {
  const before = counts();
  const heapBefore = heapMb();
  const cpuStart = process.cpuUsage();
  const wallStart = performance.now();
  await work();
  const wall = performance.now() - wallStart;
  const cpu = process.cpuUsage(cpuStart);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const after = counts();
  const heapAfter = heapMb();
  return [
    label,
    `${cpuMs.toFixed(0)} ms (${(cpuMs / COINS).toFixed(1)} ms/coin)`,
    `${wall.toFixed(0)} ms`,
    after.klines - before.klines,
    after.exchangeInfo - before.exchangeInfo,
    after.coinGecko - before.coinGecko,
    after.weight - before.weight,
    `${(heapAfter - heapBefore).toFixed(1)} MB`,
  ].join(' | ');
}

async function main() {
  const stub = await startStubProcess();
  // inside the recorded hourly candles' range
  let time = Date.parse('2025-04-20T10:30:00Z');
  const config = loadConfig({
    MARKET_DATA_SOURCE: 'live',
    COINGECKO_BASE_URL: `${stub.url}/api/v3`,
    BINANCE_BASE_URL: stub.url,
    FEAR_GREED_BASE_URL: stub.url,
    // the stub serves 300 concurrent klines answers on a shared machine: give it time (this is not measured)
    UPSTREAM_TIMEOUT_MS: '60000',
  } as NodeJS.ProcessEnv);
  const market = createMarketService({ config, now: () => new Date(time), store: createMemoryCacheStore() });
  const signals = createSignalsService({ market, now: () => new Date(time) });
  const symbols = listings.map((listing) => listing.symbol);
  // Binance calls are klines (weight 2) and exchangeInfo (weight 20): both counts follow from calls and weight
  const counts = (): Counts => {
    const calls = market.upstreamCallCounts();
    const weight = market.upstreamWeightCounts().binance;
    const exchangeInfo = (weight - 2 * calls.binance) / 18;
    return { klines: calls.binance - exchangeInfo, exchangeInfo, coinGecko: calls.coingecko, weight };
  };
  const analyseAll = () => Promise.all(symbols.map((symbol) => signals.getAnalysis(symbol, 'en')));
  const rows: string[] = [];
  const heapStart = heapMb();
  try {
    rows.push(await measure(`cold: ${COINS} coins, nothing cached`, analyseAll, counts));
    const heapHeld = heapMb() - heapStart;
    time += 10 * 60_000;
    rows.push(await measure(`warm: the same ${COINS}, 10 min later`, analyseAll, counts));
    time += 60 * 60_000;
    rows.push(await measure(`next hourly close: the same ${COINS}`, analyseAll, counts));
    console.log(
      `# ${COINS} coins beyond the ten (${os.cpus()[0]?.model ?? 'cpu'}, ${os.cpus().length} cores, Node ${process.version})\n`,
    );
    console.log(
      'run | CPU | wall | Binance /klines | Binance /exchangeInfo | CoinGecko /coins/markets | Binance weight | heap change',
    );
    console.log('--- | --: | --: | --: | --: | --: | --: | --:');
    for (const row of rows) console.log(row);
    console.log(
      `\nheap held by the ${COINS} cached coins (candles and analyses) after the cold run: ${heapHeld.toFixed(1)} MB` +
        `${gc ? '' : ' (without --expose-gc: garbage included)'}; Binance budget ${config.BINANCE_WEIGHT_PER_MINUTE} weight a minute`,
    );
  } finally {
    await market.stop();
    stub.stop();
  }
}

await main();

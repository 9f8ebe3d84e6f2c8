/**
 * Upstream calls made while 1,000 simulated users poll the dashboard for 5 minutes (fake clock, live
 * providers pointed at the recorded-data stub). Each user polls on the web's schedule with a random phase:
 * coin list every 60 s, dominance every 120 s, fear-greed every 300 s, the BTC 1h chart every 60 s; the
 * background refresher ticks every 10 s. Run: npm run bench:market-budget -w bench
 */
import { createMemoryCacheStore } from '../apps/server/src/lib/cache.ts';
import { createMarketService } from '../apps/server/src/modules/market/market.service.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { startMarketStub, stubEndpoints } from '../apps/server/src/test/stubs/market-stub.ts';

const users = Number(process.env.BENCH_USERS ?? 1000);
const minutes = 5;
const stub = await startMarketStub();
// inside the recorded candles' range, so the chart has live data
let time = Date.parse('2025-03-10T10:00:30Z');
const config = loadConfig({ MARKET_DATA_SOURCE: 'live', ...stub.env } as NodeJS.ProcessEnv);
const market = createMarketService({ config, now: () => new Date(time), store: createMemoryCacheStore() });

const phases = Array.from({ length: users }, (_, index) => (index * 7919) % 300);
const due = (phase: number, second: number, period: number) => (second + phase) % period === 0;
let requests = 0;
for (let second = 0; second < minutes * 60; second += 1) {
  const polls: Promise<unknown>[] = [];
  for (const phase of phases) {
    if (due(phase, second, 60)) polls.push(market.getCoins(5), market.getCandles('BTC', '1h', 500));
    if (due(phase, second, 120)) polls.push(market.getGlobal());
    if (due(phase, second, 300)) polls.push(market.getFearGreed(1));
  }
  requests += polls.length;
  await Promise.all(polls);
  if (second % 10 === 0) await market.refreshHotKeys();
  time += 1000;
}
await new Promise((resolve) => setTimeout(resolve, 50)); // let background refreshes finish

const calls = {
  coinsMarkets: stub.calls(stubEndpoints.coinsMarkets),
  global: stub.calls(stubEndpoints.global),
  fearGreed: stub.calls(stubEndpoints.fearGreed),
  klines: stub.calls(stubEndpoints.klines),
};
console.log(`${users} users, ${minutes} min, ${requests} market reads`);
console.log(
  `upstream calls: CoinGecko /coins/markets ${calls.coinsMarkets} (freshness 60 s -> ~${minutes + 1} expected)`,
);
console.log(`                CoinGecko /global ${calls.global} (120 s -> ~${Math.ceil(minutes / 2) + 1})`);
console.log(
  `                alternative.me /fng ${calls.fearGreed} (300 s -> ~${Math.ceil(minutes / 5) + 1})`,
);
console.log(
  `                Binance /klines BTC 1h ${calls.klines} (until the next 1h close -> 1 per hour crossed + 1)`,
);
console.log(
  `CoinGecko per minute: ${((calls.coinsMarkets + calls.global) / minutes).toFixed(1)} (budget ${config.COINGECKO_CALLS_PER_MINUTE})`,
);
await stub.close();

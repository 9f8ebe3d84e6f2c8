/**
 * Upstream calls made while simulated users poll the dashboard for 5 minutes (fake clock, live providers
 * pointed at the recorded-data stub). Each user polls on the web's schedule with a random phase: coin list
 * every 60 s, dominance every 120 s, fear-greed every 300 s, the BTC 1h chart every 60 s; the background
 * refresher ticks every 10 s. Run twice per user count: every user in USD, then users split between BRL
 * and USD (every other user in reais: the BRL coin list, and the chart converted with the USDT/BRL
 * candles). The calls per minute must not depend on the number of users.
 * Run: npm run bench:market-budget -w bench (BENCH_USERS=1000 by default; 100 is run too for comparison)
 */
import type { Currency } from '@farol/contract';
import { createMemoryCacheStore } from '../apps/server/src/lib/cache.ts';
import { createMarketService } from '../apps/server/src/modules/market/market.service.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { startMarketStub, stubEndpoints } from '../apps/server/src/test/stubs/market-stub.ts';

const minutes = 5;

async function simulate(users: number, currencies: readonly Currency[]) {
  const stub = await startMarketStub();
  // inside the recorded candles' range, so the chart has live data
  let time = Date.parse('2025-03-10T10:00:30Z');
  const config = loadConfig({ MARKET_DATA_SOURCE: 'live', ...stub.env } as NodeJS.ProcessEnv);
  const market = createMarketService({ config, now: () => new Date(time), store: createMemoryCacheStore() });
  const people = Array.from({ length: users }, (_, index) => ({
    phase: (index * 7919) % 300,
    currency: currencies[index % currencies.length]!,
  }));
  const due = (phase: number, second: number, period: number) => (second + phase) % period === 0;
  let requests = 0;
  for (let second = 0; second < minutes * 60; second += 1) {
    const polls: Promise<unknown>[] = [];
    for (const { phase, currency } of people) {
      if (due(phase, second, 60)) {
        polls.push(market.getCoins(5, currency), market.getCandles('BTC', '1h', 500));
        // a chart in reais also reads the shared USDT/BRL series
        if (currency === 'BRL') polls.push(market.getRateCandles('1h', 500));
      }
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
  await stub.close();
  return { requests, calls, budget: config.COINGECKO_CALLS_PER_MINUTE };
}

const perMinute = (count: number) => (count / minutes).toFixed(1);
const userCounts = [...new Set([100, Number(process.env.BENCH_USERS ?? 1000)])];
const scenarios: [string, readonly Currency[]][] = [
  ['USD only', ['USD']],
  ['BRL + USD', ['BRL', 'USD']],
];
console.log(`${minutes} min of dashboard polling; upstream calls per minute`);
console.log(
  'users | currencies | market reads | CoinGecko /coins/markets | /global | CoinGecko total | Binance /klines | alternative.me',
);
for (const users of userCounts) {
  for (const [label, currencies] of scenarios) {
    const { requests, calls, budget } = await simulate(users, currencies);
    console.log(
      [
        users,
        label,
        requests,
        perMinute(calls.coinsMarkets),
        perMinute(calls.global),
        `${perMinute(calls.coinsMarkets + calls.global)} (budget ${budget})`,
        perMinute(calls.klines),
        perMinute(calls.fearGreed),
      ].join(' | '),
    );
  }
}

import type { Metrics } from '../../lib/metrics.ts';
import { createAlternativeMeClient } from '../../providers/alternative-me/client.ts';
import { createBinanceClient } from '../../providers/binance/client.ts';
import { createCoinGeckoClient } from '../../providers/coingecko/client.ts';
import { createUpstreamGate, isUpstreamError, type UpstreamGate } from '../../providers/http.ts';
import { createMemoryBudgetStore, type UpstreamBudgetStore } from '../../providers/upstream-budget.ts';
import type {
  MarketProvider,
  MarketServiceDependencies,
  UpstreamProvider as Provider,
} from './market.types.ts';

/** The live providers behind their call budgets, with each provider's run of consecutive failures. */
export type LiveMarket = {
  provider: LiveProvider;
  /** One live upstream call through the provider's budget (taking `weight` of it, 1 by default), counted. */
  call: <T>(
    provider: Provider,
    call: () => Promise<T>,
    weight?: number,
  ) => Promise<{ value: T; source: string }>;
  consecutiveFailures: (provider: Provider) => number;
  /** Upstream calls actually made, per provider. */
  callCounts: () => Record<Provider, number>;
  /** Budget units those calls took, per provider. */
  weightCounts: () => Record<Provider, number>;
};

const PROVIDERS: readonly Provider[] = ['coingecko', 'binance', 'alternative.me'];

function createGates(
  config: MarketServiceDependencies['config'],
  now: () => number,
  store: UpstreamBudgetStore,
): Record<Provider, UpstreamGate> {
  return {
    coingecko: createUpstreamGate({
      provider: 'coingecko',
      callsPerMinute: config.COINGECKO_CALLS_PER_MINUTE,
      now,
      store,
    }),
    // Binance's budget is request weight (klines 2, exchangeInfo 20): BINANCE_WEIGHT_PER_MINUTE of the IP's 6000
    binance: createUpstreamGate({
      provider: 'binance',
      callsPerMinute: config.BINANCE_WEIGHT_PER_MINUTE,
      now,
      store,
    }),
    'alternative.me': createUpstreamGate({ provider: 'alternative.me', callsPerMinute: 20, now, store }),
  };
}

type LiveProvider = MarketProvider & Pick<ReturnType<typeof createBinanceClient>, 'fetchMiniTickers'>;

function createLiveProvider(config: MarketServiceDependencies['config'], now: () => number): LiveProvider {
  const timeoutMs = config.UPSTREAM_TIMEOUT_MS;
  return {
    ...createCoinGeckoClient({
      baseUrl: config.COINGECKO_BASE_URL,
      apiKey: config.COINGECKO_API_KEY,
      apiPlan: config.COINGECKO_API_PLAN,
      timeoutMs,
      now,
    }),
    ...createBinanceClient({ baseUrl: config.BINANCE_BASE_URL, timeoutMs }),
    ...createAlternativeMeClient({ baseUrl: config.FEAR_GREED_BASE_URL, timeoutMs }),
  };
}

export function createLiveMarket(
  deps: Pick<MarketServiceDependencies, 'config' | 'budget'> & { metrics?: Metrics },
  now: () => number,
): LiveMarket {
  const gates = createGates(deps.config, now, deps.budget ?? createMemoryBudgetStore());
  const upstreamCalls = deps.metrics?.counter(
    'farol_market_upstream_calls_total',
    'Upstream market-data calls by provider and outcome',
  );
  const failures: Record<Provider, number> = { coingecko: 0, binance: 0, 'alternative.me': 0 };

  async function call<T>(provider: Provider, load: () => Promise<T>, weight = 1) {
    try {
      const value = await gates[provider].run(load, weight);
      failures[provider] = 0;
      upstreamCalls?.inc({ provider, outcome: 'ok' });
      return { value, source: provider };
    } catch (error) {
      failures[provider] += 1;
      upstreamCalls?.inc({ provider, outcome: isUpstreamError(error) ? error.kind : 'error' });
      throw error;
    }
  }

  return {
    provider: createLiveProvider(deps.config, now),
    call,
    consecutiveFailures: (provider) => failures[provider],
    callCounts: () =>
      Object.fromEntries(PROVIDERS.map((provider) => [provider, gates[provider].callCount()])) as Record<
        Provider,
        number
      >,
    weightCounts: () =>
      Object.fromEntries(PROVIDERS.map((provider) => [provider, gates[provider].weightCount()])) as Record<
        Provider,
        number
      >,
  };
}

import type { Config } from '../../config.ts';
import type { Cache, CachedValue, LoadOptions } from '../../lib/cache.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUpstreamError } from '../../providers/http.ts';
import type { MarketServiceDependencies, UpstreamProvider as Provider } from './market.types.ts';
import type { LiveMarket } from './market-upstream.ts';

// consecutive failures of a provider (with nothing cached) after which auto mode uses the simulated market
const FAILURES_BEFORE_FALLBACK = 3;
export const REFRESH_TICK_MS = 10_000;
// a key nobody asked for in this long is no longer kept warm by the refresher
const HOT_KEY_IDLE_MS = 10 * 60_000;

/** Maps an upstream failure to the error the web tells apart: 429 rate_limit, 503 server/network, 424 api_error. */
export function toMarketError(error: unknown): unknown {
  if (!isUpstreamError(error)) return error;
  const body = { errorKind: error.kind };
  if (error.kind === 'rate_limit') {
    const retryAfter = String(error.retryAfterSeconds ?? 60);
    return new AppError(
      'upstream_rate_limited',
      {},
      { ...body, retryAfterSeconds: Number(retryAfter) },
      { 'retry-after': retryAfter },
    );
  }
  if (error.kind === 'api_error') return new AppError('upstream_bad_response', {}, body);
  return new AppError('upstream_unavailable', {}, body);
}

/**
 * How every market key is read: live (auto/live) through the cache, simulated (or auto's fallback) under
 * its own `simulated:` keys. Remembers which live keys were asked for recently, so the refresher keeps
 * them warm, and whether auto mode is currently serving the simulated market.
 */
export function createKeyReaders(options: {
  mode: Config['MARKET_DATA_SOURCE'];
  cache: Cache;
  upstream: LiveMarket;
  now: () => number;
  log?: MarketServiceDependencies['log'];
}) {
  const { mode, cache, upstream, now, log } = options;
  const hotKeys = new Map<string, { lastRequested: number; refresh: () => Promise<void> }>();
  let fallbackActive = false;

  /**
   * Auto mode falls back to the simulated market while a provider is unreachable (no answer at all) or
   * keeps failing with nothing cached to serve; the live key is retried after its backoff, so the
   * answers switch back as soon as the provider answers again.
   */
  const shouldFallBack = (provider: Provider, error: unknown) =>
    mode === 'auto' &&
    isUpstreamError(error) &&
    (error.kind === 'network_error' || upstream.consecutiveFailures(provider) >= FAILURES_BEFORE_FALLBACK);

  function noteLiveAnswer(provider: Provider) {
    if (!fallbackActive) return;
    fallbackActive = false;
    log?.info({ provider }, 'market upstream answers again: live data');
  }

  function noteFallback(provider: Provider, error: unknown) {
    if (fallbackActive) return;
    fallbackActive = true;
    log?.warn(
      { provider, reason: (error as Error).message },
      'market upstream unreachable: serving the simulated market',
    );
  }

  /**
   * The reader of one key. Its load options are made once, so a key read with fixed loaders allocates nothing
   * per read. `weight`: what one live load takes of the provider's budget (Binance: the request weight).
   */
  function keyReader<T>(
    provider: Provider,
    key: string,
    liveLoad: () => Promise<T>,
    simulatedLoad: () => Promise<T>,
    freshUntil: (fetchedAt: number, value: T) => number,
    weight = 1,
  ): () => Promise<CachedValue<T>> {
    const simulatedKey = `simulated:${key}`;
    const simulatedOptions: LoadOptions<T> = {
      load: async () => ({ value: await simulatedLoad(), source: 'simulated' }),
      freshUntil,
    };
    if (mode === 'simulated') return () => cache.get(simulatedKey, simulatedOptions);
    const liveOptions: LoadOptions<T> = {
      load: () => upstream.call(provider, liveLoad, weight),
      freshUntil,
      persist: true,
    };
    const hot = {
      lastRequested: 0,
      refresh: () => cache.refreshIfExpiring(key, liveOptions, REFRESH_TICK_MS + 5_000),
    };
    return async () => {
      hot.lastRequested = now();
      hotKeys.set(key, hot);
      try {
        const result = await cache.get(key, liveOptions);
        noteLiveAnswer(provider);
        return result;
      } catch (error) {
        if (!shouldFallBack(provider, error)) throw toMarketError(error);
        noteFallback(provider, error);
        return cache.get(simulatedKey, simulatedOptions);
      }
    };
  }

  /** Refreshes every recently requested key that expires before the next tick (the refresher's job). */
  async function refreshHotKeys() {
    const time = now();
    for (const [key, hot] of hotKeys) {
      if (time - hot.lastRequested > HOT_KEY_IDLE_MS) hotKeys.delete(key);
      else await hot.refresh();
    }
  }

  return {
    keyReader,
    /** Reads one key with loaders made for this read (they depend on the time or the arguments). */
    read: <T>(...args: Parameters<typeof keyReader<T>>) => keyReader<T>(...args)(),
    refreshHotKeys,
    isFallbackActive: () => fallbackActive,
  };
}

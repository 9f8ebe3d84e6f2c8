import type { FastifyInstance } from 'fastify';
import { createMemoryCacheStore, createRedisCacheStore } from '../../lib/cache.ts';
import { createRedisBudgetStore } from '../../providers/upstream-budget.ts';
import { createDominanceHistoryStore, createSnapshotStore } from './market.repository.ts';
import { createMarketService } from './market.service.ts';

/**
 * Decorates `app.market` (before the modules that read it). The cache and the providers' call budgets live
 * in Redis when REDIS_URL is set, so instances share entries, single-flight and one budget per provider
 * (each instance keeps the decoded entries it reads; see `createRedisCacheStore`); the refresher runs only
 * where jobs run.
 */
export function registerMarket(app: FastifyInstance) {
  const store = app.redis
    ? createRedisCacheStore(app.redis, { now: () => app.now().getTime(), watch: app.redisWatch })
    : createMemoryCacheStore();
  const market = createMarketService({
    config: app.config,
    now: app.now,
    store,
    ...(app.redis
      ? {
          budget: createRedisBudgetStore(app.redis, {
            watch: app.redisWatch,
            onError: (error) =>
              app.log.warn(
                { err: error },
                "upstream budget: Redis unreachable, using this instance's bucket",
              ),
          }),
        }
      : {}),
    snapshots: createSnapshotStore(app.db),
    history: createDominanceHistoryStore(app.db),
    metrics: app.metrics,
    log: app.log,
  });
  app.decorate('market', market);
  if (app.config.JOBS_ENABLED) app.addHook('onReady', async () => market.start());
  app.addHook('onClose', async () => {
    await market.stop();
    await store.close?.();
  });
}

// Test helper: a cluster in one process: two instances sharing one database and one Redis (under a key
// prefix of their own, so parallel runs sharing that server never meet), following the stream and market stubs.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';
import { buildApp } from '../app.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { deleteTestKeys } from './redis.ts';
import { startBinanceStreamStub, type BinanceStreamStub } from './stubs/binance-stream-stub.ts';
import { startMarketStub, type MarketStub } from './stubs/market-stub.ts';
import { liveStreamEnv } from './live-stream.ts';

export type TestCluster = {
  stream: BinanceStreamStub;
  market: MarketStub;
  first: TestApp;
  second: { app: FastifyInstance; url: string };
  /** Starts one more instance beside the first two (closed by the caller). */
  startInstance: () => Promise<{ app: FastifyInstance; url: string }>;
  close: () => Promise<void>;
};

/**
 * Starts the stubs and two instances on the live market with the upstream stream on (a stall seen within
 * 1 s), each with its own connection to the Redis at `redisUrl`; `env` adds to their configuration.
 */
export async function startTestCluster(options: {
  redisUrl: string;
  redisOptions: RedisOptions;
  env?: Record<string, string>;
}): Promise<TestCluster> {
  const keyPrefix = `farol-test-${crypto.randomBytes(4).toString('hex')}:`;
  const clients: Redis[] = [];
  const connectRedis = () => {
    const client = new Redis(options.redisUrl, { ...options.redisOptions, keyPrefix });
    clients.push(client);
    return client;
  };
  const stream = await startBinanceStreamStub();
  const market = await startMarketStub();
  const env = liveStreamEnv(market, stream, options.env);
  const first = await startTestApp({ env, deps: { redis: connectRedis() } });
  const startInstance = async () => {
    const app = await buildApp(first.config, {
      database: first.database,
      redis: connectRedis(),
      webDist: false,
    });
    return { app, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
  };
  const second = await startInstance();
  return {
    stream,
    market,
    first,
    second,
    startInstance,
    close: async () => {
      await second.app.close();
      await first.close();
      await stream.close();
      await market.close();
      await deleteTestKeys(keyPrefix);
      await Promise.all(clients.map((client) => client.quit().catch(() => undefined)));
    },
  };
}

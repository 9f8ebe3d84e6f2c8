import type { ServerResponse } from 'node:http';
import { marketStreamQuerySchema } from '@farol/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { answerCurrency } from '../../lib/currency.ts';
import { clientKey } from '../../lib/rate-limiter.ts';
import { createStreamConnections } from './market-stream.connections.ts';
import { resolveStreamCoins } from './market-stream.symbols.ts';

/** A browser's write buffer beyond this means it no longer reads: its stream is ended. */
const MAX_BUFFERED_BYTES = 512 * 1024;

/**
 * A browser's writer: the events of one upstream burst (Binance sends every coin's ticker within the same
 * second, often in one read) are joined and leave in one write on the next turn of the event loop, so a
 * thousand browsers cost a thousand writes per burst instead of one per event. False once the browser has
 * stopped reading (its buffer past MAX_BUFFERED_BYTES) or gone.
 */
function createBurstWriter(response: ServerResponse) {
  let pending = '';
  const flush = () => {
    if (pending && !response.destroyed && !response.writableEnded) response.write(pending);
    pending = '';
  };
  return {
    write: (text: string): boolean => {
      if (response.destroyed) return false;
      if (pending === '') setImmediate(flush);
      pending += text;
      return response.writableLength + pending.length < MAX_BUFFERED_BYTES;
    },
    /** Sends what is pending, then ends the response. */
    end: () => {
      flush();
      response.end();
    },
  };
}

/**
 * GET /api/market/stream: the live market as server-sent events (see packages/contract market-stream.ts).
 * Each account (or, for visitors, each address) holds at most MARKET_STREAM_CONNECTIONS_PER_USER streams,
 * across every instance with Redis (each instance's own while Redis is unreachable); a browser resuming with
 * `Last-Event-ID` gets what it missed, or the latest snapshot.
 */
export const marketStreamRoutes: FastifyPluginAsyncZod = async (app) => {
  // open streams per account: across the cluster with Redis (renewed leases), on this instance without it
  const open = createStreamConnections({ redis: app.redis, watch: app.redisWatch });
  app.addHook('onClose', async () => open.stop());

  app.get(
    '/stream',
    {
      config: {
        access: 'optional',
        errors: ['unknown_coin', 'stream_limit_reached'],
        writtenAnswer: {
          contentType: 'text/event-stream',
          description: 'Server-sent events: status, then ticker and candle as they happen; heartbeats',
        },
      },
      schema: {
        tags: ['market'],
        operationId: 'streamMarket',
        summary: 'Live prices and candles as server-sent events',
        description:
          'Events `status` ({mode}: live, polling or simulated), `ticker` and `candle`, each with an `id:`; a comment line every 15 s. Send `Last-Event-ID` to resume.',
        querystring: marketStreamQuerySchema,
      },
    },
    async (request, reply) => {
      const { symbols, interval } = request.query;
      const coins = await resolveStreamCoins(symbols, async () => (await app.market.getMarketPairs()).data);
      const max = app.config.MARKET_STREAM_CONNECTIONS_PER_USER;
      const holder = request.user ? `user:${request.user.id}` : `ip:${clientKey(request)}`;
      const release = await open.acquire(holder, max);
      if (!release) throw new AppError('stream_limit_reached', { max });

      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        // nginx would otherwise buffer the stream
        'x-accel-buffering': 'no',
        // a hijacked reply skips the onSend hooks that set the security headers
        'x-content-type-options': 'nosniff',
        connection: 'keep-alive',
      });
      response.flushHeaders();
      const lastEventId = request.headers['last-event-id'];
      const remove = app.marketStream.hub.addClient(
        {
          coins,
          interval,
          currency: answerCurrency(request, request.query.currency),
          ...createBurstWriter(response),
        },
        typeof lastEventId === 'string' ? lastEventId : undefined,
      );
      const leave = () => {
        remove();
        void release();
      };
      // a browser gone before its stream started never emits close again
      if (response.destroyed) leave();
      else response.on('close', leave);
    },
  );
};

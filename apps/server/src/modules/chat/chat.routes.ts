import {
  chatHistoryQuerySchema,
  chatHistoryResponseSchema,
  chatMessageSchema,
  clearChatResponseSchema,
  sendChatMessageRequestSchema,
  type ChatStreamEvent,
} from '@farol/contract';
import { translate } from '@farol/i18n';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, isAppError } from '../../lib/app-error.ts';
import { createMemoryInFlightLimiter, createRedisInFlightLimiter } from '../../lib/in-flight.ts';
import { withLocalFallback } from '../../lib/redis-watch.ts';
import { errorMessage } from '../../plugins/error-handler.ts';
import { answerQuestion, clearChatHistory, getChatHistory, type ChatContext } from './chat.service.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];
/** Waits for one of the user's question slots; the answer gives it back. */
type TakeTurn = (request: FastifyRequest) => Promise<() => Promise<void>>;

const tags = ['chat'];
/** What asking can answer besides validation: the message, the daily limit, one turn at a time, the provider. */
const chatErrors = [
  'message_empty',
  'message_too_long',
  'chat_limit_reached',
  'chat_busy',
  'api_key_rejected',
  'api_key_unreadable',
  'ai_provider_unavailable',
  'ai_quota_exceeded',
] as const;

/** /api/chat: questions to the analyst agents, the user's history. */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const context: ChatContext = {
    db: app.db,
    config: app.config,
    encryption: app.encryption,
    now: app.now,
    market: app.market,
    signals: app.signals,
    log: app.log,
  };
  const takeTurn = createTurnTaker(app);
  registerAsk(app, context, takeTurn);
  registerAskStreamed(app, context, takeTurn);
  registerHistory(app);
  registerClearHistory(app);
};

/** Questions being answered at once per user (each may hold a model call open for AI_TIMEOUT_MS). */
function createTurnTaker(app: App): TakeTurn {
  // while Redis is unreachable each instance counts its own questions
  const inFlight = app.redis
    ? withLocalFallback(
        app.redisWatch,
        createRedisInFlightLimiter(app.redis, {
          prefix: 'farol:chat-in-flight:',
          leaseMs: 3 * app.config.AI_TIMEOUT_MS + 60_000,
        }),
        createMemoryInFlightLimiter(),
      )
    : createMemoryInFlightLimiter();
  return async (request) => {
    const release = await inFlight.acquire(request.user!.id, app.config.CHAT_IN_FLIGHT_PER_USER);
    if (!release) throw new AppError('chat_busy');
    return release;
  };
}

function registerAsk(app: App, context: ChatContext, takeTurn: TakeTurn) {
  app.post(
    '/message',
    {
      config: {
        access: 'user',
        errors: chatErrors,
      },
      schema: {
        tags,
        operationId: 'sendChatMessage',
        summary: 'Ask the analyst agents; the answer is stored in the history',
        body: sendChatMessageRequestSchema,
        response: { 201: chatMessageSchema },
      },
    },
    async (request, reply) => {
      const release = await takeTurn(request);
      try {
        const message = await answerQuestion(context, request.user!, request.body.message, request.language);
        return reply.status(201).send(message);
      } finally {
        await release();
      }
    },
  );
}

function registerAskStreamed(app: App, context: ChatContext, takeTurn: TakeTurn) {
  app.post(
    '/stream',
    {
      config: {
        access: 'user',
        errors: chatErrors,
        writtenAnswer: {
          contentType: 'text/event-stream',
          description: 'Server-sent events: step, delta, then done (or error)',
        },
      },
      schema: {
        tags,
        operationId: 'streamChatMessage',
        summary: 'The same answer as server-sent events: step, delta, then done (or error)',
        description:
          'Errors before the first event (validation, daily limit, session) are ordinary JSON answers with their status; after it, an `error` event ends the stream. Once any answer text was sent the conversation counts and the words sent are stored in the history; only a failure before the first word gives it back.',
        body: sendChatMessageRequestSchema,
      },
    },
    async (request, reply) => {
      const release = await takeTurn(request);
      const stream = openEventStream(reply);
      try {
        const message = await answerQuestion(context, request.user!, request.body.message, request.language, {
          onStep: (id, status) => stream.send({ event: 'step', data: { id, status } }),
          onDelta: (text) => stream.send({ event: 'delta', data: { text } }),
          signal: stream.clientGone,
        });
        stream.send({ event: 'done', data: { message } });
      } catch (error) {
        if (!stream.started()) {
          await release();
          throw error;
        }
        sendStreamError(request, stream, error);
      }
      await release();
      reply.raw.end();
    },
  );
}

interface EventStream {
  /** Writes one event; the first one hijacks the reply and sends the event-stream head. */
  send: (event: ChatStreamEvent) => void;
  /** Whether an event has been written (until then an error is an ordinary JSON answer). */
  started: () => boolean;
  /** Aborted when the client closes the connection. */
  clientGone: AbortSignal;
}

/** The client closing the connection stops the model call (what was already sent stays spent: see answerQuestion). */
function openEventStream(reply: FastifyReply): EventStream {
  const clientGone = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) clientGone.abort();
  });
  let started = false;
  const send = (event: ChatStreamEvent) => {
    if (clientGone.signal.aborted) return;
    if (!started) {
      started = true;
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
        connection: 'keep-alive',
      });
    }
    reply.raw.write(`event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`);
  };
  return { send, started: () => started, clientGone: clientGone.signal };
}

/** After the first event a failure is an `error` event, translated; unexpected ones are logged. */
function sendStreamError(request: FastifyRequest, stream: EventStream, error: unknown) {
  if (!isAppError(error)) request.log.error({ err: error }, 'chat stream failed');
  const code = isAppError(error) ? error.code : 'internal_error';
  stream.send({
    event: 'error',
    data: {
      code,
      message: errorMessage(request.language, code, isAppError(error) ? error.params : {}),
    },
  });
}

function registerHistory(app: App) {
  app.get(
    '/history',
    {
      config: { access: 'user' },
      schema: {
        tags,
        operationId: 'listChatHistory',
        summary: "The user's messages, newest first, paged",
        querystring: chatHistoryQuerySchema,
        response: { 200: chatHistoryResponseSchema },
      },
    },
    async (request) => {
      const { messages, pagination } = await getChatHistory(app.db, request.user!, request.query);
      return { success: true as const, data: messages, pagination };
    },
  );
}

function registerClearHistory(app: App) {
  app.delete(
    '/clear',
    {
      config: { access: 'user' },
      schema: {
        tags,
        operationId: 'clearChatHistory',
        summary: "Erase the user's messages",
        response: { 200: clearChatResponseSchema },
      },
    },
    async (request) => {
      await clearChatHistory(app.db, request.user!);
      return { success: true as const, message: translate(request.language, 'chat:history.cleared') };
    },
  );
}

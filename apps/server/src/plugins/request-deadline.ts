import type { FastifyInstance, FastifyRequest } from 'fastify';

const bodyDeadlines = new WeakMap<FastifyRequest, NodeJS.Timeout>();

/**
 * A client has REQUEST_TIMEOUT_MS to send its request. Node's requestTimeout (set on the server in app.ts)
 * answers 408 to one still sending its headers, but hands the request to Fastify once the headers are in,
 * so a body trickled a byte every few seconds would hold its connection and handler for ever: the body
 * gets its own REQUEST_TIMEOUT_MS, after which the connection is dropped. Answers are never timed, so the
 * streams that stay open (the chat's, the market's) are untouched.
 */
export function registerRequestDeadline(app: FastifyInstance) {
  const timeoutMs = app.config.REQUEST_TIMEOUT_MS;
  const settle = async (request: FastifyRequest) => {
    clearTimeout(bodyDeadlines.get(request));
    bodyDeadlines.delete(request);
  };
  app.addHook('preParsing', async (request, _reply, payload) => {
    const { headers } = request;
    const hasBody = headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;
    if (!hasBody) return payload;
    bodyDeadlines.set(
      request,
      setTimeout(() => {
        request.log.info('request body not received in time: connection dropped');
        request.raw.socket?.destroy();
      }, timeoutMs),
    );
    return payload;
  });
  // by validation the body has been read (or refused)
  app.addHook('preValidation', settle);
  app.addHook('onResponse', settle);
  app.addHook('onRequestAbort', settle);
}

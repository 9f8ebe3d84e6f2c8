import type { FastifyInstance } from 'fastify';

/**
 * While the app closes, every answer still to be sent ends its connection (`Connection: close`). Fastify
 * answers requests that arrive after close() with 503, and Node's server.close() ends the keep-alive
 * connections idle at that moment; a connection whose request was in flight would otherwise stay open
 * after its answer (a browser, nginx's upstream pool) until keepAliveTimeout, holding up the stop.
 */
export function registerConnectionDraining(app: FastifyInstance) {
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (isClosing) reply.header('connection', 'close');
    return payload;
  });
}

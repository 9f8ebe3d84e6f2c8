import type { FastifyRequest } from 'fastify';

// query parameters that carry a one-time secret: a reset link's or an address confirmation's token
const secretParameter = /([?&](?:token|code)=)[^&#]*/gi;

/** The URL as it may be logged: one-time tokens in its query replaced. */
export const redactUrl = (url: string) => url.replace(secretParameter, '$1[redacted]');

/** The request as logged: Fastify's usual fields, with the URL's one-time tokens redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendOutbound } from '../../lib/outbound-request.ts';
import { checkedLookup } from './webhook-address.ts';
import { deliveryErrorCode, readDeliveryError, storedDeliveryError } from './webhook-delivery-error.ts';

const limits = { deadlineMs: 5_000, maxResponseBytes: 1024 };

/** The code of what a real request to `url` throws. */
async function codeOf(url: string, allowPrivate = true) {
  const error = await sendOutbound(new URL(url), {
    headers: {},
    body: '{}',
    lookup: checkedLookup({ allowPrivate }),
    limits,
  }).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(Error);
  return deliveryErrorCode(error);
}

describe('webhook delivery errors as codes', () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    server = http.createServer((request, response) => response.writeHead(204).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('tells a refused connection, a TLS failure, an unresolved host and a private address apart', async () => {
    // a port nothing listens on: bind one, note it, close it
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await codeOf(`http://127.0.0.1:${closedPort}/`)).toBe('refused');
    // TLS spoken to a plain HTTP server fails the handshake
    expect(await codeOf(`https://127.0.0.1:${port}/`)).toBe('tls');
    expect(await codeOf('https://farol-no-such-host.invalid/')).toBe('dns');
    expect(await codeOf(`http://localhost:${port}/`, false)).toBe('private_address');
  });

  it('reads stored errors back as code, status and raw text, older rows included', () => {
    expect(readDeliveryError(storedDeliveryError('http_status', 'HTTP 503'))).toEqual({
      errorCode: 'http_status',
      errorStatus: 503,
      lastError: 'HTTP 503',
    });
    expect(readDeliveryError('[timeout] no complete answer within 10 s')).toMatchObject({
      errorCode: 'timeout',
      lastError: 'no complete answer within 10 s',
    });
    // written before the codes existed
    expect(readDeliveryError('HTTP 301')).toMatchObject({ errorCode: 'redirect', errorStatus: 301 });
    expect(readDeliveryError('HTTP 413')).toMatchObject({ errorCode: 'too_large', errorStatus: 413 });
    expect(readDeliveryError('[bogus] text')).toMatchObject({
      errorCode: 'unknown',
      lastError: '[bogus] text',
    });
    expect(readDeliveryError(null)).toEqual({ errorCode: null, errorStatus: null, lastError: null });
  });
});

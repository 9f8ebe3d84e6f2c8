// Test helper: a webhook receiver (node:http on port 0) that checks each delivery's Farol-Signature as a
// customer's server would (the few lines the /developers page shows): HMAC-SHA256 of `t.body` with the
// webhook's secret, compared in constant time.
import crypto from 'node:crypto';
import type http from 'node:http';
import { expect } from 'vitest';
import { startPushService } from './push-service-stub.ts';

export type ReceivedDelivery = {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  payload: { id: string; type: string; createdAt: string; data: Record<string, unknown> };
};

export type WebhookReceiver = {
  url: string;
  received: ReceivedDelivery[];
  /** The status to answer for a path (201 by default). */
  answers: Map<string, number>;
  /** True when the delivery's signature header is valid for `secret`. */
  isSignedBy: (delivery: ReceivedDelivery, secret: string) => boolean;
  close: () => Promise<void>;
};

export function verifyFarolSignature(header: string | undefined, body: string, secret: string): boolean {
  const parts = Object.fromEntries(
    (header ?? '').split(',').map((part) => part.split('=') as [string, string]),
  );
  if (!parts.t || !parts.v1) return false;
  const expected = crypto.createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  // the push-service stub is a plain recording HTTP server (201 unless told otherwise): it serves here too
  const server = await startPushService();
  return {
    url: server.url,
    get received() {
      return server.received.map(({ path, headers, body }) => {
        const text = body.toString('utf8');
        return { path, headers, body: text, payload: JSON.parse(text) as ReceivedDelivery['payload'] };
      });
    },
    answers: server.answers,
    isSignedBy: (delivery, secret) =>
      verifyFarolSignature(delivery.headers['farol-signature'] as string | undefined, delivery.body, secret),
    close: server.close,
  };
}

/** What a `signal.changed` delivery must say: the coin, the stored class before, the engine's class now. */
export const signalChangedPayload = (change: {
  symbol: string;
  coinId: string;
  before: string;
  current: string;
}): unknown =>
  expect.objectContaining({
    type: 'signal.changed',
    data: expect.objectContaining({
      symbol: change.symbol,
      coinId: change.coinId,
      previous: { signal: change.before, strength: 40 },
      current: expect.objectContaining({ signal: change.current }),
    }),
  });

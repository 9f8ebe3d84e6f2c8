import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';

/**
 * How long one outgoing delivery (a webhook POST, a push, a Telegram call) may take in all, and how much of its
 * answer is read. An idle timeout alone lets a receiver that trickles one byte every few seconds hold a worker
 * for ever; a deadline over the whole exchange and a cap on the answer bound what any one destination costs.
 */
export type OutboundLimits = { deadlineMs: number; maxResponseBytes: number };

export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024;

/** The limits every channel's deliveries run under (DELIVERY_DEADLINE_MS). */
export const deliveryLimits = (config: { DELIVERY_DEADLINE_MS: number }): OutboundLimits => ({
  deadlineMs: config.DELIVERY_DEADLINE_MS,
  maxResponseBytes: DEFAULT_MAX_RESPONSE_BYTES,
});

export class OutboundDeadlineError extends Error {}

export type OutboundAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/**
 * One HTTP(S) request, never following a redirect (a 3xx is just the answer: a destination must not send the
 * server on to an address nobody checked), with `lookup` deciding which addresses it may connect to. The
 * answer's body is read up to the cap; past it the connection is dropped and what was read is answered.
 */
export function sendOutbound(
  url: URL,
  options: {
    method?: string;
    headers: Record<string, string | number>;
    body?: string | Buffer;
    lookup?: net.LookupFunction;
    limits: OutboundLimits;
  },
): Promise<OutboundAnswer> {
  const transport = url.protocol === 'https:' ? https : http;
  const { deadlineMs, maxResponseBytes } = options.limits;
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      outcome();
    };
    const request = transport.request(
      url,
      {
        method: options.method ?? 'POST',
        headers: {
          ...options.headers,
          ...(options.body !== undefined ? { 'content-length': Buffer.byteLength(options.body) } : {}),
        },
        ...(options.lookup ? { lookup: options.lookup } : {}),
        // no agent: a kept-alive socket to a destination would outlive the delivery that opened it
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const answer = () => ({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        });
        response.on('data', (chunk: Buffer) => {
          const room = maxResponseBytes - size;
          if (room > 0) chunks.push(chunk.subarray(0, room));
          size += chunk.length;
          if (size >= maxResponseBytes) {
            finish(() => resolve(answer()));
            request.destroy();
          }
        });
        response.on('end', () => finish(() => resolve(answer())));
        response.on('error', (error) => finish(() => reject(error)));
        response.on('close', () =>
          finish(() => reject(new Error('the connection closed before the answer ended'))),
        );
      },
    );
    const deadline = setTimeout(() => {
      const error = new OutboundDeadlineError(`no complete answer within ${deadlineMs / 1000} s`);
      finish(() => reject(error));
      request.destroy(error);
    }, deadlineMs);
    request.on('error', (error) => finish(() => reject(error)));
    request.end(options.body);
  });
}

/** Resolves like `work`, or rejects once `deadlineMs` passed (then `onDeadline` may tear the work down). */
export function withDeadline<T>(work: Promise<T>, deadlineMs: number, onDeadline?: () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      onDeadline?.();
      reject(new OutboundDeadlineError(`not done within ${deadlineMs / 1000} s`));
    }, deadlineMs);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error as Error);
      },
    );
  });
}

/**
 * Runs `work` over `items`, at most `concurrency` at once, in order of the list; each item's failure is its own
 * (`work` is expected to record it), so one slow or failing destination holds one slot, never the queue.
 */
export async function forEachConcurrently<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, lane));
}

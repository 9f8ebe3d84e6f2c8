// Test helper: reads a server-sent-event stream over real HTTP (fetch), event by event.

export type SseEvent = { id?: string; event: string; data: any; retry?: number };

export type SseStream = {
  status: number;
  headers: Headers;
  /** Every event and comment read so far (comments as event ':comment'). */
  received: SseEvent[];
  /** Waits for the next event (from those not yet taken) matching `match`; fails after `timeoutMs`. */
  next: (match?: (event: SseEvent) => boolean, timeoutMs?: number) => Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close: () => void;
};

/** Opens `url` as an event stream; a non-200 answer is returned with its JSON body in `body`. */
export async function openSse(
  url: string,
  headers: Record<string, string> = {},
): Promise<SseStream & { body?: any }> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const received: SseEvent[] = [];
  let taken = 0;
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of waiters) waiter();
  };
  if (response.status !== 200) {
    const body = await response.json();
    return {
      status: response.status,
      headers: response.headers,
      body,
      received,
      next: () => Promise.reject(new Error('not a stream')),
      ended: Promise.resolve(),
      close: () => controller.abort(),
    };
  }
  const ended = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body!) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let boundary = buffer.indexOf('\n\n');
        while (boundary >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          received.push(parseBlock(block));
          boundary = buffer.indexOf('\n\n');
        }
        notify();
      }
    } catch {
      // aborted by close()
    }
    notify();
  })();
  const next = (match: (event: SseEvent) => boolean = () => true, timeoutMs = 10_000) =>
    new Promise<SseEvent>((resolve, reject) => {
      const look = () => {
        for (; taken < received.length; taken += 1) {
          const event = received[taken]!;
          if (match(event)) {
            taken += 1;
            waiters.delete(look);
            clearTimeout(timer);
            resolve(event);
            return;
          }
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(look);
        reject(
          new Error(
            `no matching event within ${timeoutMs} ms; received ${JSON.stringify(received.slice(-5))}`,
          ),
        );
      }, timeoutMs);
      waiters.add(look);
      look();
    });
  return {
    status: response.status,
    headers: response.headers,
    received,
    next,
    ended,
    close: () => controller.abort(),
  };
}

function parseBlock(block: string): SseEvent {
  const event: SseEvent = { event: 'message', data: undefined };
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) return { event: ':comment', data: line.slice(1).trim() };
    const separator = line.indexOf(':');
    const field = separator < 0 ? line : line.slice(0, separator);
    const value = separator < 0 ? '' : line.slice(separator + 1).replace(/^ /, '');
    if (field === 'id') event.id = value;
    else if (field === 'event') event.event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'retry') event.retry = Number(value);
  }
  if (data.length > 0) event.data = JSON.parse(data.join('\n'));
  else if (event.retry !== undefined) event.event = 'retry';
  return event;
}

import { chatStreamEventSchemas, type ChatStreamEvent } from '@farol/contract';
import { toApiError } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { readToken } from '../../../lib/session.ts';

export const CHAT_STREAM_URL = '/api/chat/stream';

/** The stream could not start (no such route, a proxy that buffers, no body): the caller falls back to POST /message. */
export class StreamUnavailableError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'StreamUnavailableError';
  }
}

type EventName = keyof typeof chatStreamEventSchemas;
const isEventName = (name: string): name is EventName => Object.hasOwn(chatStreamEventSchemas, name);

/**
 * Parses one server-sent event block ("event: step\ndata: {...}") into a typed event, or undefined for
 * comments, keep-alives and events this client does not know. Multi-line data is joined with "\n" (SSE spec).
 */
export function parseServerSentEvent(block: string): ChatStreamEvent | undefined {
  let name = 'message';
  const data: string[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (!line || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') name = value;
    else if (field === 'data') data.push(value);
  }
  if (!isEventName(name) || data.length === 0) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(data.join('\n'));
  } catch {
    return undefined;
  }
  const parsed = chatStreamEventSchemas[name].safeParse(json);
  return parsed.success ? ({ event: name, data: parsed.data } as ChatStreamEvent) : undefined;
}

/** Splits a growing text buffer into complete event blocks (separated by a blank line) and the unfinished rest. */
export function splitEventBlocks(buffer: string): { blocks: string[]; rest: string } {
  const parts = buffer.split(/\r?\n\r?\n/);
  const rest = parts.pop() ?? '';
  return { blocks: parts, rest };
}

/**
 * POST /api/chat/stream, read with fetch + ReadableStream (EventSource cannot POST). Calls `onEvent` for every
 * event as it arrives. An error answer before the stream starts throws the same ApiError as any call; a stream
 * that cannot start throws StreamUnavailableError.
 */
export async function streamChatMessage(
  message: string,
  onEvent: (event: ChatStreamEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  const token = readToken();
  const headers: Record<string, string> = {
    Accept: 'text/event-stream',
    'Accept-Language': currentLanguage(),
    'Content-Type': 'application/json',
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(CHAT_STREAM_URL, {
      method: 'POST',
      headers,
      body: JSON.stringify({ message }),
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new StreamUnavailableError('network');
  }
  if (response.status === 404 || response.status === 405 || response.status === 501) {
    throw new StreamUnavailableError(`status ${response.status}`);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: toApiError falls back to the HTTP status text
    }
    throw toApiError(response.status, body, !!token);
  }
  if (!response.body || !response.headers.get('content-type')?.includes('text/event-stream')) {
    throw new StreamUnavailableError('not an event stream');
  }

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    const { blocks, rest } = splitEventBlocks(buffer);
    buffer = rest;
    for (const block of blocks) {
      const event = parseServerSentEvent(block);
      if (event) onEvent(event);
    }
  }
  const last = buffer.trim() ? parseServerSentEvent(buffer) : undefined;
  if (last) onEvent(last);
}

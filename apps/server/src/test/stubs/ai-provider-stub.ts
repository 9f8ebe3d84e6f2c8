import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readTestJson } from '@farol/testdata';

// A local stand-in for OpenAI's and Gemini's HTTP APIs, replaying the real exchanges recorded in
// @farol/testdata's fixtures/{openai,gemini}. The recorded tool calls name the recording's tools
// (get_temperature, get_capital, get_user_country); `renameToolCall` points them at Farol's tools and
// arguments, leaving every other field as recorded.

export const readFixture = <T = any>(path: string): T => readTestJson<T>(`fixtures/${path}`);

export type RecordedRequest = { method: string; path: string; headers: http.IncomingHttpHeaders; body: any };

/** A scripted answer: JSON with a status, an SSE body, an SSE body that stalls after `stallAfterEvents`. */
export type StubReply =
  { kind: 'json'; status?: number; body: unknown } | { kind: 'sse'; body: string; stallAfterEvents?: number };

export type AiStub = {
  openaiBaseUrl: string;
  geminiBaseUrl: string;
  requests: RecordedRequest[];
  /** Keys the models endpoints accept. */
  validKeys: Set<string>;
  /** Answers for the next completion calls, in order. */
  queue: StubReply[];
  /** When true every call fails at the socket (provider unreachable). */
  down: boolean;
  /** Answers the caller closed before they were complete (an aborted model call). */
  abandoned: number;
  close: () => Promise<void>;
};

/** The recorded OpenAI tool-call completion, calling `name` with `args` instead of get_temperature. */
export function openAiToolCallReply(name: string, args: unknown): StubReply {
  const body = readFixture('openai/chat_completion_tool_calls.json');
  body.choices[0].message.tool_calls[0].function = { name, arguments: JSON.stringify(args) };
  return { kind: 'json', body };
}

/** The recorded final OpenAI completion with `content` in place of the recorded sentence. */
export function openAiTextReply(content?: string): StubReply {
  const body = readFixture('openai/chat_completion_after_tool_result.json');
  if (content !== undefined) body.choices[0].message.content = content;
  return { kind: 'json', body };
}

/** The recorded streamed tool call (get_capital({"country":"UK"})) renamed to `name` with `args`. */
export function openAiStreamToolCallReply(name: string, args: unknown): StubReply {
  const recorded: string = readFixture('openai/chat_completion_stream_tool_calls.sse.json').sse_body;
  const events = recorded.split('\n\n').filter(Boolean);
  let argumentsSent = false;
  const rewritten = events.map((event) => {
    if (!event.startsWith('data: {')) return event;
    const chunk = JSON.parse(event.slice(6));
    const call = chunk.choices?.[0]?.delta?.tool_calls?.[0];
    if (call?.function) {
      if (call.function.name) call.function.name = name;
      // The arguments arrive in fragments; send ours whole in the first fragment and blank the rest.
      if (typeof call.function.arguments === 'string' && call.function.arguments !== '') {
        call.function.arguments = argumentsSent ? '' : JSON.stringify(args);
        argumentsSent = true;
      }
    }
    return `data: ${JSON.stringify(chunk)}`;
  });
  return { kind: 'sse', body: `${rewritten.join('\n\n')}\n\n` };
}

/** The recorded streamed text answer ("The capital of the UK is London."), optionally stalling. */
export function openAiStreamTextReply(stallAfterEvents?: number): StubReply {
  return {
    kind: 'sse',
    body: readFixture('openai/chat_completion_stream_text.sse.json').sse_body,
    ...(stallAfterEvents ? { stallAfterEvents } : {}),
  };
}

export function geminiFunctionCallReply(name: string, args: unknown): StubReply {
  const body = readFixture('gemini/generate_content_function_call.json');
  body.candidates[0].content.parts[0].functionCall = { name, args };
  return { kind: 'json', body };
}

export function geminiTextReply(text?: string): StubReply {
  const body = readFixture('gemini/generate_content_text_after_function_response.json');
  if (text !== undefined) body.candidates[0].content.parts[0].text = text;
  return { kind: 'json', body };
}

function readBody(request: http.IncomingMessage): Promise<any> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        resolve(text ? JSON.parse(text) : undefined);
      } catch {
        resolve(text);
      }
    });
  });
}

export async function startAiStub(): Promise<AiStub> {
  const stub = {
    requests: [] as RecordedRequest[],
    validKeys: new Set<string>(),
    queue: [] as StubReply[],
    down: false,
    /** Answers the caller closed before they were complete (an aborted model call). */
    abandoned: 0,
  };
  const stalled = new Set<http.ServerResponse>();
  const server = http.createServer(async (request, response) => {
    const body = await readBody(request);
    const path = request.url ?? '';
    stub.requests.push({ method: request.method ?? '', path, headers: request.headers, body });
    if (stub.down) {
      request.socket.destroy();
      return;
    }
    const json = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(value));
    };
    if (request.method === 'GET' && path.startsWith('/openai/v1/models')) {
      const key = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
      return stub.validKeys.has(key)
        ? json(200, { object: 'list', data: [{ id: 'gpt-4o-mini', object: 'model', owned_by: 'system' }] })
        : json(401, {
            error: {
              message: 'Incorrect API key provided.',
              type: 'invalid_request_error',
              code: 'invalid_api_key',
            },
          });
    }
    if (request.method === 'GET' && path.startsWith('/gemini/v1beta/models')) {
      const key = String(request.headers['x-goog-api-key'] ?? '');
      return stub.validKeys.has(key)
        ? json(200, { models: [{ name: 'models/gemini-2.5-flash' }] })
        : json(400, {
            error: {
              code: 400,
              message: 'API key not valid. Please pass a valid API key.',
              status: 'INVALID_ARGUMENT',
              details: [{ reason: 'API_KEY_INVALID' }],
            },
          });
    }
    const reply = stub.queue.shift();
    if (!reply) return json(500, { error: { message: 'stub: no scripted reply left' } });
    if (reply.kind === 'json') return json(reply.status ?? 200, reply.body);
    response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
    const events = reply.body.split('\n\n').filter(Boolean);
    const count = reply.stallAfterEvents ?? events.length;
    for (const event of events.slice(0, count)) response.write(`${event}\n\n`);
    if (count < events.length) {
      stalled.add(response); // never ends: the client's time limit (or its abort) must end it
      response.on('close', () => {
        if (!response.writableFinished) stub.abandoned += 1;
      });
    } else response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(stub, {
    openaiBaseUrl: `http://127.0.0.1:${port}/openai/v1`,
    geminiBaseUrl: `http://127.0.0.1:${port}/gemini/v1beta`,
    close: async () => {
      for (const response of stalled) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

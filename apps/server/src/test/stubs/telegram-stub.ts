// Test helper: a local Telegram Bot API (node:http on port 0) at TELEGRAM_API_BASE. It answers as the Bot
// API does ({ok, result} or {ok: false, error_code, description, parameters}) and records every call.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type TelegramCall = { token: string; method: string; body: Record<string, any> };
export type TelegramFailure = { status: number; description: string; retryAfter?: number };

export type TelegramStub = {
  url: string;
  botUsername: string;
  calls: TelegramCall[];
  /** sendMessage to these chat ids fails this way. */
  failures: Map<string, TelegramFailure>;
  sentTo: (chatId: string | number) => string[];
  close: () => Promise<void>;
};

export async function startTelegramStub(): Promise<TelegramStub> {
  const calls: TelegramCall[] = [];
  const failures = new Map<string, TelegramFailure>();
  const botUsername = 'FarolAlertasBot';
  const answer = (call: TelegramCall): { status: number; body: unknown } => {
    const failure = call.method === 'sendMessage' ? failures.get(String(call.body.chat_id)) : undefined;
    if (failure)
      return {
        status: failure.status,
        body: {
          ok: false,
          error_code: failure.status,
          description: failure.description,
          ...(failure.retryAfter ? { parameters: { retry_after: failure.retryAfter } } : {}),
        },
      };
    if (call.method === 'getMe')
      return { status: 200, body: { ok: true, result: { id: 7, is_bot: true, username: botUsername } } };
    if (call.method === 'sendMessage')
      return {
        status: 200,
        body: {
          ok: true,
          result: { message_id: calls.length, chat: { id: call.body.chat_id }, text: call.body.text },
        },
      };
    return { status: 200, body: { ok: true, result: true } };
  };
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(request.url ?? '');
      if (!match) {
        response.writeHead(404).end(JSON.stringify({ ok: false, error_code: 404, description: 'Not Found' }));
        return;
      }
      const call = { token: match[1]!, method: match[2]!, body: raw ? JSON.parse(raw) : {} };
      calls.push(call);
      const { status, body } = answer(call);
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    botUsername,
    calls,
    failures,
    sentTo: (chatId) =>
      calls
        .filter((call) => call.method === 'sendMessage' && String(call.body.chat_id) === String(chatId))
        .map((call) => String(call.body.text)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

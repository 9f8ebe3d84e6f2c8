import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forEachEngine, useTestApp } from './test/harness.ts';
import { openAiStreamTextReply, startAiStub, type AiStub } from './test/stubs/ai-provider-stub.ts';

const OPENAI_KEY = 'sk-proj-request-timeout-0123456789';

/**
 * Sends `head`, then `drip` every 100 ms, never finishing the request; resolves with what the server sent
 * once it closes the connection.
 */
function trickleRequest(url: string, head: string, drip: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let received = '';
    let trickle: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      socket.write(head);
      trickle = setInterval(() => socket.write(drip), 100);
    });
    socket.on('data', (chunk) => (received += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      clearInterval(trickle);
      resolve(received);
    });
  });
}

forEachEngine((engine) => {
  describe('the request timeout', () => {
    let ai: AiStub;
    // registered first, so the stub answers before the app starts and closes after it
    beforeAll(async () => {
      ai = await startAiStub();
      ai.validKeys.add(OPENAI_KEY);
    });
    afterAll(async () => ai.close());
    const t = useTestApp(() => ({
      engine,
      env: { REQUEST_TIMEOUT_MS: '1000', OPENAI_BASE_URL: ai.openaiBaseUrl, AI_TIMEOUT_MS: '2500' },
    }));

    it('answers 408 and drops a client that trickles its request headers', async () => {
      const head = 'GET /api/health HTTP/1.1\r\nHost: farol.test\r\n';
      expect(await trickleRequest(t.url, head, 'X-Padding: a\r\n')).toMatch(/^HTTP\/1\.1 408 /);
    });

    it('drops a client that trickles its request body, before any handler answers', async () => {
      const head =
        'POST /api/auth/login HTTP/1.1\r\nHost: farol.test\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{';
      expect(await trickleRequest(t.url, head, ' ')).toBe('');
    });

    it('never cuts an answer that stays open longer: a chat stream outlives the request timeout', async () => {
      const { token } = await t.registerUser({ language: 'en' });
      await t.request('POST', '/api/subscription/api-keys', { token, body: { openaiApiKey: OPENAI_KEY } });
      // a few words, then the model stalls until AI_TIMEOUT_MS (2.5 s, past the 1 s request timeout)
      ai.queue.push(openAiStreamTextReply(4));
      const response = await fetch(`${t.url}/api/chat/stream`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'BTC?' }),
      });
      const body = await response.text();
      expect(response.status).toBe(200);
      // the stream ends with its own last event, not a dropped connection
      expect(body.trim().split('\n\n').at(-1)).toMatch(/^event: error\ndata: .*"ai_provider_unavailable"/);
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forEachEngine, startTestApp, type TestApp } from '../../test/harness.ts';
import {
  openAiStreamTextReply,
  openAiTextReply,
  startAiStub,
  type AiStub,
} from '../../test/stubs/ai-provider-stub.ts';

const OPENAI_KEY = 'sk-proj-chat-limits-0123456789';
const FREE_CONVERSATIONS_PER_DAY = 3;

const modelCalls = (stub: AiStub) =>
  stub.requests.filter((request) => request.method === 'POST' && request.path.includes('/chat/completions'));

forEachEngine((engine) => {
  describe('chat limits under load', () => {
    let ai: AiStub;
    let test: TestApp;
    beforeAll(async () => {
      ai = await startAiStub();
      ai.validKeys.add(OPENAI_KEY);
      test = await startTestApp({
        engine,
        env: { OPENAI_BASE_URL: ai.openaiBaseUrl, AI_TIMEOUT_MS: '8000', CHAT_IN_FLIGHT_PER_USER: '50' },
      });
    });
    afterAll(async () => {
      await test.close();
      await ai.close();
    });

    it("takes the day's conversation before any model is called: 20 parallel questions on a free plan get 3 answers", async () => {
      const { token } = await test.registerUser();
      await test.request('POST', '/api/subscription/api-keys', { token, body: { openaiApiKey: OPENAI_KEY } });
      const before = modelCalls(ai).length;
      for (let reply = 0; reply < 20; reply += 1) ai.queue.push(openAiTextReply('Resposta.'));
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          test.request('POST', '/api/chat/message', {
            token,
            body: { message: `Pergunta ${index} sobre BTC?` },
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(FREE_CONVERSATIONS_PER_DAY);
      expect(answers.filter((answer) => answer.status === 429).map((answer) => answer.body.code)).toEqual(
        Array(20 - FREE_CONVERSATIONS_PER_DAY).fill('chat_limit_reached'),
      );
      expect(modelCalls(ai).length - before).toBe(FREE_CONVERSATIONS_PER_DAY);
      const usage = await test.request('GET', '/api/subscription/usage', { token });
      expect(usage.body.data).toMatchObject({
        conversationsToday: FREE_CONVERSATIONS_PER_DAY,
        canChat: false,
      });
      ai.queue.length = 0;
    });

    it('stops the model call when the client leaves the stream, stores nothing and gives the conversation back', async () => {
      const { token } = await test.registerUser();
      await test.request('POST', '/api/subscription/api-keys', { token, body: { openaiApiKey: OPENAI_KEY } });
      const abandonedBefore = ai.abandoned;
      ai.queue.push(openAiStreamTextReply(3)); // a few words, then the model stalls
      const leaving = new AbortController();
      const response = await fetch(`${test.url}/api/chat/stream`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'BTC hoje?' }),
        signal: leaving.signal,
      });
      const reader = response.body!.getReader();
      let received = '';
      while (!received.includes('event: delta'))
        received += new TextDecoder().decode((await reader.read()).value);
      leaving.abort();
      // the model's connection is closed long before the 8 s time limit
      await expect.poll(() => ai.abandoned, { timeout: 4000 }).toBe(abandonedBefore + 1);
      await expect
        .poll(
          async () =>
            (await test.request('GET', '/api/subscription/usage', { token })).body.data.conversationsToday,
        )
        .toBe(0);
      expect((await test.request('GET', '/api/chat/history', { token })).body.data).toEqual([]);
    });
  });

  describe('questions in flight', () => {
    let ai: AiStub;
    let test: TestApp;
    beforeAll(async () => {
      ai = await startAiStub();
      ai.validKeys.add(OPENAI_KEY);
      test = await startTestApp({
        engine,
        env: { OPENAI_BASE_URL: ai.openaiBaseUrl, AI_TIMEOUT_MS: '6000' },
      });
    });
    afterAll(async () => {
      await test.close();
      await ai.close();
    });

    it('answers at most two questions of one user at once, and the next one once they are done', async () => {
      const { token } = await test.registerUser();
      await test.request('POST', '/api/subscription/api-keys', { token, body: { openaiApiKey: OPENAI_KEY } });
      const other = await test.registerUser();
      // both stall until the time limit (6 s, ample for the checks in between): the built-in analyst then answers each
      ai.queue.push(openAiStreamTextReply(2), openAiStreamTextReply(2));
      const ask = (session: string) =>
        test.request('POST', '/api/chat/stream', { token: session, body: { message: 'ETH?' } });
      const slow = [ask(token), ask(token)];
      await expect.poll(() => modelCalls(ai).length, { timeout: 5000 }).toBe(2);
      const third = await test.request('POST', '/api/chat/message', {
        token,
        body: { message: 'E o SOL?' },
        headers: { 'accept-language': 'en' },
      });
      expect(third.status).toBe(429);
      expect(third.body).toMatchObject({
        code: 'chat_busy',
        message: 'Please wait: your previous questions are still being answered.',
      });
      // another user is not held up
      expect(
        (await test.request('POST', '/api/chat/message', { token: other.token, body: { message: 'BTC?' } }))
          .status,
      ).toBe(201);
      await Promise.all(slow);
      expect(
        (await test.request('POST', '/api/chat/message', { token, body: { message: 'E o SOL?' } })).status,
      ).not.toBe(429);
    });
  });
});

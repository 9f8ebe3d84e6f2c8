import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forEachEngine, startTestApp, type TestApp } from '../../test/harness.ts';
import {
  openAiStreamTextReply,
  openAiTextReply,
  startAiStub,
  type AiStub,
} from '../../test/stubs/ai-provider-stub.ts';

const OPENAI_KEY = 'sk-proj-chat-limits-0123456789';
const OPERATOR_KEY = 'sk-proj-chat-limits-operator-0123456789';
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
  });

  describe('a delivered answer is spent', () => {
    let ai: AiStub;
    let test: TestApp;
    beforeAll(async () => {
      ai = await startAiStub();
      ai.validKeys.add(OPENAI_KEY).add(OPERATOR_KEY);
      test = await startTestApp({
        engine,
        env: {
          OPENAI_BASE_URL: ai.openaiBaseUrl,
          AI_TIMEOUT_MS: '8000',
          AI_OPENAI_API_KEY: OPERATOR_KEY,
          AI_INCLUDED_ANSWERS_INICIANTE: '2',
        },
      });
    });
    afterAll(async () => {
      await test.close();
      await ai.close();
    });

    const usage = async (token: string) =>
      (await test.request('GET', '/api/subscription/usage', { token })).body.data;

    /** Asks on the stream and hangs up as soon as `until` has arrived. */
    async function askAndLeave(token: string, until: string) {
      const abandonedBefore = ai.abandoned;
      const callsBefore = modelCalls(ai).length;
      const leaving = new AbortController();
      const response = await fetch(`${test.url}/api/chat/stream`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'BTC hoje?' }),
        signal: leaving.signal,
      });
      const reader = response.body!.getReader();
      let received = '';
      while (!received.includes(until)) received += new TextDecoder().decode((await reader.read()).value);
      // the model is being asked (the step is announced just before the call)
      await expect.poll(() => modelCalls(ai).length).toBe(callsBefore + 1);
      leaving.abort();
      // the model's connection is closed long before the 8 s time limit
      await expect.poll(() => ai.abandoned, { timeout: 4000 }).toBe(abandonedBefore + 1);
    }

    it('counts the conversation and stores the words sent when the client leaves after the first word', async () => {
      const { token } = await test.registerUser();
      await test.request('POST', '/api/subscription/api-keys', { token, body: { openaiApiKey: OPENAI_KEY } });
      ai.queue.push(openAiStreamTextReply(3)); // "The capital", then the model stalls
      await askAndLeave(token, 'event: delta');
      await expect
        .poll(async () => (await test.request('GET', '/api/chat/history', { token })).body.data)
        .toEqual([expect.objectContaining({ message: 'BTC hoje?', aiProvider: 'openai' })]);
      const [stored] = (await test.request('GET', '/api/chat/history', { token })).body.data;
      expect(stored.response).toMatch(/^The capital\n\n/);
      expect((await usage(token)).conversationsToday).toBe(1);
    });

    it('keeps the operator-paid answer spent when the client leaves after the first word: ask, read, hang up cannot repeat', async () => {
      const { token, user } = await test.registerUser();
      await test.setPlan(user.id, 'iniciante');
      for (let round = 1; round <= 2; round += 1) {
        ai.queue.push(openAiStreamTextReply(3));
        await askAndLeave(token, 'event: delta');
        await expect.poll(async () => (await usage(token)).ai.included.usedToday).toBe(round);
        expect((await usage(token)).conversationsToday).toBe(round);
      }
      // the allowance is used up: the next question is the built-in analyst's, the operator's key is not called
      const callsBefore = modelCalls(ai).length;
      const third = await test.request('POST', '/api/chat/message', { token, body: { message: 'ETH?' } });
      expect(third.status).toBe(201);
      expect(third.body.aiProvider).toBe('technical_analysis');
      expect(modelCalls(ai).length).toBe(callsBefore);
    });

    it('gives the conversation and the included answer back when the client leaves before the first word', async () => {
      const { token, user } = await test.registerUser();
      await test.setPlan(user.id, 'iniciante');
      ai.queue.push(openAiStreamTextReply(1)); // the role chunk only: no word of the answer
      await askAndLeave(token, '"response_generation","status":"processing"');
      await expect.poll(async () => (await usage(token)).conversationsToday).toBe(0);
      expect((await usage(token)).ai.included.usedToday).toBe(0);
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

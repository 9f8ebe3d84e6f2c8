import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forEachEngine, startTestApp, type TestApp } from '../../test/harness.ts';
import { openAiTextReply, startAiStub, type AiStub } from '../../test/stubs/ai-provider-stub.ts';

const OPERATOR_KEY = 'sk-proj-operator-0123456789';
const OWN_KEY = 'sk-proj-own-key-0123456789';

forEachEngine((engine) => {
  describe('AI included in paid plans (the operator key)', () => {
    let ai: AiStub;
    let test: TestApp;
    beforeAll(async () => {
      ai = await startAiStub();
      ai.validKeys.add(OPERATOR_KEY).add(OWN_KEY);
      test = await startTestApp({
        engine,
        env: {
          OPENAI_BASE_URL: ai.openaiBaseUrl,
          AI_OPENAI_API_KEY: OPERATOR_KEY,
          AI_INCLUDED_ANSWERS_INICIANTE: '2',
        },
      });
    });
    afterAll(async () => {
      await test.close();
      await ai.close();
    });
    beforeEach(() => {
      ai.requests.length = 0;
      ai.queue.length = 0;
    });

    const usage = async (token: string) =>
      (await test.request('GET', '/api/subscription/usage', { token })).body.data.ai;
    const ask = (token: string, message = 'How is BTC today?') =>
      test.request('POST', '/api/chat/message', {
        token,
        body: { message },
        headers: { 'accept-language': 'en' },
      });
    const keysSent = () =>
      ai.requests.map((request) => String(request.headers.authorization).replace('Bearer ', ''));

    it('answers iniciante with the operator key within the daily allowance, then the built-in analyst says why', async () => {
      const { token, user } = await test.registerUser({ language: 'en' });
      await test.setPlan(user.id, 'iniciante');
      expect(await usage(token)).toEqual({
        answeredBy: 'included',
        provider: 'openai',
        included: { provider: 'openai', limit: 2, usedToday: 0 },
      });
      ai.queue.push(openAiTextReply('First included answer.'), openAiTextReply('Second included answer.'));
      for (const expected of ['First included answer.', 'Second included answer.']) {
        const answer = await ask(token);
        expect(answer.status).toBe(201);
        expect(answer.body.aiProvider).toBe('openai');
        expect(answer.body.response).toContain(expected);
      }
      expect(keysSent().every((key) => key === OPERATOR_KEY)).toBe(true);
      expect(await usage(token)).toEqual({
        answeredBy: 'built_in',
        provider: null,
        included: { provider: 'openai', limit: 2, usedToday: 2 },
      });
      ai.requests.length = 0;
      const third = await ask(token);
      expect(third.status).toBe(201);
      expect(third.body.aiProvider).toBe('technical_analysis');
      expect(third.body.response).toContain("Today's AI answers included in your plan are used up");
      expect(ai.requests).toHaveLength(0);
    });

    it('says on the plans how many answers a day the included AI writes', async () => {
      const plans = await test.request('GET', '/api/subscription/plans', {
        headers: { 'accept-language': 'en' },
      });
      const features = Object.fromEntries(
        plans.body.data.map((plan: { id: string; features: string[] }) => [plan.id, plan.features]),
      );
      expect(features.iniciante).toContain('Included AI: 2 answers a day, no key of your own needed');
      expect(features.profissional).toContain('Included AI: 50 answers a day, no key of your own needed');
      expect(features.free.some((feature: string) => feature.startsWith('Included AI'))).toBe(false);
      // with the operator's key the paid plans keep their AI lines; the free plan, with none included, does not
      expect(features.profissional).toContain('Unlimited AI conversations');
      expect(features.profissional).toContain('Specialised AI agents');
      expect(features.free).toContain(
        '3 AI answers a day with your own API key; the built-in analyst answers without limit',
      );
    });

    it('never answers the free plan with the operator key', async () => {
      const { token } = await test.registerUser({ language: 'en' });
      expect(await usage(token)).toEqual({ answeredBy: 'built_in', provider: null, included: null });
      const answer = await ask(token);
      expect(answer.body.aiProvider).toBe('technical_analysis');
      expect(ai.requests).toHaveLength(0);
    });

    it("uses the user's own key first and does not count it against the allowance", async () => {
      const { token, user } = await test.registerUser({ language: 'en' });
      await test.setPlan(user.id, 'iniciante');
      const saved = await test.request('POST', '/api/subscription/api-keys', {
        token,
        body: { openaiApiKey: OWN_KEY },
      });
      expect(saved.status).toBe(200);
      ai.requests.length = 0;
      ai.queue.push(openAiTextReply('Answered with your key.'));
      const answer = await ask(token);
      expect(answer.body.aiProvider).toBe('openai');
      expect(keysSent()).toEqual([OWN_KEY]);
      expect(await usage(token)).toEqual({ answeredBy: 'own_key', provider: 'openai', included: null });
      const [row] = (
        (await test.database.db.execute(
          sql`select included_answers from chat_daily_usage where user_id = ${user.id}`,
        )) as unknown as { rows: { included_answers: number }[] }
      ).rows;
      expect(row!.included_answers).toBe(0);
    });

    it('answers with the built-in analyst and gives the answer back when the operator key is refused', async () => {
      const { token, user } = await test.registerUser({ language: 'en' });
      await test.setPlan(user.id, 'profissional');
      ai.validKeys.delete(OPERATOR_KEY);
      try {
        const answer = await ask(token);
        expect(answer.status).toBe(201);
        expect(answer.body.aiProvider).toBe('technical_analysis');
        expect((await usage(token)).included).toEqual({ provider: 'openai', limit: 50, usedToday: 0 });
      } finally {
        ai.validKeys.add(OPERATOR_KEY);
      }
    });
  });
});

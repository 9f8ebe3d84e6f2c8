import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forEachEngine, startTestApp, type TestApp } from '../../test/harness.ts';
import { startAiStub, type AiStub } from '../../test/stubs/ai-provider-stub.ts';
import { loadApiKey } from './api-keys.service.ts';

const OPENAI_KEY = 'sk-proj-farol-test-0123456789abcdef';
const GEMINI_KEY = 'AIzaSyFarolTest0123456789abcdefghij';

forEachEngine((engine) => {
  describe('/api/subscription/api-keys', () => {
    let test: TestApp;
    let stub: AiStub;
    beforeAll(async () => {
      stub = await startAiStub();
      stub.validKeys.add(OPENAI_KEY).add(GEMINI_KEY);
      test = await startTestApp({
        engine,
        env: { OPENAI_BASE_URL: stub.openaiBaseUrl, GEMINI_BASE_URL: stub.geminiBaseUrl },
      });
    });
    afterAll(async () => {
      await test.close();
      await stub.close();
    });
    beforeEach(() => {
      stub.down = false;
      stub.requests.length = 0;
    });

    it('requires a session', async () => {
      expect((await test.request('GET', '/api/subscription/api-keys')).status).toBe(401);
    });

    it('stores a checked key encrypted: the row holds no plaintext and the status says configured and verified', async () => {
      const { token, user } = await test.registerUser();
      const saved = await test.request('POST', '/api/subscription/api-keys', {
        token,
        body: { openaiApiKey: OPENAI_KEY },
      });
      expect(saved.status).toBe(200);
      expect(saved.body.data).toEqual({
        hasOpenaiApiKey: true,
        hasGeminiApiKey: false,
        openaiVerified: true,
      });
      expect(saved.text).not.toContain(OPENAI_KEY);

      const check = stub.requests.find((request) => request.path === '/openai/v1/models');
      expect(check?.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);

      const { rows } = (await test.database.db.execute(
        sql`select * from user_api_keys where user_id = ${user.id}`,
      )) as unknown as { rows: Record<string, unknown>[] };
      expect(rows).toHaveLength(1);
      const stored = JSON.stringify(rows[0]);
      expect(stored).not.toContain(OPENAI_KEY);
      expect(stored).not.toContain(OPENAI_KEY.slice(8, 24));
      expect(String(rows[0]!.encrypted_key)).toMatch(/^v1:/);
      expect(
        (
          await loadApiKey(
            { db: test.app.db, config: test.config, encryption: test.app.encryption },
            user.id,
            'openai',
          )
        )?.apiKey,
      ).toBe(OPENAI_KEY);

      const status = await test.request('GET', '/api/subscription/api-keys', { token });
      expect(status.body).toEqual({
        success: true,
        data: { hasOpenaiApiKey: true, hasGeminiApiKey: false, openaiVerified: true },
      });
    });

    it('rejects a key its provider refuses, in the caller language, and stores nothing (not even the other key)', async () => {
      const { token } = await test.registerUser();
      const refused = await test.request('POST', '/api/subscription/api-keys', {
        token,
        body: { openaiApiKey: OPENAI_KEY, geminiApiKey: 'AIza-wrong' },
        headers: { 'accept-language': 'en' },
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'api_key_rejected', provider: 'gemini' });
      expect(refused.body.message).toContain('Gemini');
      expect(
        stub.requests.find((request) => request.path.startsWith('/gemini/v1beta/models'))?.headers[
          'x-goog-api-key'
        ],
      ).toBe('AIza-wrong');
      const status = await test.request('GET', '/api/subscription/api-keys', { token });
      expect(status.body.data).toEqual({ hasOpenaiApiKey: false, hasGeminiApiKey: false });
    });

    it('stores the key unverified when the provider cannot be reached', async () => {
      const { token } = await test.registerUser();
      stub.down = true;
      const saved = await test.request('POST', '/api/subscription/api-keys', {
        token,
        body: { geminiApiKey: GEMINI_KEY },
      });
      expect(saved.status).toBe(200);
      expect(saved.body.data).toEqual({
        hasOpenaiApiKey: false,
        hasGeminiApiKey: true,
        geminiVerified: false,
      });
    });

    it('answers 400 with the spec message when no key is given, and an absent key leaves the stored one untouched', async () => {
      const { token } = await test.registerUser();
      const empty = await test.request('POST', '/api/subscription/api-keys', {
        token,
        body: {},
        headers: { 'accept-language': 'en' },
      });
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe('At least one API key must be provided');
      const blank = await test.request('POST', '/api/subscription/api-keys', {
        token,
        body: { openaiApiKey: '  ' },
      });
      expect(blank.status).toBe(400);

      await test.request('POST', '/api/subscription/api-keys', { token, body: { openaiApiKey: OPENAI_KEY } });
      await test.request('POST', '/api/subscription/api-keys', { token, body: { geminiApiKey: GEMINI_KEY } });
      const status = await test.request('GET', '/api/subscription/api-keys', { token });
      expect(status.body.data).toMatchObject({ hasOpenaiApiKey: true, hasGeminiApiKey: true });
    });

    it('deletes one provider key and validates the provider name', async () => {
      const { token } = await test.registerUser({ language: 'es' });
      await test.request('POST', '/api/subscription/api-keys', {
        token,
        body: { openaiApiKey: OPENAI_KEY, geminiApiKey: GEMINI_KEY },
      });
      const removed = await test.request('DELETE', '/api/subscription/api-keys/openai', { token });
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({ success: true, message: 'Clave de OpenAI eliminada.' });
      const status = await test.request('GET', '/api/subscription/api-keys', { token });
      expect(status.body.data).toMatchObject({ hasOpenaiApiKey: false, hasGeminiApiKey: true });
      expect((await test.request('DELETE', '/api/subscription/api-keys/anthropic', { token })).status).toBe(
        400,
      );
    });
  });
});

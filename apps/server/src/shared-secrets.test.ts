import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client.ts';
import { openAiTextReply, startAiStub, type AiStub } from './test/stubs/ai-provider-stub.ts';
import { startTestApp, type TestApp } from './test/harness.ts';
import { createPostgresDatabase } from './test/postgres-database.ts';

// Two instances of one deployment: separate processes in production, here two apps with connections of
// their own to one PostgreSQL database, neither given JWT_SECRET.
describe.runIf(process.env.DATABASE_URL)('instances sharing one PostgreSQL database', () => {
  const OPENAI_KEY = 'sk-proj-shared-instances-0123456789';
  let shared: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let ai: AiStub;
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    shared = await createPostgresDatabase();
    ai = await startAiStub();
    ai.validKeys.add(OPENAI_KEY);
    const env = {
      JWT_SECRET: undefined,
      ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
      OPENAI_BASE_URL: ai.openaiBaseUrl,
    };
    first = await startTestApp({
      engine: 'pglite',
      env,
      deps: { database: await openDatabase({ databaseUrl: shared.url }) },
    });
    second = await startTestApp({
      engine: 'pglite',
      env,
      deps: { database: await openDatabase({ databaseUrl: shared.url }) },
    });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await ai?.close();
    await shared?.drop();
  });

  it('accepts on one instance the session token another signed, with the token secret kept once in the database', async () => {
    const { token, user } = await first.registerUser();
    const profile = await second.request('GET', '/api/user/profile', { token });
    expect(profile.status).toBe(200);
    expect(profile.body.id).toBe(user.id);
  });

  it('uses on one instance the API key saved through the other', async () => {
    const { token } = await first.registerUser({ language: 'en' });
    expect(
      (
        await first.request('POST', '/api/subscription/api-keys', {
          token,
          body: { openaiApiKey: OPENAI_KEY },
        })
      ).status,
    ).toBe(200);
    ai.requests.length = 0;
    ai.queue.push(openAiTextReply('BTC reads neutral.'));
    const answer = await second.request('POST', '/api/chat/message', {
      token,
      body: { message: 'How is BTC?' },
    });
    expect(answer.status).toBe(201);
    const completion = ai.requests.find((request) => request.method === 'POST');
    expect(completion?.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
  });
});

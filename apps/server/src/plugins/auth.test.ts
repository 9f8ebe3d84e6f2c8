import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_LIFETIME_SECONDS } from '../lib/tokens.ts';
import { forEachEngine, startTestApp, type TestApp } from '../test/harness.ts';

forEachEngine((engine) => {
  describe('session tokens', () => {
    let time = Date.parse('2025-06-02T15:40:00Z');
    let test: TestApp;
    beforeAll(async () => {
      test = await startTestApp({ engine, deps: { now: () => new Date(time) } });
    });
    afterAll(() => test.close());

    it('refuses a token that worked a moment ago once it has expired', async () => {
      const { token } = await test.registerUser();
      expect((await test.request('GET', '/api/crypto/prices', { token })).status).toBe(200);
      time += TOKEN_LIFETIME_SECONDS * 1000 - 1000;
      expect((await test.request('GET', '/api/crypto/prices', { token })).status).toBe(200);
      time += 1000;
      const expired = await test.request('GET', '/api/crypto/prices', { token });
      expect(expired.status).toBe(401);
      expect(expired.body.code).toBe('session_expired');
    });

    it('refuses a token whose signature was tampered with after the genuine one was used', async () => {
      const { token } = await test.registerUser();
      expect((await test.request('GET', '/api/crypto/prices', { token })).status).toBe(200);
      const [header, payload, signature] = token.split('.');
      const tampered = `${header}.${payload}.${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`;
      expect((await test.request('GET', '/api/crypto/prices', { token: tampered })).status).toBe(401);
    });
  });
});

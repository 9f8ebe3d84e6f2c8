import { describe, expect, it } from 'vitest';
import { forEachEngine, useTestApp } from '../../test/harness.ts';

forEachEngine((engine) => {
  describe('signing out', () => {
    const t = useTestApp({ engine });

    it('ends the session on the server: the same token is refused afterwards, other sessions go on', async () => {
      const { email, password, token } = await t.registerUser();
      const other = await t.request('POST', '/api/auth/login', { body: { email, password } });
      expect(other.status).toBe(200);

      const out = await t.request('POST', '/api/auth/logout', {
        token,
        headers: { 'accept-language': 'en' },
      });
      expect(out.status).toBe(200);
      expect(out.body.message).toBe('Signed out');
      const after = await t.request('GET', '/api/user/profile', { token });
      expect(after.status).toBe(401);
      expect(after.body.code).toBe('session_expired');
      // signing out twice is refused like any other dead session
      expect((await t.request('POST', '/api/auth/logout', { token })).status).toBe(401);
      expect((await t.request('GET', '/api/user/profile', { token: other.body.token })).status).toBe(200);
    });

    it('signs out every session of the account with logout-all, and a new login works', async () => {
      const { email, password, token } = await t.registerUser();
      const second = (await t.request('POST', '/api/auth/login', { body: { email, password } })).body.token;
      const out = await t.request('POST', '/api/auth/logout-all', { token: second });
      expect(out.status).toBe(200);
      expect((await t.request('GET', '/api/user/profile', { token })).status).toBe(401);
      expect((await t.request('GET', '/api/user/profile', { token: second })).status).toBe(401);
      const again = await t.request('POST', '/api/auth/login', { body: { email, password } });
      expect((await t.request('GET', '/api/user/profile', { token: again.body.token })).status).toBe(200);
    });

    it('refuses logout without a session', async () => {
      expect((await t.request('POST', '/api/auth/logout')).status).toBe(401);
    });
  });

  describe('the language of an answer', () => {
    const t = useTestApp({ engine });

    it("answers in the request's language, and in the saved preference when the request names none", async () => {
      const { token } = await t.registerUser();
      const saved = await t.request('PUT', '/api/user/preferences', {
        token,
        body: { language: 'es' },
        headers: { 'accept-language': 'es' },
      });
      expect(saved.status).toBe(200);
      const missing = { coinId: 'no-such-coin', coinName: 'X' };
      const asked = await t.request('POST', '/api/crypto/toggle-favorite', {
        token,
        body: missing,
        headers: { 'accept-language': 'en-US,en;q=0.9' },
      });
      const byQuery = await t.request('POST', '/api/crypto/toggle-favorite?lng=pt-BR', {
        token,
        body: missing,
        headers: { 'accept-language': 'en' },
      });
      const unnamed = await t.request('POST', '/api/crypto/toggle-favorite', {
        token,
        body: missing,
        headers: { 'accept-language': 'fr' },
      });
      expect([asked.status, byQuery.status, unnamed.status]).toEqual([400, 400, 400]);
      expect([asked.body.message, byQuery.body.message, unnamed.body.message]).toEqual([
        'Unknown coin: no-such-coin',
        'Moeda desconhecida: no-such-coin',
        'Moneda desconocida: no-such-coin',
      ]);
    });
  });
});

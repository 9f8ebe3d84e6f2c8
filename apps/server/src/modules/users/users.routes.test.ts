import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { forEachEngine, useTestApp } from '../../test/harness.ts';

forEachEngine((engine) => {
  describe('/api/user', () => {
    let clock = new Date('2026-11-22T12:00:00Z');
    const t = useTestApp({ engine, deps: { now: () => clock } });

    it('returns 401 unauthorized without a token and session_expired with a tampered one', async () => {
      const missing = await t.request('GET', '/api/user/profile');
      expect(missing.status).toBe(401);
      expect(missing.body.code).toBe('unauthorized');
      const { token } = await t.registerUser();
      const [header, payload, signature] = token.split('.');
      const tampered = `${header}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith('A') ? 'B' : 'A'}A`;
      const response = await t.request('GET', '/api/user/profile', { token: tampered });
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('session_expired');
    });

    it('rejects a token signed with another secret', async () => {
      const { user } = await t.registerUser();
      const forged = await new SignJWT({ ver: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuer('farol')
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('x'.repeat(64)));
      expect((await t.request('GET', '/api/user/profile', { token: forged })).status).toBe(401);
    });

    it('expires tokens after 7 days', async () => {
      const { token } = await t.registerUser();
      expect((await t.request('GET', '/api/user/profile', { token })).status).toBe(200);
      clock = new Date(clock.getTime() + 7 * 24 * 3600 * 1000 + 1000);
      const response = await t.request('GET', '/api/user/profile', { token });
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('session_expired');
      clock = new Date('2026-11-22T12:00:00Z');
    });

    it('returns the profile with createdAt and default preferences', async () => {
      const { token, email } = await t.registerUser({ name: 'Bruno' });
      const response = await t.request('GET', '/api/user/profile', { token });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        name: 'Bruno',
        email,
        preferences: { aiProvider: 'openai', theme: 'dark' },
      });
      expect(new Date(response.body.createdAt).toString()).not.toBe('Invalid Date');
    });

    it('renames the user, ignores an attempt to change the e-mail, and rejects an empty name', async () => {
      const { token, email } = await t.registerUser();
      const renamed = await t.request('PUT', '/api/user/profile', { token, body: { name: 'Carla Dias' } });
      expect(renamed.status).toBe(200);
      expect(renamed.body.user.name).toBe('Carla Dias');
      const withEmail = await t.request('PUT', '/api/user/profile', {
        token,
        body: { name: 'Carla', email: 'x@y.z' },
      });
      expect(withEmail.status).toBe(200);
      expect(withEmail.body.user.email).toBe(email);
      const empty = await t.request('PUT', '/api/user/profile', { token, body: { name: '   ' } });
      expect(empty.status).toBe(400);
      expect(empty.body.errors).toContainEqual({ field: 'name', message: 'O nome é obrigatório.' });
      const profile = await t.request('GET', '/api/user/profile', { token });
      expect(profile.body.name).toBe('Carla');
    });

    it('changes the password only with the right current one, and old tokens stop working', async () => {
      const { token, email, password } = await t.registerUser();
      const wrong = await t.request('PUT', '/api/user/change-password', {
        token,
        body: { currentPassword: 'nope12345', newPassword: 'novaSenha9' },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.code).toBe('wrong_current_password');
      const weak = await t.request('PUT', '/api/user/change-password', {
        token,
        body: { currentPassword: password, newPassword: 'short1' },
      });
      expect(weak.status).toBe(400);
      const changed = await t.request('PUT', '/api/user/change-password', {
        token,
        body: { currentPassword: password, newPassword: 'novaSenha9' },
      });
      expect(changed.status).toBe(200);
      expect((await t.request('GET', '/api/user/profile', { token })).status).toBe(401);
      expect((await t.request('GET', '/api/user/profile', { token: changed.body.token })).status).toBe(200);
      expect((await t.request('POST', '/api/auth/login', { body: { email, password } })).status).toBe(401);
      expect(
        (await t.request('POST', '/api/auth/login', { body: { email, password: 'novaSenha9' } })).status,
      ).toBe(200);
    });

    it('updates a subset of preferences and validates values', async () => {
      const { token } = await t.registerUser();
      const updated = await t.request('PUT', '/api/user/preferences', {
        token,
        body: { aiProvider: 'gemini', emailAlerts: false },
      });
      expect(updated.status).toBe(200);
      expect(updated.body.preferences).toMatchObject({
        aiProvider: 'gemini',
        emailAlerts: false,
        theme: 'dark',
        pushNotifications: true,
      });
      const bad = await t.request('PUT', '/api/user/preferences', { token, body: { aiProvider: 'claude' } });
      expect(bad.status).toBe(400);
      const profile = await t.request('GET', '/api/user/profile', { token });
      expect(profile.body.preferences.aiProvider).toBe('gemini');
    });

    it("answers in the request's language, and in the saved preference when the request names none", async () => {
      const { token } = await t.registerUser();
      await t.request('PUT', '/api/user/preferences', { token, body: { language: 'es' } });
      const asked = await t.request('PUT', '/api/user/profile', {
        token,
        body: { name: '' },
        headers: { 'accept-language': 'en' },
      });
      expect(asked.body.message).toBe('Name is required.');
      const unnamed = await t.request('PUT', '/api/user/profile', { token, body: { name: '' } });
      expect(unnamed.body.message).toBe('El nombre es obligatorio.');
    });

    it('keeps users apart: a token only ever reads and changes its own account', async () => {
      const first = await t.registerUser({ name: 'Primeira' });
      const second = await t.registerUser({ name: 'Segunda' });
      await t.request('PUT', '/api/user/profile', { token: first.token, body: { name: 'Primeira Editada' } });
      const secondProfile = await t.request('GET', '/api/user/profile', { token: second.token });
      expect(secondProfile.body.name).toBe('Segunda');
      expect(secondProfile.body.id).toBe(second.user.id);
    });
  });
});

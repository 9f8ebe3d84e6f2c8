import { describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { forEachEngine, useTestApp } from '../../test/harness.ts';
import { PASSWORD_CHANGES_PER_USER } from '../users/users.routes.ts';
import {
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_PAIR,
  SLOWED_LOGIN_INTERVAL_MS,
} from './auth.routes.ts';

forEachEngine((engine) => {
  describe('POST /api/auth/register and /login', () => {
    const t = useTestApp({ engine, env: { ADMIN_EMAILS: 'Chefe@Farol.test' } });

    it('answers register and login (and their refusals) with Cache-Control: no-store', async () => {
      const body = { name: 'Cacheada', email: 'cache@farol.test', password: 'abc12345' };
      const registered = await t.request('POST', '/api/auth/register', {
        body: { ...body, confirmPassword: body.password },
      });
      const taken = await t.request('POST', '/api/auth/register', {
        body: { ...body, confirmPassword: body.password },
      });
      const login = await t.request('POST', '/api/auth/login', { body });
      const refused = await t.request('POST', '/api/auth/login', {
        body: { ...body, password: 'errada123' },
      });
      expect([registered.status, taken.status, login.status, refused.status]).toEqual([201, 409, 200, 401]);
      for (const answer of [registered, taken, login, refused])
        expect(answer.headers.get('cache-control')).toBe('no-store');
    });

    it('creates an account on the free plan and answers token, user and message', async () => {
      const response = await t.request('POST', '/api/auth/register', {
        body: {
          name: '  Ana Souza ',
          email: 'Ana@Example.com',
          password: 'abc12345',
          confirmPassword: 'abc12345',
        },
      });
      expect(response.status).toBe(201);
      expect(response.body.token.split('.')).toHaveLength(3);
      expect(response.body.user).toMatchObject({
        name: 'Ana Souza',
        email: 'Ana@Example.com',
        avatar: null,
        preferences: { aiProvider: 'openai', theme: 'dark', emailAlerts: true, pushNotifications: true },
      });
      expect(response.body.message).toBe('Conta criada com sucesso');
      const rows = await selectRows<{ password_hash: string; plan: string }>(
        t.database.db,
        "select u.password_hash, s.plan from users u join subscriptions s on s.user_id = u.id where u.email_normalized = 'ana@example.com'",
      );
      expect(rows[0]!.plan).toBe('free');
      expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
    });

    it('refuses a duplicate e-mail in any letter case with 409', async () => {
      const response = await t.request('POST', '/api/auth/register', {
        body: { name: 'Outra', email: 'ANA@example.COM', password: 'abc12345', confirmPassword: 'abc12345' },
        headers: { 'accept-language': 'en' },
      });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({
        code: 'email_taken',
        message: 'An account with this email already exists.',
      });
    });

    it.each([
      [
        { name: '', email: 'a@b.co', password: 'abc12345', confirmPassword: 'abc12345' },
        'name',
        'O nome é obrigatório.',
      ],
      [
        { name: 'A', email: 'not-an-email', password: 'abc12345', confirmPassword: 'abc12345' },
        'email',
        'Informe um e-mail válido.',
      ],
      [
        { name: 'A', email: 'a@b.co', password: 'abc1234', confirmPassword: 'abc1234' },
        'password',
        'A senha deve ter pelo menos 8 caracteres.',
      ],
      [
        { name: 'A', email: 'a@b.co', password: 'abcdefgh', confirmPassword: 'abcdefgh' },
        'password',
        'A senha deve conter um número.',
      ],
      [
        { name: 'A', email: 'a@b.co', password: '12345678', confirmPassword: '12345678' },
        'password',
        'A senha deve conter uma letra.',
      ],
      [
        { name: 'A', email: 'a@b.co', password: 'abc12345', confirmPassword: 'abc12346' },
        'confirmPassword',
        'As senhas não coincidem',
      ],
      [
        { name: 'A', email: 'a@b.co', password: 'abc12345' },
        'confirmPassword',
        'confirmPassword é obrigatório.',
      ],
    ])('rejects %j with a message on %s', async (body, field, message) => {
      const response = await t.request('POST', '/api/auth/register', { body });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('validation_failed');
      expect(response.body.errors).toContainEqual({ field, message });
      const count = await selectRows<{ n: number }>(
        t.database.db,
        "select count(*)::int as n from users where email_normalized = 'a@b.co'",
      );
      expect(count[0]!.n).toBe(0);
    });

    it('logs in with the e-mail in another case and returns a working token', async () => {
      const response = await t.request('POST', '/api/auth/login', {
        body: { email: 'ana@EXAMPLE.com', password: 'abc12345' },
      });
      expect(response.status).toBe(200);
      expect(response.body.user.email).toBe('Ana@Example.com');
      const profile = await t.request('GET', '/api/user/profile', { token: response.body.token });
      expect(profile.status).toBe(200);
      expect(profile.body.name).toBe('Ana Souza');
    });

    it('answers the same 401 for a wrong password and an unknown e-mail, translated', async () => {
      const wrong = await t.request('POST', '/api/auth/login', {
        body: { email: 'ana@example.com', password: 'wrong123' },
        headers: { 'accept-language': 'es-ES,es;q=0.9' },
      });
      const unknown = await t.request('POST', '/api/auth/login', {
        body: { email: 'nobody@example.com', password: 'wrong123' },
        headers: { 'accept-language': 'es' },
      });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body).toEqual({ code: 'invalid_credentials', message: 'Credenciales inválidas' });
      expect(unknown.body).toEqual(wrong.body);
    });

    it('makes no one admin at registration, not even an ADMIN_EMAILS address (it must be verified first)', async () => {
      const response = await t.request('POST', '/api/auth/register', {
        body: { name: 'Chefe', email: 'chefe@farol.test', password: 'abc12345', confirmPassword: 'abc12345' },
      });
      expect(response.status).toBe(201);
      const rows = await selectRows<{ is_admin: boolean }>(
        t.database.db,
        "select is_admin from users where email_normalized = 'chefe@farol.test'",
      );
      expect(rows[0]!.is_admin).toBe(false);
      expect(response.body.user.emailVerified).toBe(false);
    });

    it('answers 400 with a message for malformed JSON, never 500', async () => {
      const response = await t.request('POST', '/api/auth/login', {
        rawBody: '{"email": ',
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('bad_request');
      expect(typeof response.body.message).toBe('string');
    });
  });

  describe('auth rate limits', () => {
    const t = useTestApp({ engine, env: { AUTH_RATE_LIMIT_PER_MINUTE: '3' } });

    it('limits login attempts per IP with a clear 429 and Retry-After', async () => {
      const statuses: number[] = [];
      let last;
      for (let attempt = 0; attempt < 4; attempt += 1) {
        last = await t.request('POST', '/api/auth/login', {
          body: { email: `someone${attempt}@example.com`, password: 'x1234567' },
          headers: { 'accept-language': 'en' },
        });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      expect(last!.body.code).toBe('too_many_requests');
      expect(last!.body.message).toMatch(/Too many requests\. Try again in \d+ s\./);
      expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });

  describe('sign-in failures', () => {
    // each request names its client address through one trusted proxy hop
    const t = useTestApp({ engine, env: { TRUST_PROXY: '1', AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
    const login = (email: string, password: string, ip: string) =>
      t.request('POST', '/api/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': ip } });

    it('stops guessing from one address without locking the owner out from theirs', async () => {
      const { email, password } = await t.registerUser();
      const attacker: number[] = [];
      for (let attempt = 0; attempt <= LOGIN_FAILURES_PER_PAIR; attempt += 1)
        attacker.push((await login(email, 'wrongPass1', '203.0.113.66')).status);
      expect(attacker).toEqual([...Array(LOGIN_FAILURES_PER_PAIR).fill(401), 429]);
      // even the right password waits from the guessing address
      expect((await login(email, password, '203.0.113.66')).status).toBe(429);
      expect((await login(email, password, '198.51.100.7')).status).toBe(200);
    });

    it("forgets a pair's failures when it signs in, and never counts a success", async () => {
      const { email, password } = await t.registerUser();
      const ip = '198.51.100.20';
      for (let attempt = 1; attempt < LOGIN_FAILURES_PER_PAIR; attempt += 1)
        expect((await login(email, 'wrongPass1', ip)).status).toBe(401);
      for (let attempt = 0; attempt < 3; attempt += 1)
        expect((await login(email, password, ip)).status).toBe(200);
      const afterwards: number[] = [];
      for (let attempt = 0; attempt < LOGIN_FAILURES_PER_PAIR; attempt += 1)
        afterwards.push((await login(email, 'wrongPass1', ip)).status);
      expect(afterwards).toEqual(Array(LOGIN_FAILURES_PER_PAIR).fill(401));
    });

    it('slows, never blocks, an account that strangers everywhere keep failing on', async () => {
      const { email, password } = await t.registerUser();
      const addresses = LOGIN_FAILURES_PER_ACCOUNT / LOGIN_FAILURES_PER_PAIR;
      for (let address = 0; address < addresses; address += 1)
        for (let attempt = 0; attempt < LOGIN_FAILURES_PER_PAIR; attempt += 1)
          await login(email, 'wrongPass1', `192.0.2.${address}`);
      // past the ceiling: one attempt per interval for the account, the owner's included
      expect((await login(email, password, '198.51.100.30')).status).toBe(200);
      const hurried = await login(email, password, '198.51.100.30');
      expect(hurried.status).toBe(429);
      expect(Number(hurried.headers.get('retry-after'))).toBeLessThanOrEqual(SLOWED_LOGIN_INTERVAL_MS / 1000);
    });
  });

  describe('password change attempts', () => {
    const t = useTestApp({ engine });

    it('are limited per user, so a stolen session cannot guess the current password', async () => {
      const { token } = await t.registerUser();
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= PASSWORD_CHANGES_PER_USER; attempt += 1) {
        const response = await t.request('PUT', '/api/user/change-password', {
          token,
          body: { currentPassword: `guess${attempt}abc`, newPassword: 'novaSenha123' },
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([...Array(PASSWORD_CHANGES_PER_USER).fill(400), 429]);
    });
  });
});

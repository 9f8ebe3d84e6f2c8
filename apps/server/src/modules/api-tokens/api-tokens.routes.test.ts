import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { forEachEngine, useTestApp, type TestApp } from '../../test/harness.ts';
import { API_TOKEN_REQUESTS_PER_MINUTE } from './api-tokens.service.ts';

const TOKENS_URL = '/api/user/api-tokens';

/** A Profissional user with one new token. */
async function userWithToken(t: TestApp, name = 'planilha') {
  const account = await t.registerUser();
  await t.setPlan(account.user.id, 'profissional');
  const created = await t.request('POST', TOKENS_URL, { token: account.token, body: { name } });
  expect(created.status).toBe(201);
  return { ...account, apiToken: created.body.data.token as string, tokenId: created.body.data.id as string };
}

forEachEngine((engine) => {
  describe('personal API tokens', () => {
    const t = useTestApp({ engine });

    it('answers the secret once, keeps only its SHA-256, and lists the token without it', async () => {
      const { token, apiToken, tokenId } = await userWithToken(t);
      expect(apiToken).toMatch(/^farol_pat_[A-Za-z0-9_-]{43}$/);

      const list = await t.request('GET', TOKENS_URL, { token });
      expect(list.status).toBe(200);
      expect(list.body.data).toMatchObject({
        maxTokens: 10,
        requestsPerMinute: API_TOKEN_REQUESTS_PER_MINUTE,
      });
      expect(list.body.data.tokens).toEqual([
        {
          id: tokenId,
          name: 'planilha',
          createdAt: expect.any(String),
          lastUsedAt: null,
          requestCount: 0,
          expiresAt: expect.any(String),
        },
      ]);
      expect(list.text).not.toContain(apiToken);

      const rows = await selectRows<{ token_hash: string }>(
        t.database.db,
        sql`SELECT token_hash FROM api_tokens WHERE id = ${tokenId}`,
      );
      expect(rows).toEqual([{ token_hash: crypto.createHash('sha256').update(apiToken).digest('hex') }]);
    });

    it('refuses tokens to plans without API access, in the caller language', async () => {
      const account = await t.registerUser({ language: 'en' });
      const created = await t.request('POST', TOKENS_URL, { token: account.token, body: { name: 'bot' } });
      expect(created.status).toBe(403);
      expect(created.body).toMatchObject({ code: 'api_tokens_require_pro', requiresUpgrade: true });
      expect(created.body.message).toMatch(/Profissional/);
      expect((await t.request('GET', TOKENS_URL, { token: account.token })).body.data).toMatchObject({
        tokens: [],
        maxTokens: 0,
      });
    });

    it('reads the alerts, signals and coins with the token, and counts each use', async () => {
      const { apiToken, token } = await userWithToken(t);
      const alerts = await t.request('GET', '/api/alerts', { token: apiToken });
      expect(alerts.status).toBe(200);
      expect(alerts.body.data).toEqual([]);
      expect((await t.request('GET', '/api/alerts/limits', { token: apiToken })).status).toBe(200);
      expect((await t.request('GET', '/api/crypto/favorites', { token: apiToken })).status).toBe(200);

      const [listed] = (await t.request('GET', TOKENS_URL, { token })).body.data.tokens;
      expect(listed.requestCount).toBe(3);
      expect(listed.lastUsedAt).not.toBeNull();
    });

    it('changes nothing with the token: account, billing, keys and alerts answer a translated 403', async () => {
      const { apiToken } = await userWithToken(t);
      const attempts: [string, string, unknown?][] = [
        ['GET', '/api/user/profile'],
        ['PUT', '/api/user/profile', { name: 'Mallory' }],
        ['POST', '/api/alerts', { coinId: 'bitcoin', type: 'preco_acima', targetValue: 1 }],
        ['POST', '/api/subscription/cancel'],
        ['POST', '/api/subscription/api-keys', { openaiKey: 'sk-x' }],
        ['POST', TOKENS_URL, { name: 'another' }],
        ['DELETE', '/api/user', { password: 'x' }],
        ['POST', '/api/auth/logout'],
      ];
      for (const [method, url, body] of attempts) {
        const answer = await t.request(method, `${url}?lng=es`, { token: apiToken, body });
        expect(answer.status, `${method} ${url}`).toBe(403);
        expect(answer.body.code).toBe('api_token_read_only');
        expect(answer.body.message).toMatch(/token de API/);
      }
    });

    it('stops a token at once when it is revoked, and only its owner may revoke it', async () => {
      const owner = await userWithToken(t);
      const other = await t.registerUser();
      const foreign = await t.request('DELETE', `${TOKENS_URL}/${owner.tokenId}`, { token: other.token });
      expect(foreign.status).toBe(404);
      expect(foreign.body.code).toBe('api_token_not_found');

      const revoked = await t.request('DELETE', `${TOKENS_URL}/${owner.tokenId}`, { token: owner.token });
      expect(revoked.status).toBe(200);
      const refused = await t.request('GET', '/api/alerts', { token: owner.apiToken });
      expect(refused.status).toBe(401);
      expect(refused.body.code).toBe('api_token_invalid');
      expect((await t.request('GET', TOKENS_URL, { token: owner.token })).body.data.tokens).toEqual([]);
    });

    it('stops the tokens of a plan that lost API access', async () => {
      const { apiToken, user } = await userWithToken(t);
      await t.setPlan(user.id, 'iniciante');
      const refused = await t.request('GET', '/api/alerts', { token: apiToken });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('api_tokens_require_pro');
    });

    it('limits each token on its own, leaving the session and other tokens free', async () => {
      const { apiToken, token } = await userWithToken(t);
      const second = (await t.request('POST', TOKENS_URL, { token, body: { name: 'second' } })).body.data
        .token;
      for (let index = 0; index < API_TOKEN_REQUESTS_PER_MINUTE; index += 1)
        expect((await t.request('GET', '/api/alerts/limits', { token: apiToken })).status).toBe(200);
      const limited = await t.request('GET', '/api/alerts/limits', { token: apiToken });
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe('too_many_requests');
      expect(limited.headers.get('retry-after')).toBeTruthy();
      expect((await t.request('GET', '/api/alerts/limits', { token: second })).status).toBe(200);
      expect((await t.request('GET', '/api/alerts/limits', { token })).status).toBe(200);
    });

    it('expires a token after the lifetime chosen at creation (90 days unless told)', async () => {
      const { token, apiToken, tokenId } = await userWithToken(t);
      const short = await t.request('POST', TOKENS_URL, {
        token,
        body: { name: 'curto', expiresInDays: 30 },
      });
      expect(short.status).toBe(201);
      const days = (iso: string, from: string) => (Date.parse(iso) - Date.parse(from)) / 86_400_000;
      expect(days(short.body.data.expiresAt, short.body.data.createdAt)).toBeCloseTo(30, 1);
      const [, listed] = (await t.request('GET', TOKENS_URL, { token })).body.data.tokens;
      expect(listed.id).toBe(tokenId);
      expect(days(listed.expiresAt, listed.createdAt)).toBeCloseTo(90, 1);
      const odd = await t.request('POST', TOKENS_URL, {
        token,
        body: { name: 'eterno', expiresInDays: 10_000 },
      });
      expect(odd.status).toBe(400);

      await t.database.db.execute(
        sql`UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE id = ${tokenId}`,
      );
      const expired = await t.request('GET', '/api/alerts', { token: apiToken });
      expect(expired.status).toBe(401);
      expect(expired.body.code).toBe('api_token_invalid');
      expect((await t.request('GET', '/api/alerts', { token: short.body.data.token })).status).toBe(200);
    });

    it('needs a verified address, and e-mails the owner the name of each new token', async () => {
      const unverified = await t.registerUser({ verified: false, language: 'en' });
      await t.setPlan(unverified.user.id, 'profissional');
      const refused = await t.request('POST', TOKENS_URL, { token: unverified.token, body: { name: 'bot' } });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        code: 'email_not_verified',
        message: 'Verify your email first: open the link we sent to it.',
      });

      const { user } = await userWithToken(t, 'planilha do intruso');
      const notices = await selectRows<{ to_address: string; data: { kind: string; label: string } }>(
        t.database.db,
        sql`SELECT to_address, data FROM email_outbox WHERE user_id = ${user.id} AND template = 'access-added'`,
      );
      expect(notices).toEqual([
        {
          to_address: user.email,
          data: expect.objectContaining({ kind: 'api-token', label: 'planilha do intruso' }),
        },
      ]);
    });

    it('holds the token limit under concurrent creation', async () => {
      const account = await t.registerUser();
      await t.setPlan(account.user.id, 'profissional');
      const answers = await Promise.all(
        Array.from({ length: 14 }, (_, index) =>
          t.request('POST', TOKENS_URL, { token: account.token, body: { name: `p${index}` } }),
        ),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([...Array(10).fill(201), ...Array(4).fill(403)]);
      const [row] = await selectRows<{ total: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS total FROM api_tokens WHERE user_id = ${account.user.id}`,
      );
      expect(row!.total).toBe(10);
    });

    it('holds at most the plan number of tokens', async () => {
      const account = await t.registerUser();
      await t.setPlan(account.user.id, 'profissional');
      for (let index = 0; index < 10; index += 1)
        await t.request('POST', TOKENS_URL, { token: account.token, body: { name: `t${index}` } });
      const over = await t.request('POST', TOKENS_URL, { token: account.token, body: { name: 'eleventh' } });
      expect(over.status).toBe(403);
      expect(over.body.code).toBe('api_token_limit_reached');
    });
  });
});

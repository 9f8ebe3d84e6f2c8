import { describe, expect, it } from 'vitest';
import { API_KEY_CHECKS_PER_USER } from '../modules/api-keys/api-keys.routes.ts';
import { BILLING_CALLS_PER_USER } from '../modules/subscription/subscription.routes.ts';
import { forEachEngine, useTestApp } from '../test/harness.ts';

describe('HSTS', () => {
  describe('served over https', () => {
    const t = useTestApp({ env: { APP_URL: 'https://farol.example' } });
    it('tells browsers to keep to https, on pages and on API answers, errors included', async () => {
      for (const pathname of ['/api/health', '/api/nothing-here']) {
        const response = await t.request('GET', pathname);
        expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      }
    });
  });

  describe('served over plain http (development)', () => {
    const t = useTestApp({ env: { APP_URL: 'http://localhost:3000' } });
    it('sends no HSTS header', async () => {
      expect((await t.request('GET', '/api/health')).headers.get('strict-transport-security')).toBeNull();
    });
  });
});

forEachEngine((engine) => {
  describe('answers for one signed-in person', () => {
    const t = useTestApp({ engine });

    it('are never cached, while public market answers keep their own caching', async () => {
      const { token } = await t.registerUser();
      for (const pathname of [
        '/api/user/profile',
        '/api/crypto/prices',
        '/api/alerts',
        '/api/subscription/current',
      ])
        expect((await t.request('GET', pathname, { token })).headers.get('cache-control')).toBe('no-store');
      expect((await t.request('GET', '/api/subscription/plans')).headers.get('cache-control')).not.toBe(
        'no-store',
      );
    });
  });

  describe('per-user limits on calls that reach Stripe or an AI provider', () => {
    const t = useTestApp({ engine });

    it('limits billing calls per user, whoever else calls', async () => {
      const { token } = await t.registerUser();
      const statuses: number[] = [];
      for (let call = 0; call <= BILLING_CALLS_PER_USER; call += 1)
        statuses.push((await t.request('POST', '/api/subscription/sync', { token })).status);
      // without Stripe configured each call is refused, but each still counts
      expect(statuses.slice(0, -1).every((status) => status !== 429)).toBe(true);
      const over = await t.request('POST', '/api/subscription/portal', {
        token,
        headers: { 'accept-language': 'en' },
      });
      expect(over.status).toBe(429);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(over.body.code).toBe('too_many_requests');
      const other = await t.registerUser();
      expect((await t.request('POST', '/api/subscription/sync', { token: other.token })).status).not.toBe(
        429,
      );
    });
  });

  describe('per-user limit on API-key checks', () => {
    // nothing answers there: each check fails fast, and each save still counts
    const t = useTestApp({ engine, env: { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' } });

    it('limits API-key checks per user', async () => {
      const { token } = await t.registerUser();
      const body = { openaiApiKey: 'sk-proj-abcdefghijklmnopqrstuvwxyz0123456789' };
      const statuses: number[] = [];
      for (let call = 0; call <= API_KEY_CHECKS_PER_USER; call += 1)
        statuses.push((await t.request('POST', '/api/subscription/api-keys', { token, body })).status);
      expect(statuses.at(-1)).toBe(429);
      expect(statuses.slice(0, -1).every((status) => status !== 429)).toBe(true);
    });
  });
});

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from './config.ts';
import { startTestApp, type TestApp } from './test/harness.ts';

describe('application baseline', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { METRICS_TOKEN: 'metrics-secret' } });
  });
  afterAll(async () => t.close());

  it('reports database reachability and version on /api/health', async () => {
    const response = await t.request('GET', '/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'ok', database: { reachable: true, engine: 'pglite' } });
    expect(response.body.database.version).toMatch(/PostgreSQL \d+/);
  });

  it('answers unknown /api paths with the JSON 404 shape in the caller language', async () => {
    const response = await t.request('DELETE', '/api/nothing-here', { headers: { 'accept-language': 'en' } });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({
      code: 'route_not_found',
      message: 'Route not found: DELETE /api/nothing-here',
    });
  });

  it('sends the security headers on every answer', async () => {
    const response = await t.request('GET', '/api/health');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('refuses bodies over the limit with 413', async () => {
    const response = await t.request('POST', '/api/auth/login', {
      body: { email: 'a@b.co', password: 'x'.repeat(2_000_000) },
    });
    expect(response.status).toBe(413);
    expect(response.body.code).toBe('payload_too_large');
  });

  it('serves Prometheus metrics to this machine, and through a proxy only with the metrics token', async () => {
    await t.request('GET', '/api/health');
    const proxied = { 'x-forwarded-for': '203.0.113.9' };
    expect((await t.request('GET', '/metrics', { headers: proxied })).status).toBe(403);
    expect(
      (await t.request('GET', '/metrics', { headers: { ...proxied, authorization: 'Bearer wrong-secret' } }))
        .status,
    ).toBe(403);
    expect((await t.request('GET', '/metrics')).status).toBe(200);
    const response = await t.request('GET', '/metrics', {
      headers: { ...proxied, authorization: 'Bearer metrics-secret' },
    });
    expect(response.status).toBe(200);
    expect(response.text).toMatch(
      /farol_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} \d+/,
    );
  });

  it('publishes the OpenAPI document generated from the contract', async () => {
    const response = await t.request('GET', '/api/docs/json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toMatch(/^3\./);
    expect(
      response.body.paths['/api/auth/register'].post.requestBody.content['application/json'].schema
        .properties,
    ).toHaveProperty('confirmPassword');
  });

  it('never answers 5xx to random JSON bodies on the account routes', async () => {
    const { token } = await t.registerUser();
    const routes: [string, string][] = [
      ['POST', '/api/auth/register'],
      ['POST', '/api/auth/login'],
      ['PUT', '/api/user/profile'],
      ['PUT', '/api/user/change-password'],
      ['PUT', '/api/user/preferences'],
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), fc.jsonValue(), async ([method, path], body) => {
        const response = await t.request(method, path, { token, body });
        expect(response.status).toBeLessThan(500);
        expect(typeof response.body?.message === 'string' || response.status < 300).toBe(true);
      }),
      { numRuns: 150 },
    );
  });
});

describe('configuration', () => {
  it('names the variable in a one-line error', () => {
    expect(() => loadConfig({ PORT: 'abc' } as NodeJS.ProcessEnv)).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' } as NodeJS.ProcessEnv)).toThrow(
      /^Invalid configuration: PORT="abc": /,
    );
    expect(() => loadConfig({ DATABASE_URL: 'not a url' } as NodeJS.ProcessEnv)).toThrow(/DATABASE_URL/);
  });

  it('reads defaults for an empty environment', () => {
    const config = loadConfig({} as NodeJS.ProcessEnv);
    expect(config.PORT).toBe(3000);
    expect(config.MARKET_DATA_SOURCE).toBe('auto');
    expect(config.AUTH_RATE_LIMIT_PER_MINUTE).toBe(10);
  });
});

import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { useTestApp } from '../test/harness.ts';

/** Three sign-in attempts (no body: refused after the per-IP count), each claiming another client address. */
async function attemptsFrom(
  t: ReturnType<typeof useTestApp>,
  forwardedFor: (attempt: number) => string,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const response = await t.request('POST', '/api/auth/login', {
      headers: { 'x-forwarded-for': forwardedFor(attempt) },
    });
    statuses.push(response.status);
  }
  return statuses;
}

describe('TRUST_PROXY', () => {
  describe('false (the default): the client is the TCP peer', () => {
    const t = useTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '2' } });
    it('ignores X-Forwarded-For, so a client cannot escape the per-IP limit by naming other addresses', async () => {
      expect(await attemptsFrom(t, (attempt) => `203.0.113.${attempt}`)).toEqual([400, 400, 429]);
    });
  });

  describe('a hop count', () => {
    const t = useTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: '1' } });
    it('takes the address the nearest proxy saw, and only that one', async () => {
      expect(await attemptsFrom(t, (attempt) => `203.0.113.${attempt}`)).toEqual([400, 400, 400]);
      // whatever a client prepends, one hop away the address is the one the proxy appended
      expect(await attemptsFrom(t, (attempt) => `198.51.100.${attempt}, 192.0.2.7`)).toEqual([400, 400, 429]);
    });
  });

  describe('a list of proxy addresses', () => {
    const t = useTestApp({
      env: { AUTH_RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: '10.0.0.0/8, 192.168.1.5' },
    });
    it('ignores X-Forwarded-For from a peer that is not listed', async () => {
      expect(await attemptsFrom(t, (attempt) => `203.0.113.${attempt}`)).toEqual([400, 400, 429]);
    });
  });

  it('accepts true, false, hop counts and address lists, and refuses anything else by name only', () => {
    const trust = (value: string) => loadConfig({ TRUST_PROXY: value } as NodeJS.ProcessEnv).TRUST_PROXY;
    expect([trust('true'), trust('false'), trust('2'), trust('127.0.0.1, 10.0.0.0/8, ::1')]).toEqual([
      true,
      false,
      2,
      '127.0.0.1,10.0.0.0/8,::1',
    ]);
    expect(() => trust('everyone')).toThrow(/TRUST_PROXY/);
    expect(() => trust('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
  });
});

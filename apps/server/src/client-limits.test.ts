import { describe, expect, it } from 'vitest';
import { clientNetwork } from './lib/rate-limiter.ts';
import { forEachEngine, useTestApp, type TestApp } from './test/harness.ts';

/** Behind one trusted proxy, each request claims the client address the proxy saw. */
const from = (address: string) => ({ 'x-forwarded-for': address, 'accept-language': 'en' });

const contactMessage = (index: number) => ({
  name: 'Visitante',
  email: `visitor${index}@example.com`,
  subject: 'Pergunta',
  message: 'Olá!',
});

/** The statuses of `count` calls, the n-th one from `addressOf(n)`. */
async function statusesFrom(
  t: TestApp,
  count: number,
  call: (headers: Record<string, string>, index: number) => Promise<{ status: number }>,
  addressOf: (index: number) => string,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let index = 0; index < count; index += 1)
    statuses.push((await call(from(addressOf(index)), index)).status);
  return statuses;
}

describe('the network a per-address limit counts', () => {
  it('is an IPv4 address alone, an IPv6 address by its /64, an IPv4-mapped IPv6 address as its IPv4', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('203.0.113.8')).toBe('203.0.113.8');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('2001:db8:1:2::1')).toBe(clientNetwork('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(clientNetwork('2001:0db8:0001:0002:0000:0000:0000:0001')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8:1:3::1')).not.toBe(clientNetwork('2001:db8:1:2::1'));
  });
});

describe('per-address limits see IPv6 networks', () => {
  const t = useTestApp({ env: { TRUST_PROXY: '1', AUTH_RATE_LIMIT_PER_MINUTE: '2' } });
  const inOneNetwork = (index: number) => `2001:db8:77:1:${(index + 1).toString(16)}::${index + 7}`;

  it('counts every address of one IPv6 /64 as one client when signing in, and another /64 apart', async () => {
    const login = (headers: Record<string, string>) =>
      t.request('POST', '/api/auth/login', { headers, body: { email: 'a@b.co', password: 'x' } });
    expect(await statusesFrom(t, 3, login, inOneNetwork)).toEqual([401, 401, 429]);
    expect((await login(from('2001:db8:77:2::1'))).status).toBe(401);
  });

  it('counts an IPv4-mapped IPv6 address as the IPv4 address it carries', async () => {
    const login = (headers: Record<string, string>) =>
      t.request('POST', '/api/auth/login', { headers, body: { email: 'c@d.co', password: 'x' } });
    const addresses = ['198.51.100.20', '::ffff:198.51.100.20', '::ffff:c633:6414'];
    expect(await statusesFrom(t, 3, login, (index) => addresses[index]!)).toEqual([401, 401, 429]);
  });

  it('counts one /64 as one client on the password-reset and contact forms', async () => {
    const forgot = (headers: Record<string, string>) =>
      t.request('POST', '/api/auth/forgot-password', { headers, body: { email: 'nobody@farol.test' } });
    expect((await statusesFrom(t, 11, forgot, inOneNetwork)).slice(-2)).toEqual([200, 429]);
    const contact = (headers: Record<string, string>, index: number) =>
      t.request('POST', '/api/email/contact', { headers, body: contactMessage(index) });
    const contactNetwork = (index: number) => `2001:db8:78:1::${index + 1}`;
    expect((await statusesFrom(t, 6, contact, contactNetwork)).slice(-2)).toEqual([200, 429]);
  });
});

forEachEngine((engine) => {
  describe('site-wide ceilings per hour', () => {
    const t = useTestApp({
      engine,
      env: {
        TRUST_PROXY: '1',
        REGISTRATIONS_PER_HOUR: '2',
        PASSWORD_RESET_EMAILS_PER_HOUR: '1',
        CONTACT_MESSAGES_PER_HOUR: '1',
      },
    });
    // each request from another network, so only the site-wide ceiling can refuse it
    let network = 0;
    const elsewhere = () => from(`198.51.100.${(network += 1)}`);
    const expectCeiling = (answer: { status: number; body: any; headers: Headers }) => {
      expect(answer.status).toBe(429);
      expect(answer.body.code).toBe('too_many_requests');
      expect(answer.body.message).toMatch(/^Too many requests\. Try again in \d+ s\.$/);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    };
    const register = (email: string, password = 'senhaSegura1', confirmPassword = password) =>
      t.request('POST', '/api/auth/register', {
        headers: elsewhere(),
        body: { name: 'Nova', email, password, confirmPassword },
      });

    it('stops registrations for the hour once the ceiling is reached; refused attempts do not count', async () => {
      expect((await register('mismatch@farol.test', 'senhaSegura1', 'outraSenha1')).status).toBe(400);
      expect((await register('first@farol.test')).status).toBe(201);
      expect((await register('second@farol.test')).status).toBe(201);
      expectCeiling(await register('third@farol.test'));
    });

    it('stops password-reset mails for everyone once the hour has sent its ceiling, unknown addresses alike', async () => {
      const forgot = (email: string) =>
        t.request('POST', '/api/auth/forgot-password', { headers: elsewhere(), body: { email } });
      // an address without an account sends no mail and uses up nothing
      expect((await forgot('nobody@farol.test')).status).toBe(200);
      expect((await forgot('first@farol.test')).status).toBe(200);
      expectCeiling(await forgot('second@farol.test'));
      expectCeiling(await forgot('nobody@farol.test'));
    });

    it('stops contact messages for the hour once the ceiling is reached', async () => {
      const contact = (index: number) =>
        t.request('POST', '/api/email/contact', { headers: elsewhere(), body: contactMessage(index) });
      expect((await contact(1)).status).toBe(200);
      // the contact form's own 429, as for its per-address limit
      const refused = await contact(2);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({
        code: 'email_rate_limited',
        message: 'Too many emails sent. Please wait a little.',
        sent: false,
      });
    });
  });
});

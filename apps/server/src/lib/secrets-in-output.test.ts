import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { emailOutbox } from '../db/schema/email.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { startSmtpPeer, type SmtpPeer } from '../test/stubs/smtp-stub.ts';

describe('secrets stay out of what the server prints', () => {
  it('names an invalid secret setting without printing its value, and a URL without its password', () => {
    const failure = (env: Record<string, string>) => {
      try {
        loadConfig(env as NodeJS.ProcessEnv);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('the configuration was accepted');
    };
    const shortSecret = failure({ JWT_SECRET: 'tooShortButSecret' });
    expect(shortSecret).toMatch(/^Invalid configuration: JWT_SECRET=\(hidden\): /);
    expect(shortSecret).not.toContain('tooShortButSecret');
    const badKey = failure({ ENCRYPTION_KEY: 'not-hex-but-secret-value' });
    expect(badKey).toContain('ENCRYPTION_KEY');
    expect(badKey).not.toContain('not-hex-but-secret-value');
    const badPort = failure({ PORT: 'abc' });
    expect(badPort).toContain('PORT="abc"');
  });

  describe('a password reset, from request to delivery', () => {
    const lines: string[] = [];
    let smtp: SmtpPeer;
    let t: TestApp;
    beforeAll(async () => {
      smtp = await startSmtpPeer();
      t = await startTestApp({
        env: { LOG_LEVEL: 'info', SMTP_URL: smtp.url, APP_URL: 'https://farol.example' },
        deps: { logStream: { write: (line: string) => lines.push(line) } },
      });
    });
    afterAll(async () => {
      await t.close();
      await smtp.close();
    });

    it('never logs the reset token, and the delivered message leaves no link in the outbox', async () => {
      const { email } = await t.registerUser();
      await t.request('POST', '/api/auth/forgot-password', { body: { email } });
      await t.app.emailDelivery.deliverDue();
      const link = smtp.messages
        .flatMap((mail) => /https:\/\/farol\.example\/reset-password\?token=\S+/.exec(mail.text) ?? [])
        .at(-1)!;
      const token = new URL(link).searchParams.get('token')!;
      expect(token.length).toBeGreaterThan(20);
      // the reset page is opened with the token in its address, then the new password is sent
      await t.request('GET', `/reset-password?token=${token}`);
      await t.request('POST', '/api/auth/reset-password', {
        body: { token, password: 'outraSenha123' },
      });
      expect(lines.join('\n')).toContain('/reset-password?token=[redacted]');
      expect(lines.join('\n')).not.toContain(token);
      const rows = await t.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.template, 'password-reset'));
      expect(rows.map((row) => row.status)).toEqual(['sent']);
      expect(JSON.stringify(rows[0]!.data)).not.toContain(token);
      // the address confirmation sent at registration keeps no link either
      const confirmations = await t.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.template, 'email-verification'));
      expect(confirmations.some((confirmation) => confirmation.status === 'sent')).toBe(true);
      for (const row of confirmations.filter((confirmation) => confirmation.status === 'sent'))
        expect(Object.keys(row.data)).not.toContain('verifyUrl');
    });
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/client.ts';
import { forEachEngine, startTestApp, useTestApp, type TestApp } from '../../test/harness.ts';
import { startSmtpPeer, type SmtpPeer } from '../../test/stubs/smtp-stub.ts';
import { PASSWORD_RESET_MAILS_PER_ACCOUNT } from './password-reset.routes.ts';

forEachEngine((engine) => {
  describe('password reset', () => {
    let smtp: SmtpPeer;
    let app: TestApp;
    let clock = new Date(Date.now() + 60_000);
    beforeAll(async () => {
      smtp = await startSmtpPeer();
      app = await startTestApp({
        engine,
        env: { SMTP_URL: smtp.url, APP_URL: 'https://farol.example' },
        deps: { now: () => clock },
      });
    });
    afterAll(async () => {
      await app.close();
      await smtp.close();
    });
    beforeEach(() => {
      smtp.messages.length = 0;
    });

    const requestLink = async (email: string, language = 'pt-BR') => {
      const response = await app.request('POST', '/api/auth/forgot-password', {
        body: { email },
        headers: { 'accept-language': language },
      });
      await app.app.emailDelivery.deliverDue();
      return response;
    };
    /** The token in the latest reset e-mail (the welcome e-mail of a fresh account may arrive alongside). */
    const latestToken = () => {
      const links = smtp.messages.flatMap(
        (mail) => /https:\/\/farol\.example\/reset-password\?token=\S+/.exec(mail.text) ?? [],
      );
      return new URL(links.at(-1)!).searchParams.get('token')!;
    };

    it('answers the same for a known and an unknown address and mails only the account owner', async () => {
      const { email } = await app.registerUser({ language: 'en' });
      await app.app.emailDelivery.deliverDue();
      smtp.messages.length = 0;
      const known = await requestLink(email.toUpperCase());
      const unknown = await requestLink('nobody@farol.test');
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(known.body).toEqual(unknown.body);
      expect(smtp.messages).toHaveLength(1);
      const mail = smtp.messages[0]!;
      expect(mail.envelopeTo).toEqual([email]);
      // the account's language, not the requester's
      expect(mail.subject).toBe('Reset your Farol password');
      expect(mail.text).toContain('valid for 60 minutes');
    });

    it('sets the new password once, ends older sessions and refuses the link a second time', async () => {
      const { email, token: oldSession, password } = await app.registerUser();
      await requestLink(email);
      const token = latestToken();
      const reset = await app.request('POST', '/api/auth/reset-password', {
        body: { token, password: 'novaSenha9' },
      });
      expect(reset.status).toBe(200);
      expect(reset.body.message).toContain('Senha redefinida');
      expect((await app.request('GET', '/api/user/profile', { token: oldSession })).status).toBe(401);
      expect((await app.request('POST', '/api/auth/login', { body: { email, password } })).status).toBe(401);
      expect(
        (await app.request('POST', '/api/auth/login', { body: { email, password: 'novaSenha9' } })).status,
      ).toBe(200);
      const again = await app.request('POST', '/api/auth/reset-password', {
        body: { token, password: 'outraSenha9' },
      });
      expect(again.status).toBe(400);
      expect(again.body.code).toBe('invalid_reset_token');
    });

    it('refuses a link older than one hour', async () => {
      const { email } = await app.registerUser();
      await requestLink(email);
      const token = latestToken();
      clock = new Date(clock.getTime() + 61 * 60_000);
      const response = await app.request('POST', '/api/auth/reset-password', {
        body: { token, password: 'novaSenha9' },
      });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('invalid_reset_token');
    });

    it('applies the password rules and keeps the link usable after a refused password', async () => {
      const { email } = await app.registerUser();
      await requestLink(email);
      const token = latestToken();
      const weak = await app.request('POST', '/api/auth/reset-password', {
        body: { token, password: 'semnumero' },
        headers: { 'accept-language': 'en' },
      });
      expect(weak.status).toBe(400);
      expect(weak.body.message).toBe('The password must contain a number.');
      expect(
        (await app.request('POST', '/api/auth/reset-password', { body: { token, password: 'comNumero1' } }))
          .status,
      ).toBe(200);
    });

    it('invalidates an earlier link when a new one is requested', async () => {
      const { email } = await app.registerUser();
      await requestLink(email);
      const first = latestToken();
      await requestLink(email);
      const second = latestToken();
      expect(
        (
          await app.request('POST', '/api/auth/reset-password', {
            body: { token: first, password: 'novaSenha9' },
          })
        ).status,
      ).toBe(400);
      expect(
        (
          await app.request('POST', '/api/auth/reset-password', {
            body: { token: second, password: 'novaSenha9' },
          })
        ).status,
      ).toBe(200);
    });
  });

  describe('password reset mails per account', () => {
    const t = useTestApp({ engine });
    const resetMails = async (userId: string) =>
      (
        await selectRows<{ count: number }>(
          t.database.db,
          sql`select count(*)::int as count from email_outbox
              where user_id = ${userId} and template = 'password-reset'`,
        )
      )[0]!.count;

    it('queues at most PASSWORD_RESET_MAILS_PER_ACCOUNT links an hour for one account, with the same answer every time', async () => {
      const { email, user } = await t.registerUser();
      const answers = [];
      for (let index = 0; index < PASSWORD_RESET_MAILS_PER_ACCOUNT + 2; index += 1)
        answers.push(
          await t.request('POST', '/api/auth/forgot-password', {
            body: { email: index % 2 ? email.toUpperCase() : email },
          }),
        );
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
      expect(await resetMails(user.id)).toBe(PASSWORD_RESET_MAILS_PER_ACCOUNT);
      // another account is not held back by this one's limit
      const other = await t.registerUser();
      await t.request('POST', '/api/auth/forgot-password', { body: { email: other.email } });
      expect(await resetMails(other.user.id)).toBe(1);
    });
  });
});

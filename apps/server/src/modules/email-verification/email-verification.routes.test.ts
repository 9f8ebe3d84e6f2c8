import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { forEachEngine, startTestApp, type TestApp } from '../../test/harness.ts';
import { startSmtpPeer, type SmtpPeer } from '../../test/stubs/smtp-stub.ts';

const linkIn = (text: string) => /https:\/\/farol\.example\/verify-email\?token=([\w-]+)/.exec(text);

forEachEngine((engine) => {
  describe('e-mail verification', () => {
    let smtp: SmtpPeer;
    let app: TestApp;
    beforeAll(async () => {
      smtp = await startSmtpPeer();
      app = await startTestApp({
        engine,
        env: {
          SMTP_URL: smtp.url,
          APP_URL: 'https://farol.example',
          ADMIN_EMAILS:
            'chefe@farol.test,gerente@farol.test,dona@farol.test,alvo@farol.test,sessoes@farol.test',
        },
      });
    });
    afterAll(async () => {
      await app.close();
      await smtp.close();
    });
    beforeEach(() => {
      smtp.messages.length = 0;
    });

    const isAdmin = async (token: string) =>
      (await app.request('GET', '/api/admin/users', { token })).status === 200;
    const mailedToken = async (email: string) => {
      await app.app.emailDelivery.deliverDue();
      const mail = smtp.messages.filter((message) => message.envelopeTo.includes(email)).at(-1);
      return linkIn(mail?.text ?? '')?.[1];
    };

    it('makes no one admin at registration; the ADMIN_EMAILS owner becomes admin by confirming the e-mailed link, once', async () => {
      const { token, user } = await app.registerUser({
        email: 'chefe@farol.test',
        verified: false,
        language: 'en',
      });
      expect(user.emailVerified).toBe(false);
      expect(await isAdmin(token)).toBe(false);
      const login = await app.request('POST', '/api/auth/login', {
        body: { email: 'chefe@farol.test', password: 'senhaSegura1' },
      });
      expect(login.status).toBe(200);
      expect(await isAdmin(login.body.token)).toBe(false);

      await app.app.emailDelivery.deliverDue();
      const mail = smtp.messages.find((message) => message.subject === 'Confirm your email on Farol')!;
      expect(mail.envelopeTo).toEqual(['chefe@farol.test']);
      expect(mail.text).toContain('24 hours');
      const verifyToken = linkIn(mail.text)![1]!;
      expect(mail.html).toContain(
        `href="https://farol.example/verify-email?token=${verifyToken}&amp;email=chefe%40farol.test"`,
      );
      const stored = await selectRows<{ token_hash: string }>(
        app.database.db,
        sql`select token_hash from email_verification_tokens where user_id = ${user.id}`,
      );
      expect(stored).toHaveLength(1);
      expect(stored[0]!.token_hash).not.toContain(verifyToken);

      const verified = await app.request('POST', '/api/auth/verify-email', {
        token,
        body: { token: verifyToken },
        headers: { 'accept-language': 'en' },
      });
      expect(verified.status).toBe(200);
      expect(verified.body).toMatchObject({ message: 'Email confirmed.', user: { emailVerified: true } });
      const adminToken = verified.body.token;
      expect(await isAdmin(adminToken)).toBe(true);
      const profile = await app.request('GET', '/api/user/profile', { token: adminToken });
      expect(profile.body.emailVerified).toBe(true);

      const again = await app.request('POST', '/api/auth/verify-email', {
        token: adminToken,
        body: { token: verifyToken },
        headers: { 'accept-language': 'es' },
      });
      expect(again.status).toBe(400);
      expect(again.body).toEqual({
        code: 'invalid_verification_token',
        message: 'Enlace de verificación inválido o caducado.',
      });
    });

    it("refuses the link alone: an address squatter's account is confirmed only with its session or password", async () => {
      const squatter = await app.registerUser({ email: 'alvo@farol.test', verified: false });
      const verifyToken = await app.verificationToken(squatter.user.id);
      const clicked = await app.request('POST', '/api/auth/verify-email', {
        body: { token: verifyToken },
        headers: { 'accept-language': 'es' },
      });
      expect(clicked.status).toBe(403);
      expect(clicked.body).toEqual({
        code: 'verification_proof_required',
        message: 'Para confirmar este correo, inicia sesión en su cuenta o escribe su contraseña.',
      });
      const stranger = await app.registerUser();
      const otherSession = await app.request('POST', '/api/auth/verify-email', {
        token: stranger.token,
        body: { token: verifyToken },
      });
      expect(otherSession.status).toBe(403);
      expect(otherSession.body.code).toBe('verification_proof_required');
      const guessed = await app.request('POST', '/api/auth/verify-email', {
        body: { token: verifyToken, password: 'palpiteErrado1' },
        headers: { 'accept-language': 'en' },
      });
      expect(guessed.status).toBe(403);
      expect(guessed.body).toEqual({
        code: 'verification_password_incorrect',
        message: 'That is not this account’s password.',
      });
      const profile = await app.request('GET', '/api/user/profile', { token: squatter.token });
      expect(profile.body.emailVerified).toBe(false);
      expect(await isAdmin(squatter.token)).toBe(false);

      // the refusals left the link usable by the account's owner, here with its password
      const proven = await app.request('POST', '/api/auth/verify-email', {
        body: { token: verifyToken, password: squatter.password },
      });
      expect(proven.status).toBe(200);
      expect(proven.body.user.emailVerified).toBe(true);
      expect(proven.body.token).toBeUndefined();
    });

    it('ends every other session of the account when the confirmation makes it admin', async () => {
      const account = await app.registerUser({ email: 'sessoes@farol.test', verified: false });
      const login = await app.request('POST', '/api/auth/login', {
        body: { email: 'sessoes@farol.test', password: account.password },
      });
      const otherSession = login.body.token as string;
      const confirmed = await app.request('POST', '/api/auth/verify-email', {
        token: account.token,
        body: { token: await app.verificationToken(account.user.id) },
      });
      expect(confirmed.status).toBe(200);
      for (const ended of [otherSession, account.token]) {
        const refused = await app.request('GET', '/api/user/profile', { token: ended });
        expect(refused.status).toBe(401);
        expect(refused.body.code).toBe('session_expired');
      }
      expect(await isAdmin(confirmed.body.token)).toBe(true);
    });

    it('keeps a removed admin removed at the next login', async () => {
      const boss = await app.registerUser({ email: 'gerente@farol.test' });
      expect(await isAdmin(boss.token)).toBe(true);
      const other = await app.registerUser();
      await app.makeAdmin(other.user.id);
      const removed = await app.request('PUT', `/api/admin/users/${boss.user.id}/admin`, {
        token: other.token,
        body: { isAdmin: false },
      });
      expect(removed.status).toBe(200);
      const login = await app.request('POST', '/api/auth/login', {
        body: { email: 'gerente@farol.test', password: boss.password },
      });
      expect(await isAdmin(login.body.token)).toBe(false);
    });

    it('grants ADMIN_EMAILS at login to an address verified before it was listed, once', async () => {
      const { user, password } = await app.registerUser({ email: 'dona@farol.test', verified: false });
      await app.app.database.db.execute(
        sql`update users set email_verified_at = now() where id = ${user.id}`,
      );
      const login = await app.request('POST', '/api/auth/login', {
        body: { email: 'dona@farol.test', password },
      });
      expect(await isAdmin(login.body.token)).toBe(true);
      const rows = await selectRows<{ admin_granted_at: Date | null }>(
        app.database.db,
        sql`select admin_granted_at from users where id = ${user.id}`,
      );
      expect(rows[0]!.admin_granted_at).not.toBeNull();
    });

    it('refuses an expired link', async () => {
      const { user, token } = await app.registerUser({ verified: false });
      const verifyToken = await app.verificationToken(user.id);
      await app.database.db.execute(
        sql`update email_verification_tokens set expires_at = now() - interval '1 minute' where user_id = ${user.id}`,
      );
      const response = await app.request('POST', '/api/auth/verify-email', {
        token,
        body: { token: verifyToken },
      });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('invalid_verification_token');
      expect((await app.request('GET', '/api/user/profile', { token })).body.emailVerified).toBe(false);
    });

    it('re-sends a new link at once (the older one stops working), limited per user', async () => {
      const { token, email } = await app.registerUser({ verified: false, language: 'en' });
      const first = await mailedToken(email);
      const resent = await app.request('POST', '/api/auth/resend-verification', {
        token,
        headers: { 'accept-language': 'en' },
      });
      expect(resent.status).toBe(200);
      expect(resent.body).toEqual({ success: true, sent: true, message: `Email sent to ${email}.` });
      const second = await mailedToken(email);
      expect(second).toBeDefined();
      expect(second).not.toBe(first);
      expect(
        (await app.request('POST', '/api/auth/verify-email', { token, body: { token: first } })).status,
      ).toBe(400);
      const statuses = [];
      for (let index = 0; index < 3; index += 1)
        statuses.push((await app.request('POST', '/api/auth/resend-verification', { token })).status);
      expect(statuses).toEqual([200, 200, 429]);
      const verified = await app.request('POST', '/api/auth/verify-email', {
        token,
        body: { token: await mailedToken(email) },
      });
      expect(verified.status).toBe(200);
      expect((await app.request('POST', '/api/auth/resend-verification', { token })).status).toBe(429);
    });

    it('answers that a verified address needs no new link', async () => {
      const { token } = await app.registerUser({ language: 'pt-BR' });
      const response = await app.request('POST', '/api/auth/resend-verification', { token });
      expect(response.body).toEqual({
        success: true,
        sent: false,
        message: 'Este e-mail já está confirmado.',
      });
    });

    it('mails plan changes only to verified addresses', async () => {
      const admin = await app.registerUser();
      await app.makeAdmin(admin.user.id);
      const unverified = await app.registerUser({ verified: false });
      const verified = await app.registerUser();
      for (const account of [unverified, verified]) {
        const response = await app.request('PUT', `/api/admin/users/${account.user.id}/subscription`, {
          token: admin.token,
          body: { plan: 'profissional' },
        });
        expect(response.status).toBe(200);
      }
      const templates = async (userId: string) =>
        (
          await selectRows<{ template: string }>(
            app.database.db,
            sql`select template from email_outbox where user_id = ${userId} order by created_at`,
          )
        ).map((row) => row.template);
      expect(await templates(unverified.user.id)).toEqual(['welcome', 'email-verification']);
      expect(await templates(verified.user.id)).toEqual([
        'welcome',
        'email-verification',
        'subscription-started',
      ]);
    });
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { forEachEngine, startTestApp, useTestApp, type TestApp } from '../../test/harness.ts';
import { selectRows } from '../../db/client.ts';
import { startSmtpPeer, type SmtpPeer } from '../../test/stubs/smtp-stub.ts';

const outboxRows = (app: TestApp) =>
  selectRows<{ to_address: string; template: string; status: string; attempts: number }>(
    app.database.db,
    sql`select to_address, template, status, attempts from email_outbox order by created_at`,
  );

forEachEngine((engine) => {
  describe('e-mail over a real SMTP peer', () => {
    let smtp: SmtpPeer;
    let app: TestApp;
    beforeAll(async () => {
      smtp = await startSmtpPeer();
      app = await startTestApp({
        engine,
        env: {
          SMTP_URL: smtp.url,
          MAIL_FROM: 'Farol <alertas@farol.example>',
          CONTACT_EMAIL: 'equipe@farol.example',
          APP_URL: 'https://farol.example',
        },
      });
    });
    afterAll(async () => {
      await app.close();
      await smtp.close();
    });
    afterEach(() => {
      smtp.messages.length = 0;
    });

    it.each([
      ['pt-BR', 'Bem-vindo ao Farol!', 'Abrir o painel'],
      ['en', 'Welcome to Farol!', 'Open the dashboard'],
      ['es', '¡Bienvenido a Farol!', 'Abrir el panel'],
    ])('queues the welcome e-mail at registration and delivers it in %s', async (language, subject, cta) => {
      const { email } = await app.registerUser({ name: 'Ana', language, verified: false });
      expect(smtp.messages).toHaveLength(0);
      const report = await app.app.emailDelivery.deliverDue();
      expect(report).toMatchObject({ sent: 2, retrying: 0 });
      const mail = smtp.messages.find((message) => message.text.includes(cta));
      expect(mail!.envelopeTo).toEqual([email]);
      expect(mail!.envelopeFrom).toBe('alertas@farol.example');
      expect(mail!.subject).toBe(subject);
      expect(mail!.headers.get('content-language')).toBe(language);
      expect(mail!.messageId).toMatch(/^<[0-9a-f-]{36}@farol\.example>$/);
      expect(mail!.text).toContain(`${cta}: https://farol.example/dashboard`);
      expect(mail!.html).toContain('href="https://farol.example/dashboard"');
      const rows = (await outboxRows(app)).filter((row) => row.to_address === email);
      expect(rows.sort((a, b) => a.template.localeCompare(b.template))).toEqual([
        { to_address: email, template: 'email-verification', status: 'sent', attempts: 1 },
        { to_address: email, template: 'welcome', status: 'sent', attempts: 1 },
      ]);
    });

    it('sends a test e-mail to the caller at once and marks it as a test', async () => {
      const { token, email } = await app.registerUser({ name: 'Bruno', language: 'en' });
      await app.app.emailDelivery.deliverDue();
      smtp.messages.length = 0;
      const response = await app.request('POST', '/api/email/test', {
        token,
        body: { type: 'crypto-alert', email: '' },
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true, sent: true, message: `Email sent to ${email}.` });
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]!.envelopeTo).toEqual([email]);
      expect(smtp.messages[0]!.subject).toBe(
        '[Test] Alert "Example: BTC above 110k": BTC price above $110,000.00',
      );
      expect(smtp.messages[0]!.text).toContain('Risk warning');
      expect(smtp.messages[0]!.text).toContain('$110,250.50');
    });

    it('refuses another address for a non-admin with the result object, and accepts it for an admin', async () => {
      const { token, user } = await app.registerUser({ language: 'pt-BR' });
      const refused = await app.request('POST', '/api/email/test', {
        token,
        body: { type: 'welcome', email: 'stranger@elsewhere.example' },
      });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ success: false, sent: false, code: 'email_recipient_forbidden' });
      expect(refused.body.error).toBe(refused.body.message);
      expect(
        smtp.messages.filter((mail) => mail.envelopeTo.includes('stranger@elsewhere.example')),
      ).toHaveLength(0);

      await app.makeAdmin(user.id);
      const accepted = await app.request('POST', '/api/email/test', {
        token,
        body: { type: 'welcome', email: 'ops@elsewhere.example' },
      });
      expect(accepted.body).toMatchObject({ success: true, sent: true });
      expect(smtp.messages.at(-1)!.envelopeTo).toEqual(['ops@elsewhere.example']);
    });

    it('never lets an unverified account make the server mail its address: 403 with a translated message', async () => {
      const { token, email } = await app.registerUser({ language: 'en', verified: false });
      await app.app.emailDelivery.deliverDue();
      smtp.messages.length = 0;
      for (const [path, body] of [
        ['/api/email/resend-welcome', undefined],
        ['/api/email/test', { type: 'welcome' }],
      ] as const) {
        const response = await app.request('POST', path, {
          token,
          body,
          headers: { 'accept-language': 'en' },
        });
        expect(response.status).toBe(403);
        expect(response.body).toMatchObject({
          success: false,
          sent: false,
          code: 'email_not_verified',
          message: 'Verify your email first: open the link we sent to it.',
        });
      }
      await app.app.emailDelivery.deliverDue();
      expect(smtp.messages.filter((mail) => mail.envelopeTo.includes(email))).toHaveLength(0);
    });

    it('keeps the account name out of every subject and escapes it in the body', async () => {
      const name = '<a href="https://evil.example">Win a prize</a>';
      const { email } = await app.registerUser({ name, language: 'en', verified: false });
      await app.app.emailDelivery.deliverDue();
      const mails = smtp.messages.filter((mail) => mail.envelopeTo.includes(email));
      expect(mails.map((mail) => mail.subject).sort()).toEqual([
        'Confirm your email on Farol',
        'Welcome to Farol!',
      ]);
      for (const mail of mails) {
        expect(mail.html).not.toContain('href="https://evil.example"');
        expect(mail.html).toContain('&lt;a href=&quot;https://evil.example&quot;&gt;');
      }
    });

    it('delivers the contact form to CONTACT_EMAIL with Reply-To and the visitor text escaped', async () => {
      const response = await app.request('POST', '/api/email/contact', {
        headers: { 'accept-language': 'es', 'x-forwarded-for': '10.0.0.1' },
        body: {
          name: 'Eve <b>',
          email: 'eve@visitor.example',
          subject: 'Hola',
          message: '<script>alert(1)</script>\nlinha 2',
        },
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        success: true,
        sent: true,
        message: 'Mensaje enviado. Responderemos pronto.',
      });
      const mail = smtp.messages.at(-1)!;
      expect(mail.envelopeTo).toEqual(['equipe@farol.example']);
      expect(mail.headers.get('reply-to')).toBe('eve@visitor.example');
      expect(mail.subject).toBe('Contacto desde el sitio: Hola');
      expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).toContain('Eve &lt;b&gt;');
      expect(mail.text).toContain('> <script>alert(1)</script>\n> linha 2');
    });

    it.each([
      ['free', '', 0],
      ['iniciante', '[Priority] ', 1],
      ['profissional', '[Priority] ', 1],
    ] as const)('gives a signed-in %s member priority support or not', async (plan, prefix, priority) => {
      const { token, user } = await app.registerUser({ language: 'en' });
      await app.setPlan(user.id, plan);
      const subject = `Help ${plan}`;
      const response = await app.request('POST', '/api/email/contact', {
        token,
        headers: { 'accept-language': 'en', 'x-forwarded-for': `10.0.1.${priority}${plan.length}` },
        body: { name: 'Ana', email: 'ana@visitor.example', subject, message: 'Hi' },
      });
      expect(response.status).toBe(200);
      expect(smtp.messages.at(-1)!.subject).toBe(`${prefix}Website contact: ${subject}`);
      const [row] = await selectRows<{ priority: number }>(
        app.database.db,
        sql`select priority from email_outbox where template = 'contact' and data->>'subject' = ${subject}`,
      );
      expect(row).toEqual({ priority });
    });

    it('answers 400 in the caller language when a contact field is missing', async () => {
      const response = await app.request('POST', '/api/email/contact', {
        headers: { 'accept-language': 'en' },
        body: { name: 'Eve', email: 'eve@visitor.example', subject: '', message: 'hi' },
      });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('validation_failed');
    });

    it('limits test sends per user with a 429 result object', async () => {
      const { token } = await app.registerUser({ language: 'en' });
      const statuses: number[] = [];
      for (let index = 0; index < 6; index += 1) {
        statuses.push((await app.request('POST', '/api/email/resend-welcome', { token })).status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const limited = await app.request('POST', '/api/email/test', { token, body: { type: 'welcome' } });
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({ success: false, sent: false, code: 'email_rate_limited' });
      expect(limited.body.error).toContain('Too many emails');
    });

    it('reports the SMTP configuration and outbox counts', async () => {
      const { token } = await app.registerUser();
      await app.app.emailDelivery.deliverDue();
      const response = await app.request('GET', '/api/email/status', { token });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ scope: 'own', smtpConfigured: true, queued: 0, failed: 0 });
      expect(response.body.sent).toBeGreaterThan(0);
      expect(typeof response.body.lastDeliveredAt).toBe('string');
    });
  });

  describe('e-mail without SMTP_URL', () => {
    const app = useTestApp({ engine });

    it('keeps messages in the outbox and says so', async () => {
      const { token } = await app.registerUser({ language: 'pt-BR' });
      const response = await app.request('POST', '/api/email/resend-welcome', { token });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ success: true, sent: false });
      expect(response.body.message).toContain('SMTP_URL');
      const status = await app.request('GET', '/api/email/status', { token });
      expect(status.body).toEqual({
        scope: 'own',
        smtpConfigured: false,
        queued: 3,
        sent: 0,
        failed: 0,
        lastError: null,
        lastFailedAt: null,
        lastDeliveredAt: null,
      });
      expect(await app.app.emailDelivery.deliverDue()).toMatchObject({ smtpConfigured: false, claimed: 0 });
    });
  });
  describe('e-mail status scope', () => {
    let smtp: SmtpPeer;
    let app: TestApp;
    beforeAll(async () => {
      smtp = await startSmtpPeer();
      app = await startTestApp({ engine, env: { SMTP_URL: smtp.url, APP_URL: 'https://farol.example' } });
    });
    afterAll(async () => {
      await app.close();
      await smtp.close();
    });

    it('shows a normal user only their own messages and no raw SMTP text, and an admin the whole outbox', async () => {
      const admin = await app.registerUser();
      await app.makeAdmin(admin.user.id);
      await app.app.emailDelivery.deliverDue();
      smtp.refuse(true);
      const ana = await app.registerUser({ language: 'en' });
      const bruno = await app.registerUser({ email: `bruno-${Date.now()}@secret-host.example` });
      await app.app.emailDelivery.deliverDue();
      smtp.refuse(false);
      expect(
        (await app.request('POST', '/api/email/resend-welcome', { token: ana.token })).body,
      ).toMatchObject({
        sent: true,
      });

      const own = await app.request('GET', '/api/email/status', { token: ana.token });
      expect(own.status).toBe(200);
      const anaQueued = own.body.queued;
      expect(own.body).toMatchObject({
        scope: 'own',
        smtpConfigured: true,
        sent: 1,
        failed: 0,
        lastError: null,
      });
      expect(anaQueued).toBeGreaterThanOrEqual(1);
      expect(typeof own.body.lastFailedAt).toBe('string');
      expect(typeof own.body.lastDeliveredAt).toBe('string');
      expect(own.text).not.toContain('451');
      expect(own.text).not.toContain('secret-host');

      const site = await app.request('GET', '/api/email/status', { token: admin.token });
      expect(site.body).toMatchObject({ scope: 'site', smtpConfigured: true, failed: 0 });
      expect(site.body.queued).toBeGreaterThan(anaQueued);
      expect(site.body.sent).toBeGreaterThan(1);
      expect(site.body.lastError).toContain('451');

      const brunoOwn = await app.request('GET', '/api/email/status', { token: bruno.token });
      expect(brunoOwn.body).toMatchObject({ scope: 'own', sent: 0, lastError: null, lastDeliveredAt: null });
    });
  });
});

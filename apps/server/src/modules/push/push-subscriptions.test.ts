import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { forEachEngine, useTestApp, type TestApp } from '../../test/harness.ts';
import { startSmtpPeer, type SmtpPeer } from '../../test/stubs/smtp-stub.ts';

/** A browser's PushSubscription JSON at Google's push service (keys of the right shape). */
const fcmSubscription = () => ({
  endpoint: `https://fcm.googleapis.com/fcm/send/${crypto.randomBytes(12).toString('hex')}`,
  keys: {
    p256dh: crypto.createECDH('prime256v1').generateKeys().toString('base64url'),
    auth: crypto.randomBytes(16).toString('base64url'),
  },
});

const accessNotices = (t: TestApp, userId: string) =>
  selectRows<{ data: { kind: string; label: string } }>(
    t.database.db,
    sql`select data from email_outbox where user_id = ${userId} and template = 'access-added' order by created_at`,
  );

forEachEngine((engine) => {
  describe("the user's push subscriptions", () => {
    let smtp: SmtpPeer;
    beforeAll(async () => {
      smtp = await startSmtpPeer();
    });
    afterAll(async () => smtp.close());
    const t = useTestApp(() => ({ engine, env: { SMTP_URL: smtp.url, APP_URL: 'https://farol.example' } }));

    it('needs a verified address to add a browser (translated 403, nothing stored)', async () => {
      const account = await t.registerUser({ verified: false, language: 'es' });
      const refused = await t.request('POST', '/api/push/subscriptions', {
        token: account.token,
        body: fcmSubscription(),
      });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        code: 'email_not_verified',
        message: 'Verifica tu correo primero: abre el enlace que te enviamos.',
      });
      const listed = await t.request('GET', '/api/push/subscriptions', { token: account.token });
      expect(listed.body.data).toEqual([]);
    });

    it('e-mails the owner each browser added, lists them newest first and removes one by id', async () => {
      const account = await t.registerUser({ language: 'en' });
      for (let index = 0; index < 2; index += 1) {
        const added = await t.request('POST', '/api/push/subscriptions', {
          token: account.token,
          body: fcmSubscription(),
        });
        expect(added.status).toBe(200);
      }
      expect(await accessNotices(t, account.user.id)).toEqual([
        { data: expect.objectContaining({ kind: 'push', label: 'fcm.googleapis.com' }) },
        { data: expect.objectContaining({ kind: 'push', label: 'fcm.googleapis.com' }) },
      ]);
      await t.app.emailDelivery.deliverDue();
      const mails = smtp.messages.filter((mail) => mail.envelopeTo.includes(account.email));
      const notice = mails.find((mail) => mail.subject === 'A new access was added to your Farol account');
      expect(notice?.text).toContain('Push notifications in a browser');
      expect(notice?.text).toContain('fcm.googleapis.com');
      expect(notice?.html).toContain('href="https://farol.example/settings"');
      const listed = await t.request('GET', '/api/push/subscriptions', { token: account.token });
      expect(listed.status).toBe(200);
      expect(listed.body.data).toEqual([
        { id: expect.any(String), host: 'fcm.googleapis.com', createdAt: expect.any(String) },
        { id: expect.any(String), host: 'fcm.googleapis.com', createdAt: expect.any(String) },
      ]);
      expect(listed.text).not.toContain('/fcm/send/');
      const [newest, oldest] = listed.body.data;

      const stranger = await t.registerUser();
      const foreign = await t.request('DELETE', `/api/push/subscriptions/${oldest.id}`, {
        token: stranger.token,
      });
      expect(foreign.status).toBe(404);
      const removed = await t.request('DELETE', `/api/push/subscriptions/${oldest.id}`, {
        token: account.token,
      });
      expect(removed.status).toBe(200);
      expect(removed.body.data).toEqual({ subscribed: false });
      const after = await t.request('GET', '/api/push/subscriptions', { token: account.token });
      expect(after.body.data.map((browser: { id: string }) => browser.id)).toEqual([newest.id]);
    });
  });
});

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { forEachEngine, useTestApp, type TestApp } from '../../test/harness.ts';

/**
 * What an intruder (or whoever registered the address first) could have left in an account: an API token
 * made through the API, and a Telegram link, a push subscription, a webhook and an alert queued to the push
 * endpoint, written straight to the tables (their own routes have their own tests).
 */
async function accountWithAddedAccess(t: TestApp) {
  const account = await t.registerUser();
  await t.setPlan(account.user.id, 'profissional');
  const created = await t.request('POST', '/api/user/api-tokens', {
    token: account.token,
    body: { name: 'intruso' },
  });
  expect(created.status).toBe(201);
  const userId = account.user.id;
  const endpoint = `https://fcm.googleapis.com/fcm/send/${userId}`;
  await t.database.db.execute(sql`
    insert into telegram_links (user_id, chat_id, linked_at) values (${userId}, ${`chat-${userId}`}, now())`);
  await t.database.db.execute(sql`
    insert into push_subscriptions (user_id, endpoint, p256dh, auth) values (${userId}, ${endpoint}, 'k', 'a')`);
  await t.database.db.execute(sql`
    insert into webhooks (user_id, url, events, secret_encrypted)
    values (${userId}, 'https://intruso.example/hook', array['alert.triggered'], 'x')`);
  await t.database.db.execute(sql`
    insert into email_outbox (user_id, channel, to_address, template, language, data)
    values (${userId}, 'push', ${endpoint}, 'alert-triggered', 'pt-BR', '{}'::jsonb)`);
  return { ...account, apiToken: created.body.data.token as string };
}

/** How many of each added access the account still has. */
async function remainingAccess(t: TestApp, userId: string) {
  const [row] = await selectRows<Record<string, number>>(
    t.database.db,
    sql`select
      (select count(*)::int from api_tokens where user_id = ${userId}) as "apiTokens",
      (select count(*)::int from telegram_links where user_id = ${userId}) as "telegram",
      (select count(*)::int from push_subscriptions where user_id = ${userId}) as "push",
      (select count(*)::int from webhooks where user_id = ${userId}) as "webhooks",
      (select count(*)::int from email_outbox where user_id = ${userId} and channel <> 'email') as "queued"`,
  );
  return row;
}

const nothingLeft = { apiTokens: 0, telegram: 0, push: 0, webhooks: 0, queued: 0 };
const everythingLeft = { apiTokens: 1, telegram: 1, push: 1, webhooks: 1, queued: 1 };

forEachEngine((engine) => {
  describe('recovering an account', () => {
    const t = useTestApp({ engine, env: { APP_URL: 'https://farol.example' } });

    it('removes API tokens, the Telegram link, push subscriptions and webhooks on a password reset', async () => {
      const account = await accountWithAddedAccess(t);
      expect(await remainingAccess(t, account.user.id)).toEqual(everythingLeft);
      await t.request('POST', '/api/auth/forgot-password', { body: { email: account.email } });
      const [mail] = await selectRows<{ url: string }>(
        t.database.db,
        sql`select data->>'resetUrl' as url from email_outbox
            where user_id = ${account.user.id} and template = 'password-reset'`,
      );
      const resetToken = new URL(mail!.url).searchParams.get('token');
      const reset = await t.request('POST', '/api/auth/reset-password', {
        body: { token: resetToken, password: 'novaSenha9' },
      });
      expect(reset.status).toBe(200);
      expect(await remainingAccess(t, account.user.id)).toEqual(nothingLeft);
      expect((await t.request('GET', '/api/alerts', { token: account.apiToken })).status).toBe(401);
    });

    it('removes them all on "sign out everywhere"', async () => {
      const account = await accountWithAddedAccess(t);
      const out = await t.request('POST', '/api/auth/logout-all', { token: account.token });
      expect(out.status).toBe(200);
      expect(await remainingAccess(t, account.user.id)).toEqual(nothingLeft);
    });

    it('removes them on a password change only when asked to', async () => {
      const kept = await accountWithAddedAccess(t);
      const plain = await t.request('PUT', '/api/user/change-password', {
        token: kept.token,
        body: { currentPassword: kept.password, newPassword: 'novaSenha9' },
      });
      expect(plain.status).toBe(200);
      expect(await remainingAccess(t, kept.user.id)).toEqual(everythingLeft);

      const cleared = await accountWithAddedAccess(t);
      const changed = await t.request('PUT', '/api/user/change-password', {
        token: cleared.token,
        body: { currentPassword: cleared.password, newPassword: 'novaSenha9', removeAccess: true },
      });
      expect(changed.status).toBe(200);
      expect(await remainingAccess(t, cleared.user.id)).toEqual(nothingLeft);
    });
  });
});

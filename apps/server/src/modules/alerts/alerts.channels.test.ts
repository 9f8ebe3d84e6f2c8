import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { forEachEngine, useTestApp } from '../../test/harness.ts';
import { emptyMarketSnapshot } from './alerts.evaluation.ts';
import { checkAlertsAgainst, sendAlertDigests } from './alerts.service.ts';

forEachEngine((engine) => {
  describe('alert channels', () => {
    let clock = new Date('2025-04-01T12:00:00Z');
    const app = useTestApp({ engine, deps: { now: () => clock } });
    const context = () => ({ db: app.app.db, now: () => clock });
    const priceAt = (price: number) => ({ ...emptyMarketSnapshot(), prices: new Map([['BTC', price]]) });

    /** A user with all four channels set up: e-mail and push on, a subscribed browser, Telegram, a webhook. */
    async function userWithEveryChannel() {
      const { token, user } = await app.registerUser({ language: 'en' });
      const db = app.database.db;
      await db.execute(
        sql`update users set preferences = preferences || '{"emailAlerts": true, "pushNotifications": true}'::jsonb where id = ${user.id}`,
      );
      await db.execute(
        sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth) values (${user.id}, ${`https://push.example/${user.id}`}, 'key', 'auth')`,
      );
      await db.execute(
        sql`insert into telegram_links (user_id, chat_id, linked_at) values (${user.id}, ${`chat-${user.id}`}, now())`,
      );
      await db.execute(
        sql`insert into webhooks (user_id, url, events, secret_encrypted) values (${user.id}, 'https://hooks.example/farol', array['alert.fired'], 'x')`,
      );
      return { token, userId: user.id };
    }

    const createAlert = (token: string, extra: Record<string, unknown>) =>
      app.request('POST', '/api/alerts', {
        token,
        body: {
          name: 'BTC 100k',
          type: 'preco',
          coinSymbol: 'BTC',
          coinName: 'Bitcoin',
          currency: 'USD',
          conditions: { priceAbove: 100_000 },
          ...extra,
        },
      });

    const deliveredChannels = async (userId: string) =>
      (
        await selectRows<{ channel: string }>(
          app.database.db,
          sql`select channel from email_outbox where user_id = ${userId} and template in ('crypto-alert', 'alert.fired') order by channel`,
        )
      ).map((row) => row.channel);

    const fireAbove = async () => {
      clock = new Date(clock.getTime() + 60_000);
      await checkAlertsAgainst(context(), priceAt(99_000));
      clock = new Date(clock.getTime() + 60_000);
      await checkAlertsAgainst(context(), priceAt(101_000));
    };

    it('delivers a firing on every channel set up when the alert chose none', async () => {
      const { token, userId } = await userWithEveryChannel();
      const created = await createAlert(token, {});
      expect(created.status).toBe(201);
      expect(created.body.data.channels).toBeUndefined();
      await fireAbove();
      expect(await deliveredChannels(userId)).toEqual(['email', 'push', 'telegram', 'webhook']);
    });

    it('delivers only on the channels the alert chose, stored each once in order', async () => {
      const { token, userId } = await userWithEveryChannel();
      const created = await createAlert(token, { channels: ['webhook', 'telegram', 'webhook'] });
      expect(created.status).toBe(201);
      expect(created.body.data.channels).toEqual(['telegram', 'webhook']);
      const listed = (await app.request('GET', '/api/alerts', { token })).body.data;
      expect(listed[0].channels).toEqual(['telegram', 'webhook']);
      await fireAbove();
      expect(await deliveredChannels(userId)).toEqual(['telegram', 'webhook']);
      // the daily digest is an e-mail: an alert that left e-mail out is not in it
      clock = new Date(clock.getTime() + 60_000);
      await sendAlertDigests(context());
      const digests = await selectRows<{ id: string }>(
        app.database.db,
        sql`select id from email_outbox where user_id = ${userId} and template = 'digest'`,
      );
      expect(digests).toEqual([]);
    });

    it('refuses an empty or unknown channel list with a translated 400 and stores nothing', async () => {
      const { token } = await userWithEveryChannel();
      const empty = await createAlert(token, { channels: [] });
      expect(empty.status).toBe(400);
      expect(JSON.stringify(empty.body)).toContain('Choose at least one channel.');
      const unknown = await createAlert(token, { channels: ['sms'] });
      expect(unknown.status).toBe(400);
      expect(JSON.stringify(unknown.body)).toContain('Choose e-mail, push, Telegram or webhook.');
      expect((await app.request('GET', '/api/alerts', { token })).body.data).toEqual([]);
    });
  });
});

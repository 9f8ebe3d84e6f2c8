import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { checkBtcPrices, createTestClock, createTopoAlert } from '../../test/alert-firing.ts';
import { forEachEngine, startTestApp, type TestApp } from '../../test/harness.ts';
import { startTelegramStub, type TelegramStub } from '../../test/stubs/telegram-stub.ts';

const BOT_TOKEN = '123456:test-bot-token';

forEachEngine((engine) => {
  describe('alerts in Telegram', () => {
    let t: TestApp;
    let telegram: TelegramStub;
    const clock = createTestClock();
    let nextChat = 5_000;
    beforeAll(async () => {
      telegram = await startTelegramStub();
      t = await startTestApp({
        engine,
        env: {
          TELEGRAM_BOT_TOKEN: BOT_TOKEN,
          TELEGRAM_API_BASE: telegram.url,
          APP_URL: 'https://farol.example',
        },
        deps: { now: clock.now },
      });
    });
    afterAll(async () => {
      await t.close();
      await telegram.close();
    });

    const update = (
      text: string,
      chatId: number,
      secret: string | undefined = t.app.telegram.webhookSecret,
    ) =>
      t.request('POST', '/api/telegram/webhook', {
        body: {
          update_id: 1,
          message: {
            message_id: 1,
            chat: { id: chatId, type: 'private' },
            from: { language_code: 'pt-br' },
            text,
          },
        },
        headers: secret ? { 'x-telegram-bot-api-secret-token': secret } : {},
      });
    const fire = (prices: number[]) => checkBtcPrices(t, clock, prices);
    async function linkedUser(language: string) {
      const account = await t.registerUser({ language });
      const chatId = (nextChat += 1);
      const link = await t.request('POST', '/api/telegram/link', { token: account.token });
      expect((await update(`/start ${link.body.data.code}`, chatId)).status).toBe(200);
      await createTopoAlert(t, account.token);
      return { ...account, chatId };
    }

    it('sets its webhook with the shared secret at start-up', () => {
      const setWebhook = telegram.calls.find((call) => call.method === 'setWebhook');
      expect(setWebhook?.token).toBe(BOT_TOKEN);
      expect(setWebhook?.body).toEqual({
        url: 'https://farol.example/api/telegram/webhook',
        secret_token: t.app.telegram.webhookSecret,
        allowed_updates: ['message'],
      });
    });

    it('links a chat with a one-time code sent as /start, and says so in the chat', async () => {
      const { token } = await t.registerUser({ language: 'pt-BR' });
      expect((await t.request('GET', '/api/telegram', { token })).body.data).toEqual({
        configured: true,
        linked: false,
        botUsername: 'FarolAlertasBot',
      });
      const link = await t.request('POST', '/api/telegram/link', { token });
      expect(link.body.data.code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
      expect(link.body.data.url).toBe(`https://t.me/FarolAlertasBot?start=${link.body.data.code}`);

      expect((await update(`/start ${link.body.data.code}`, 4242, 'wrong-secret')).status).toBe(403);
      expect((await t.request('GET', '/api/telegram', { token })).body.data.linked).toBe(false);
      expect((await update(`/start ${link.body.data.code}`, 4242)).status).toBe(200);
      expect((await t.request('GET', '/api/telegram', { token })).body.data.linked).toBe(true);
      expect(telegram.sentTo(4242)).toEqual([
        'Pronto! Este chat está ligado à sua conta do Farol: seus alertas chegam aqui.',
      ]);
      // a code works once
      await update(`/start ${link.body.data.code}`, 4343);
      expect(telegram.sentTo(4343)[0]).toMatch(/^Este código não vale mais/);
    });

    it('refuses a code after 15 minutes', async () => {
      const { token } = await t.registerUser();
      const link = await t.request('POST', '/api/telegram/link', { token });
      clock.advance(16 * 60_000);
      await update(`/start ${link.body.data.code}`, 4444);
      expect((await t.request('GET', '/api/telegram', { token })).body.data.linked).toBe(false);
      expect(telegram.sentTo(4444)[0]).toMatch(/^Este código não vale mais/);
    });

    it('answers 200 and says so in the chat when a chat linked to another account sends a code, keeping both as they were', async () => {
      const first = await linkedUser('pt-BR');
      const second = await t.registerUser({ language: 'en' });
      const link = await t.request('POST', '/api/telegram/link', { token: second.token });
      const answer = await update(`/start ${link.body.data.code}`, first.chatId);
      expect(answer.status).toBe(200);
      expect(telegram.sentTo(first.chatId).at(-1)).toBe(
        'Este chat já está ligado a outra conta do Farol. Desligue-o nas Configurações daquela conta e envie o código de novo.',
      );
      expect((await t.request('GET', '/api/telegram', { token: first.token })).body.data.linked).toBe(true);
      expect((await t.request('GET', '/api/telegram', { token: second.token })).body.data.linked).toBe(false);
      // the code stays good for a chat of its own
      const ownChat = (nextChat += 1);
      expect((await update(`/start ${link.body.data.code}`, ownChat)).status).toBe(200);
      expect((await t.request('GET', '/api/telegram', { token: second.token })).body.data.linked).toBe(true);
    });

    it('makes link codes only for a verified address, and e-mails the owner which Telegram account linked', async () => {
      const unverified = await t.registerUser({ verified: false, language: 'en' });
      const refused = await t.request('POST', '/api/telegram/link', { token: unverified.token });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        code: 'email_not_verified',
        message: 'Verify your email first: open the link we sent to it.',
      });

      const account = await t.registerUser();
      const link = await t.request('POST', '/api/telegram/link', { token: account.token });
      const linked = await t.request('POST', '/api/telegram/webhook', {
        body: {
          update_id: 2,
          message: {
            message_id: 2,
            chat: { id: 7070, type: 'private' },
            from: { language_code: 'pt-br', username: 'quem_ligou' },
            text: `/start ${link.body.data.code}`,
          },
        },
        headers: { 'x-telegram-bot-api-secret-token': t.app.telegram.webhookSecret! },
      });
      expect(linked.status).toBe(200);
      const notices = await selectRows<{ to_address: string; data: { kind: string; label: string } }>(
        t.database.db,
        sql`select to_address, data from email_outbox where user_id = ${account.user.id} and template = 'access-added'`,
      );
      expect(notices).toEqual([
        {
          to_address: account.email,
          data: expect.objectContaining({ kind: 'telegram', label: '@quem_ligou' }),
        },
      ]);
    });

    it('sends a fired alert to the linked chat through the outbox, in the user language', async () => {
      const user = await linkedUser('en');
      await fire([99_000, 100_900]);
      await t.app.telegram.deliverDue();
      const [text] = telegram.sentTo(user.chatId).slice(1);
      expect(text?.replace(/\s/g, ' ')).toBe(
        'Alert "Topo": BTC price above $100,000.00 Observed value: $100,900.00 https://farol.example/alerts',
      );
    });

    it('forgets a chat that blocked the bot, and waits what Telegram asks when it limits', async () => {
      const blocked = await linkedUser('pt-BR');
      const limited = await linkedUser('pt-BR');
      telegram.failures.set(String(blocked.chatId), {
        status: 403,
        description: 'Forbidden: bot was blocked by the user',
      });
      telegram.failures.set(String(limited.chatId), {
        status: 429,
        description: 'Too Many Requests',
        retryAfter: 30,
      });
      await fire([99_000, 101_000]);
      await t.app.telegram.deliverDue();
      expect((await t.request('GET', '/api/telegram', { token: blocked.token })).body.data.linked).toBe(
        false,
      );
      const rows = await selectRows<{ to_address: string; status: string; next_attempt_at: Date }>(
        t.database.db,
        sql`select to_address, status, next_attempt_at from email_outbox where channel = 'telegram' and to_address in (${String(blocked.chatId)}, ${String(limited.chatId)})`,
      );
      const byChat = Object.fromEntries(rows.map((row) => [row.to_address, row]));
      expect(byChat[String(blocked.chatId)]!.status).toBe('failed');
      expect(byChat[String(limited.chatId)]!.status).toBe('pending');
      expect(new Date(byChat[String(limited.chatId)]!.next_attempt_at).getTime()).toBe(
        clock.now().getTime() + 30_000,
      );
    });

    it('unlinks from settings with a translated message', async () => {
      const user = await linkedUser('es');
      const unlinked = await t.request('DELETE', '/api/telegram/link', {
        token: user.token,
        headers: { 'accept-language': 'es' },
      });
      expect(unlinked.body.message).toBe('Telegram desconectado. Las alertas ya no van allí.');
      await fire([99_000, 101_000]);
      await t.app.telegram.deliverDue();
      expect(telegram.sentTo(user.chatId)).toHaveLength(1);
    });
  });

  describe('without a bot', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ engine });
    });
    afterAll(async () => {
      await t.close();
    });

    it('says Telegram is not set up and refuses to make codes with 503', async () => {
      const { token } = await t.registerUser({ language: 'en' });
      expect((await t.request('GET', '/api/telegram', { token })).body.data).toEqual({
        configured: false,
        linked: false,
        botUsername: null,
      });
      const link = await t.request('POST', '/api/telegram/link', {
        token,
        headers: { 'accept-language': 'en' },
      });
      expect(link.status).toBe(503);
      expect(link.body).toMatchObject({
        code: 'telegram_unavailable',
        message: 'Telegram is not available right now. Try again later.',
      });
    });
  });
});

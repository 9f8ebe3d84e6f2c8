import { sql } from 'drizzle-orm';
import { formatPrice } from '@farol/i18n/format';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { forEachEngine, useTestApp } from '../../test/harness.ts';
import { renderEmail } from '../email/templates/email-templates.ts';
import { emptyMarketSnapshot, type MarketSnapshot } from './alerts.evaluation.ts';
import { checkAlertsAgainst, sendAlertDigests } from './alerts.service.ts';

/** BTC at `usd` dollars and `brl` reais at once. */
const btc = (usd: number, brl: number): MarketSnapshot => ({
  ...emptyMarketSnapshot(),
  prices: new Map([['BTC', usd]]),
  pricesBrl: new Map([['BTC', brl]]),
});

forEachEngine((engine) => {
  describe('alerts in the currency they were set in', () => {
    let clock = new Date('2025-04-01T12:00:00Z');
    const app = useTestApp({ engine, deps: { now: () => clock } });
    const check = async (snapshot: MarketSnapshot) => {
      clock = new Date(clock.getTime() + 10 * 60_000);
      return checkAlertsAgainst({ db: app.app.db, now: () => clock }, snapshot);
    };
    const alertBody = (conditions: Record<string, number>, extra: Record<string, unknown> = {}) => ({
      name: 'BTC acima de R$ 600.000',
      type: 'preco',
      coinSymbol: 'BTC',
      coinName: 'Bitcoin',
      conditions,
      ...extra,
    });

    it('stores the account’s currency by default and the one sent when sent; refuses an unknown one', async () => {
      const portuguese = await app.registerUser({ language: 'pt-BR' });
      const english = await app.registerUser({ language: 'en' });
      const create = (token: string, extra: Record<string, unknown> = {}) =>
        app.request('POST', '/api/alerts', { token, body: alertBody({ priceAbove: 600_000 }, extra) });
      expect((await create(portuguese.token)).body.data.currency).toBe('BRL');
      expect((await create(english.token)).body.data.currency).toBe('USD');
      expect((await create(portuguese.token, { currency: 'USD' })).body.data.currency).toBe('USD');
      const bad = await create(english.token, { currency: 'EUR' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0]).toEqual({ field: 'currency', message: 'Unknown currency: use BRL or USD.' });
      // the list says each alert's own currency, and the caller's display currency on top
      const list = await app.request('GET', '/api/alerts', { token: portuguese.token });
      expect(list.body.currency).toBe('BRL');
      expect(list.body.data.map((alert: { currency: string }) => alert.currency).sort()).toEqual([
        'BRL',
        'USD',
      ]);
    });

    it('fires "BTC acima de R$ 600.000" on the BRL price, never on the dollar number, and mails it in reais', async () => {
      const { token, user } = await app.registerUser({ language: 'pt-BR' });
      const created = await app.request('POST', '/api/alerts', {
        token,
        body: alertBody({ priceAbove: 600_000 }, { currency: 'BRL' }),
      });
      expect(created.status).toBe(201);
      // the owner switches the display to dollars: the alert keeps its reais
      await app.request('PUT', '/api/user/preferences', { token, body: { currency: 'USD' } });

      await check(btc(110_000, 590_000));
      let events = await app.request('GET', '/api/alerts/events', { token });
      expect(events.body.data).toHaveLength(0);

      await check(btc(110_000, 610_000));
      events = await app.request('GET', '/api/alerts/events', { token });
      expect(events.body.data).toHaveLength(1);
      expect(events.body.data[0]).toMatchObject({
        condition: 'priceAbove',
        observedValue: 610_000,
        threshold: 600_000,
        currency: 'BRL',
      });

      const [email] = await selectRows<{ data: Record<string, unknown> }>(
        app.database.db,
        sql`select data from email_outbox where user_id = ${user.id} and template = 'crypto-alert'`,
      );
      expect(email!.data.currency).toBe('BRL');
      const rendered = renderEmail('crypto-alert', 'pt-BR', email!.data, { appUrl: 'https://farol.example' });
      // "R$ 610.000,00" (Intl puts a no-break space after the sign)
      expect(formatPrice(610_000, 'pt-BR', 'BRL')).toBe('R$\u00a0610.000,00');
      expect(rendered.text).toContain(formatPrice(610_000, 'pt-BR', 'BRL'));
      expect(rendered.text).toContain(formatPrice(600_000, 'pt-BR', 'BRL'));
      expect(rendered.text).not.toContain('US$');

      clock = new Date(clock.getTime() + 3_600_000);
      await sendAlertDigests({ db: app.app.db, now: () => clock });
      const [digest] = await selectRows<{ data: Record<string, unknown> }>(
        app.database.db,
        sql`select data from email_outbox where user_id = ${user.id} and template = 'digest'`,
      );
      const digestText = renderEmail('digest', 'pt-BR', digest!.data, {
        appUrl: 'https://farol.example',
      }).text;
      expect(digestText).toContain(formatPrice(610_000, 'pt-BR', 'BRL'));
    });

    it('keeps a dollar alert on the dollar price', async () => {
      const { token } = await app.registerUser({ language: 'pt-BR' });
      await app.request('POST', '/api/alerts', {
        token,
        body: alertBody({ priceAbove: 100_000 }, { currency: 'USD' }),
      });
      await check(btc(99_000, 600_000));
      expect((await app.request('GET', '/api/alerts/events', { token })).body.data).toHaveLength(0);
      await check(btc(101_000, 500_000));
      const events = await app.request('GET', '/api/alerts/events', { token });
      expect(events.body.data).toMatchObject([{ observedValue: 101_000, currency: 'USD' }]);
    });
  });
});

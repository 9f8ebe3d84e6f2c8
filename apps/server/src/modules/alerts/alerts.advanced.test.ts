import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { forEachEngine, useTestApp, type TestApp } from '../../test/harness.ts';
import { startMarketStub, type MarketStub } from '../../test/stubs/market-stub.ts';
import { renderEmail } from '../email/templates/email-templates.ts';
import type { Candle } from '../market/market.types.ts';
import { emptyMarketSnapshot, type MarketSnapshot, type SignalSnapshot } from './alerts.evaluation.ts';
import { hourChangePercent, readMarketSnapshot } from './alerts.market.ts';
import { checkAlertsAgainst } from './alerts.service.ts';

type Step = {
  change1h?: number;
  change24h?: number;
  price?: number;
  signal?: Partial<SignalSnapshot>;
};

const neutral: SignalSnapshot = { signal: 'neutral', strength: 5, supports: [95], resistances: [105] };

const snapshot = (step: Step): MarketSnapshot => {
  const value = emptyMarketSnapshot();
  if (step.price !== undefined) value.prices.set('BTC', step.price);
  if (step.change1h !== undefined) value.priceChanges['1h'].set('BTC', step.change1h);
  if (step.change24h !== undefined) value.priceChanges['24h'].set('BTC', step.change24h);
  if (step.signal) value.signals.set('BTC', { ...neutral, ...step.signal });
  return value;
};

const HOUR_MS = 3_600_000;

forEachEngine((engine) => {
  describe('advanced alerts', () => {
    let clock = new Date('2025-04-01T12:00:00Z');
    const app = useTestApp({ engine, deps: { now: () => clock } });
    const context = () => ({ db: app.app.db, now: () => clock });
    // checks an alert's cooldown apart, so each crossing these tests make may fire
    const tick = () => {
      clock = new Date(clock.getTime() + 15 * 60_000);
    };

    async function profissional(language: 'pt-BR' | 'en' | 'es') {
      const registered = await app.registerUser({ language });
      await app.setPlan(registered.user.id, 'profissional');
      return registered;
    }
    async function createAdvancedAlert(token: string, conditions: Record<string, unknown>) {
      const response = await app.request('POST', '/api/alerts', {
        token,
        body: { name: 'BTC avançado', type: 'avancado', coinSymbol: 'BTC', coinName: 'Bitcoin', conditions },
      });
      expect(response.status).toBe(201);
      return response.body.data.id as string;
    }
    /** Runs the steps; answers the indexes of the steps that fired, and the user's events, newest first. */
    async function runSteps(token: string, id: string, steps: Step[]) {
      const firedAt: number[] = [];
      const triggeredCount = async () =>
        (await app.request('GET', '/api/alerts', { token })).body.data.find(
          (alert: { id: string }) => alert.id === id,
        ).triggeredCount as number;
      let count = await triggeredCount();
      // other tests' alerts are active too and may fire on the same snapshot: only this alert's count counts
      for (const [index, step] of steps.entries()) {
        tick();
        await checkAlertsAgainst(context(), snapshot(step));
        const now = await triggeredCount();
        if (now > count) firedAt.push(index);
        count = now;
      }
      const events = (await app.request('GET', '/api/alerts/events', { token })).body.data;
      return { firedAt, events: events.filter((event: { alertId: string }) => event.alertId === id) };
    }
    const queuedAlertEmails = (userId: string) =>
      selectRows<{ language: string; data: Record<string, unknown> }>(
        app.database.db,
        sql`select language, data from email_outbox where user_id = ${userId} and template = 'crypto-alert' order by created_at`,
      );

    it('fires a 1 h change once per crossing, up or down, and says so in the e-mail in pt-BR', async () => {
      const { token, user } = await profissional('pt-BR');
      const id = await createAdvancedAlert(token, { changeAbovePercent: 5, changeWindow: '1h' });
      const { firedAt, events } = await runSteps(token, id, [
        { change1h: 2, change24h: 9 },
        { change1h: 5 },
        { change1h: -6.5 },
        { change1h: -7 },
        {},
        { change1h: 1 },
        { change1h: 5.25 },
      ]);
      expect(firedAt).toEqual([2, 6]);
      expect(events.map((event: { observedValue: number }) => event.observedValue)).toEqual([5.25, -6.5]);
      expect(events[1]).toMatchObject({
        condition: 'changeAbovePercent',
        threshold: 5,
        detail: { window: '1h' },
      });
      const [fell, rose] = await queuedAlertEmails(user.id);
      const fellText = renderEmail('crypto-alert', 'pt-BR', fell!.data, { appUrl: 'https://farol.example' });
      expect(fellText.subject).toContain('preço caiu 6,50% em 1 h (mais de 5,00%)');
      expect(fellText.text).toContain('-6,50%');
      const roseText = renderEmail('crypto-alert', 'pt-BR', rose!.data, { appUrl: 'https://farol.example' });
      expect(roseText.text).toContain('preço subiu 5,25% em 1 h');
    });

    it('fires a 24 h change on the coin list change, not on the 1 h one', async () => {
      const { token } = await profissional('en');
      const id = await createAdvancedAlert(token, { changeAbovePercent: 10, changeWindow: '24h' });
      const { firedAt, events } = await runSteps(token, id, [
        { change1h: 12, change24h: 3 },
        { change24h: 10 },
        { change24h: 10.5 },
        { change24h: -11 },
      ]);
      expect(firedAt).toEqual([2]);
      expect(events[0]).toMatchObject({ observedValue: 10.5, detail: { window: '24h' } });
    });

    it('fires when the signal enters the buy side, once, and again after it left it', async () => {
      const { token, user } = await profissional('en');
      const id = await createAdvancedAlert(token, { signalTurns: 'buy' });
      const { firedAt, events } = await runSteps(token, id, [
        { signal: { signal: 'neutral', strength: 10 } },
        { signal: { signal: 'sell', strength: 20 } },
        { signal: { signal: 'buy', strength: 18 } },
        { signal: { signal: 'strong_buy', strength: 50 } },
        {},
        { signal: { signal: 'neutral', strength: 3 } },
        { signal: { signal: 'strong_buy', strength: 47 } },
      ]);
      expect(firedAt).toEqual([2, 6]);
      expect(events.map((event: { detail: unknown }) => event.detail)).toEqual([
        { signal: 'strong_buy' },
        { signal: 'buy' },
      ]);
      expect(events[1]).toMatchObject({ condition: 'signalTurns', observedValue: 18, threshold: 15 });
      const [first] = await queuedAlertEmails(user.id);
      const rendered = renderEmail('crypto-alert', 'en', first!.data, { appUrl: 'https://farol.example' });
      expect(rendered.subject).toContain('signal turned to buy');
    });

    it('fires on the sell side for a sell alert only', async () => {
      const { token } = await profissional('es');
      const id = await createAdvancedAlert(token, { signalTurns: 'sell' });
      const { firedAt } = await runSteps(token, id, [
        { signal: { signal: 'strong_buy' } },
        { signal: { signal: 'neutral' } },
        { signal: { signal: 'strong_sell' } },
        { signal: { signal: 'sell' } },
      ]);
      expect(firedAt).toEqual([2]);
    });

    it('fires when the price crosses below the nearest support, recording the level, and re-arms on new levels', async () => {
      const { token, user } = await profissional('en');
      const id = await createAdvancedAlert(token, { levelCross: 'support' });
      const { firedAt, events } = await runSteps(token, id, [
        { price: 100, signal: { supports: [95, 90] } },
        { price: 95, signal: { supports: [95, 90] } },
        { price: 94.5, signal: { supports: [95, 90] } },
        { price: 93, signal: { supports: [95, 90] } },
        { price: 93 },
        // the next 1h close: the engine's nearest support is now below the price, so the alert re-arms
        { price: 93, signal: { supports: [91, 88] } },
        { price: 90.8, signal: { supports: [91, 88] } },
      ]);
      expect(firedAt).toEqual([2, 6]);
      expect(events[1]).toMatchObject({
        condition: 'levelCross',
        observedValue: 94.5,
        threshold: 95,
        detail: { side: 'support' },
      });
      const [first] = await queuedAlertEmails(user.id);
      const rendered = renderEmail('crypto-alert', 'en', first!.data, { appUrl: 'https://farol.example' });
      expect(rendered.subject).toContain('price crossed below the support at $95.00');
      const inPortuguese = renderEmail('crypto-alert', 'pt-BR', first!.data, { appUrl: 'https://x.example' });
      expect(inPortuguese.text).toContain('preço cruzou abaixo do suporte em US$');
    });

    it('fires when the price crosses above the nearest resistance', async () => {
      const { token } = await profissional('en');
      const id = await createAdvancedAlert(token, { levelCross: 'resistance' });
      const { firedAt, events } = await runSteps(token, id, [
        { price: 100, signal: { resistances: [105] } },
        { price: 105, signal: { resistances: [105] } },
        { price: 106, signal: { resistances: [105] } },
      ]);
      expect(firedAt).toEqual([2]);
      expect(events[0]).toMatchObject({ threshold: 105, detail: { side: 'resistance' } });
    });
  });
});

describe('the 1 h change', () => {
  const candle = (closeTime: number, close: number): Candle => ({
    openTime: closeTime - HOUR_MS,
    open: close,
    high: close,
    low: close,
    close,
    volume: 1,
  });
  const top = Date.parse('2025-04-01T12:00:00Z');

  it('compares the live price with the price an hour ago, between the two hourly closes around it', () => {
    const candles = [candle(top - 2 * HOUR_MS, 90), candle(top - HOUR_MS, 100), candle(top, 110)];
    expect(hourChangePercent(candles, 110, top)).toBeCloseTo(10, 9);
    // 15 minutes past the hour: an hour ago lies a quarter of the way from the 11:00 close to the 12:00 one
    expect(hourChangePercent(candles, 99, top + 15 * 60_000)).toBeCloseTo((99 / 102.5 - 1) * 100, 9);
  });

  it('is unknown when the candles stop before an hour ago', () => {
    const candles = [candle(top - 3 * HOUR_MS, 90), candle(top - 2 * HOUR_MS, 100)];
    expect(hourChangePercent(candles, 100, top + 30 * 60_000)).toBeUndefined();
    expect(hourChangePercent([], 100, top)).toBeUndefined();
  });
});

forEachEngine((engine) => {
  describe('alert checks on the live market', () => {
    let stub: MarketStub;
    beforeAll(async () => {
      stub = await startMarketStub();
    });
    afterAll(async () => stub?.close());
    const liveApp = useTestApp(() => ({ engine, env: { MARKET_DATA_SOURCE: 'live', ...stub.env } }));

    async function alertThatHolds(app: TestApp) {
      const { token, user } = await app.registerUser();
      await app.makeAdmin(user.id);
      const created = await app.request('POST', '/api/alerts', {
        token,
        body: {
          name: 'BTC acima de 1',
          type: 'preco',
          coinSymbol: 'BTC',
          coinName: 'Bitcoin',
          conditions: { priceAbove: 1 },
        },
      });
      expect(created.status).toBe(201);
      return { token, id: created.body.data.id as string };
    }

    it('checks the alerts after each market refresh, with no scheduled check', async () => {
      const { token, id } = await alertThatHolds(liveApp);
      await liveApp.app.market.refreshHotKeys();
      await liveApp.app.alertChecks.idle();
      const alerts = (await liveApp.request('GET', '/api/alerts', { token })).body.data;
      expect(alerts.find((alert: { id: string }) => alert.id === id).triggeredCount).toBe(1);
      await liveApp.app.market.refreshHotKeys();
      await liveApp.app.alertChecks.idle();
      const again = (await liveApp.request('GET', '/api/alerts', { token })).body.data;
      expect(again.find((alert: { id: string }) => alert.id === id).triggeredCount).toBe(1);
    });

    it('never runs two checks at once: a check asked for during one shares it', async () => {
      await alertThatHolds(liveApp);
      const first = liveApp.app.alertChecks.run();
      const second = liveApp.app.alertChecks.run();
      expect(second).toBe(first);
      expect((await first).marketAvailable).toBe(true);
    });

    it("reads an advanced alert's 24 h change from the coin list and its signal and levels from the engine", async () => {
      const snapshot = await readMarketSnapshot(
        { market: liveApp.app.market, signals: liveApp.app.signals, now: Date.now() },
        [{ type: 'avancado', coinSymbol: 'BTC', conditions: { changeWindow: '24h' } }],
      );
      expect(snapshot.prices.get('BTC')).toBeGreaterThan(0);
      expect(typeof snapshot.priceChanges['24h'].get('BTC')).toBe('number');
      const signal = snapshot.signals.get('BTC')!;
      expect(['strong_buy', 'buy', 'neutral', 'sell', 'strong_sell']).toContain(signal.signal);
      expect(signal.supports.every((level) => level > 0)).toBe(true);
    });
  });
});

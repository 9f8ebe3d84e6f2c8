import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { forEachEngine, startTestApp, type TestApp } from '../../test/harness.ts';
import { startMarketStub, type MarketStub } from '../../test/stubs/market-stub.ts';
import {
  signalChangedPayload,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../test/stubs/webhook-receiver-stub.ts';

// DOGE has a USDT pair in the recorded exchangeInfo; its candles replay ETH's real ones
const replayCandles = { DOGEUSDT: 'ETHUSDT' };

forEachEngine((engine) => {
  describe('signal.changed for coins beyond the ten', () => {
    let stub: MarketStub;
    let receiver: WebhookReceiver;
    let t: TestApp;
    // within the recorded candles for the signals; then the real time, when the queued event is due
    let now = Date.parse('2025-04-20T10:30:00Z');

    beforeAll(async () => {
      stub = await startMarketStub({ replayCandles });
      receiver = await startWebhookReceiver();
      t = await startTestApp({
        engine,
        env: { MARKET_DATA_SOURCE: 'live', ...stub.env, WEBHOOK_ALLOW_PRIVATE: 'true' },
        deps: { now: () => new Date(now) },
      });
    });
    afterAll(async () => {
      await t.close();
      await receiver.close();
      await stub.close();
    });

    it('follows a favourite with a pair: its class change reaches the webhook of who holds it', async () => {
      const account = await t.registerUser();
      await t.setPlan(account.user.id, 'profissional');
      const created = await t.request('POST', '/api/user/webhooks', {
        token: account.token,
        body: { url: `${receiver.url}/doge`, events: ['signal.changed'] },
      });
      expect(created.status).toBe(201);
      const favourite = await t.request('POST', '/api/crypto/toggle-favorite', {
        token: account.token,
        body: { coinId: 'dogecoin', coinName: 'Dogecoin', isFavorite: true },
      });
      expect(favourite.status).toBe(200);

      // the first check records every warm coin's class, DOGE's included
      await t.app.webhooks.checkSignals();
      const current = await t.app.signals.getReading('DOGE');
      const before = current.signal === 'buy' ? 'sell' : 'buy';
      const updated = await selectRows(
        t.app.db,
        sql`UPDATE signal_classes SET signal = ${before}, strength = 40 WHERE symbol = 'DOGE' RETURNING symbol`,
      );
      expect(updated).toHaveLength(1);

      expect(await t.app.webhooks.checkSignals()).toBe(1);
      now = Date.now();
      await t.app.webhooks.deliverDue();
      const deliveries = receiver.received.filter((delivery) => delivery.path === '/doge');
      expect(deliveries.map((delivery) => delivery.payload)).toEqual([
        signalChangedPayload({ symbol: 'DOGE', coinId: 'dogecoin', before, current: current.signal }),
      ]);
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forEachEngine, useTestApp } from '../../test/harness.ts';
import { startMarketStub, type MarketStub } from '../../test/stubs/market-stub.ts';

forEachEngine((engine) => {
  describe('admin job runs', () => {
    let admin: { token: string };
    let stub: MarketStub;
    beforeAll(async () => {
      stub = await startMarketStub();
    });
    afterAll(async () => stub?.close());
    // alerts act on live prices only: the recorded upstream answers stand in for the live market
    const app = useTestApp(() => ({ engine, env: { MARKET_DATA_SOURCE: 'live', ...stub.env } }));
    beforeAll(async () => {
      const registered = await app.registerUser({ language: 'en' });
      await app.makeAdmin(registered.user.id);
      admin = registered;
    });

    it('answers 403 to a non-admin and runs nothing', async () => {
      const { token } = await app.registerUser();
      const response = await app.request('POST', '/api/admin/jobs/alert-check/run', { token });
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('admin_required');
    });

    it('answers 404 for an unknown job', async () => {
      const response = await app.request('POST', '/api/admin/jobs/mine-bitcoin/run', { token: admin.token });
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ code: 'unknown_job', message: 'Unknown job: mine-bitcoin' });
    });

    it('checks alerts against the market service and says what fired', async () => {
      const { token } = await app.registerUser();
      // the fear-and-greed index is 0-100: "above 0" holds unless the market reads exactly 0
      await app.request('POST', '/api/alerts', {
        token,
        body: {
          name: 'any greed',
          type: 'sentimento',
          coinSymbol: 'BTC',
          coinName: 'Bitcoin',
          conditions: { fearGreedAbove: 0 },
        },
      });
      const first = await app.request('POST', '/api/admin/jobs/alert-check/run', { token: admin.token });
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({
        name: 'alert-check',
        result: { marketAvailable: true, checked: 1, fired: 1, emailsQueued: 1 },
      });
      const second = await app.request('POST', '/api/admin/jobs/alert-check/run', { token: admin.token });
      expect(second.body.data.result).toMatchObject({ checked: 1, fired: 0 });
      const events = await app.request('GET', '/api/alerts/events', { token });
      expect(events.body.data).toHaveLength(1);
      expect(events.body.data[0].observedValue).toBeGreaterThan(0);
    });

    it('runs the digest and the outbox delivery on demand', async () => {
      const digest = await app.request('POST', '/api/admin/jobs/alert-digest/run', { token: admin.token });
      expect(digest.body.data.result).toEqual({ users: 1, events: 1 });
      const delivery = await app.request('POST', '/api/admin/jobs/email-delivery/run', {
        token: admin.token,
      });
      expect(delivery.body.data.result).toEqual({
        smtpConfigured: false,
        claimed: 0,
        sent: 0,
        retrying: 0,
        failed: 0,
      });
      const refresh = await app.request('POST', '/api/admin/jobs/market-refresh/run', { token: admin.token });
      expect(refresh.status).toBe(200);
      expect(refresh.body.data.result.alerts).toMatchObject({ marketAvailable: true });
    });
  });
});

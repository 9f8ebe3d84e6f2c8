import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { createTestClock } from '../../test/alert-firing.ts';
import { forEachEngine, startTestApp, type TestApp } from '../../test/harness.ts';
import { claimDueEmails } from '../email/email.outbox.ts';
import { deliverDueWebhooks } from './webhooks.delivery.ts';
import { enqueueWebhookEvent } from './webhooks.service.ts';

const WEBHOOKS_URL = '/api/user/webhooks';

/**
 * A receiver on 127.0.0.1 whose behaviour each path chooses: `trickle` answers 200 and then one byte every
 * 20 ms for ever (never idle, never done), `hold` keeps the request open until `release`, `fail` answers 500;
 * any other path answers 204.
 */
async function startReceiver() {
  const requests: string[] = [];
  const held = new Set<http.ServerResponse>();
  const trickles = new Set<NodeJS.Timeout>();
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const path = request.url ?? '/';
      requests.push(path);
      if (path.startsWith('/trickle')) {
        response.writeHead(200, { 'content-type': 'text/plain' });
        const timer = setInterval(() => response.write('.'), 20);
        trickles.add(timer);
        response.on('close', () => clearInterval(timer));
      } else if (path.startsWith('/hold')) held.add(response);
      else response.writeHead(path.startsWith('/fail') ? 500 : 204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Answers every held request. */
    release: () => {
      for (const response of held) response.writeHead(204).end();
      held.clear();
    },
    close: async () => {
      for (const timer of trickles) clearInterval(timer);
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

forEachEngine((engine) => {
  describe('webhook deliveries under a slow or failing receiver', () => {
    let t: TestApp;
    let receiver: Receiver;
    const clock = createTestClock();
    beforeAll(async () => {
      receiver = await startReceiver();
      t = await startTestApp({
        engine,
        env: { WEBHOOK_ALLOW_PRIVATE: 'true', DELIVERY_DEADLINE_MS: '400', JOBS_ENABLED: 'false' },
        deps: { now: clock.now },
      });
    });
    afterAll(async () => {
      await t.close();
      await receiver.close();
    });

    async function userWithWebhook(path: string) {
      const account = await t.registerUser();
      await t.setPlan(account.user.id, 'profissional');
      const created = await t.request('POST', WEBHOOKS_URL, {
        token: account.token,
        body: { url: receiver.url + path, events: ['alert.fired'] },
      });
      expect(created.status).toBe(201);
      return { ...account, webhookId: created.body.data.id as string };
    }
    const queueTest = (webhookId: string, userId: string) =>
      enqueueWebhookEvent(t.app.db, { webhookId, userId, event: 'webhook.test', data: {} });
    const delivery = async (id: string) => {
      const [row] = await selectRows<{
        status: string;
        attempts: number;
        last_error: string | null;
        next_attempt_at: Date;
        locked_until: Date | null;
      }>(
        t.database.db,
        sql`SELECT status, attempts, last_error, next_attempt_at, locked_until FROM email_outbox WHERE id = ${id}`,
      );
      return {
        ...row!,
        next_attempt_at: new Date(row!.next_attempt_at),
        locked_until: row!.locked_until === null ? null : new Date(row!.locked_until),
      };
    };

    it('gives up on a receiver that trickles its answer, at the delivery deadline', async () => {
      const { webhookId, user } = await userWithWebhook(`/trickle/${engine}`);
      const id = await queueTest(webhookId, user.id);
      const report = await t.app.webhooks.deliverDue();
      expect(report).toMatchObject({ claimed: 1, retrying: 1 });
      expect(await delivery(id)).toMatchObject({
        status: 'pending',
        last_error: '[timeout] no complete answer within 0.4 s',
      });
    });

    it("delivers another user's event while one receiver holds its request open", async () => {
      const slow = await userWithWebhook(`/hold/${engine}`);
      const quick = await userWithWebhook(`/quick/${engine}`);
      const slowId = await queueTest(slow.webhookId, slow.user.id);
      const quickId = await queueTest(quick.webhookId, quick.user.id);
      const pass = t.app.webhooks.deliverDue();
      await vi.waitFor(
        async () => {
          expect(receiver.requests).toContain(`/quick/${engine}`);
          expect((await delivery(quickId)).status).toBe('sent');
        },
        { timeout: 5000, interval: 20 },
      );
      // the slow one is still in flight, and still reserved
      expect((await delivery(slowId)).status).toBe('sending');
      receiver.release();
      await pass;
    });

    it('retries a failed delivery after 1 min, 5 min, 30 min, 2 h and 12 h, then gives up', async () => {
      const { webhookId, user } = await userWithWebhook(`/fail/schedule-${engine}`);
      const id = await queueTest(webhookId, user.id);
      const delays: number[] = [];
      for (let attempt = 0; attempt < 6; attempt += 1) {
        await t.app.webhooks.deliverDue();
        const row = await delivery(id);
        expect(row.attempts).toBe(attempt + 1);
        if (row.status === 'failed') break;
        delays.push(row.next_attempt_at.getTime() - clock.now().getTime());
        clock.advance(row.next_attempt_at.getTime() - clock.now().getTime());
      }
      expect(delays).toEqual([60_000, 300_000, 1_800_000, 7_200_000, 43_200_000]);
      expect((await delivery(id)).status).toBe('failed');
    });

    it('extends the lease of a delivery while it is in flight, so no other worker takes it', async () => {
      const { webhookId, user } = await userWithWebhook(`/hold/lease-${engine}`);
      const id = await queueTest(webhookId, user.id);
      const leaseMs = 300;
      const pass = deliverDueWebhooks({
        db: t.app.db,
        encryption: t.app.encryption,
        policy: { allowPrivate: true },
        now: clock.now,
        limits: { deadlineMs: 60_000, maxResponseBytes: 1024 },
        leaseMs,
        renewEveryMs: 20,
      });
      await vi.waitFor(() => expect(receiver.requests).toContain(`/hold/lease-${engine}`), {
        timeout: 5000,
        interval: 20,
      });
      const claimedUntil = (await delivery(id)).locked_until!.getTime();
      // well past the first lease: without renewal another worker could claim it now
      clock.advance(10 * 60_000);
      await vi.waitFor(
        async () => expect((await delivery(id)).locked_until!.getTime()).toBeGreaterThan(claimedUntil),
        { timeout: 5000, interval: 20 },
      );
      const claimedByOther = await claimDueEmails(t.app.db, {
        now: clock.now(),
        limit: 10,
        leaseMs,
        channel: 'webhook',
      });
      expect(claimedByOther.map((row) => row.id)).not.toContain(id);
      receiver.release();
      expect(await pass).toMatchObject({ sent: 1 });
    });
  });
});

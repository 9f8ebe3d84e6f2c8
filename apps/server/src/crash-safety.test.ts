import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { openDatabase, selectRows, type Database } from './db/client.ts';
import { forEachEngine, type Engine } from './test/harness.ts';
import {
  killServerProcess,
  processDatabase,
  processSecrets,
  startServerProcess,
  type ServerProcess,
} from './test/server-process.ts';
import { startSmtpPeer } from './test/stubs/smtp-stub.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

type Acknowledged = {
  users: { id: string; email: string; password: string }[];
  alerts: { id: string; userId: string }[];
};

async function postJson(url: string, body: unknown, token?: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

/**
 * One virtual user after another: registers (which queues a verification e-mail in the same transaction) and
 * creates the free plan's three alerts. Only answers received with 2xx count as acknowledged; a request cut
 * by the crash may or may not have committed.
 */
async function writeUntilStopped(
  server: ServerProcess,
  worker: number,
  acknowledged: Acknowledged,
  isStopped: () => boolean,
) {
  for (let index = 0; !isStopped(); index += 1) {
    try {
      const email = `crash-${worker}-${index}-${Date.now()}@farol.test`;
      const password = 'senhaSegura1';
      const registered = await postJson(`${server.url}/api/auth/register`, {
        name: `Crash ${worker}.${index}`,
        email,
        password,
        confirmPassword: password,
      });
      if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
      const userId: string = registered.body.user.id;
      acknowledged.users.push({ id: userId, email, password });
      for (let alert = 0; alert < 3 && !isStopped(); alert += 1) {
        const created = await postJson(
          `${server.url}/api/alerts`,
          {
            name: `alert ${alert}`,
            type: 'preco',
            coinSymbol: 'BTC',
            coinName: 'Bitcoin',
            conditions: { priceAbove: 1_000_000 + alert },
          },
          registered.body.token,
        );
        if (created.status !== 201) throw new Error(`alert answered ${created.status}`);
        acknowledged.alerts.push({ id: created.body.data.id, userId });
      }
    } catch (error) {
      // the process was killed under this request: it is not acknowledged
      if (isStopped()) return;
      throw error;
    }
  }
}

/** Opens the database the processes used, as an operator would after the crash (PGlite: DATA_DIR/pglite). */
const openProcessDatabase = (env: Record<string, string>): Promise<Database> =>
  openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: path.join(env.DATA_DIR!, 'pglite'),
    holder: 'admin CLI',
  });

forEachEngine((engine: Engine) => {
  it(
    'kill -9 while users register, create alerts and e-mails go out: after a restart every acknowledged write is there and each e-mail was delivered once',
    { timeout: 150_000 },
    async () => {
      const smtp = await startSmtpPeer();
      cleanups.push(() => smtp.close());
      const database = await processDatabase(engine);
      cleanups.push(database.remove);
      const env = { ...database.env, ...processSecrets(), SMTP_URL: smtp.url, JOBS_ENABLED: 'true' };

      const first = await startServerProcess(env);
      cleanups.push(() => killServerProcess(first));
      const acknowledged: Acknowledged = { users: [], alerts: [] };
      let isStopped = false;
      const workers = [0, 1, 2, 3, 4, 5].map((worker) =>
        writeUntilStopped(first, worker, acknowledged, () => isStopped),
      );
      // kill once writes and deliveries are well under way (bounded: the assertions below say if they never were)
      const deadline = Date.now() + 40_000;
      while (Date.now() < deadline && (acknowledged.users.length < 30 || smtp.messages.length < 5))
        await new Promise((resolve) => setTimeout(resolve, 50));
      isStopped = true;
      first.child.kill('SIGKILL');
      await Promise.all(workers);
      expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
      expect(acknowledged.users.length).toBeGreaterThanOrEqual(30);
      expect(smtp.messages.length).toBeGreaterThanOrEqual(5);

      // The embedded database opens cleanly after the kill. E-mails the killed process had claimed stay
      // reserved for EMAIL_LEASE_MS (2 min) before another worker may take them: the test lets that time pass
      // by ending their lease, as the clock would.
      const afterCrash = await openProcessDatabase(env);
      const claimedAtCrash = await selectRows<{ id: string }>(
        afterCrash.db,
        sql`update email_outbox set locked_until = now() where status = 'sending' returning id`,
      );
      const [{ total }] = (await selectRows<{ total: number }>(
        afterCrash.db,
        sql`select count(*)::int as total from email_outbox`,
      )) as [{ total: number }];
      await afterCrash.close();

      const second = await startServerProcess(env);
      cleanups.push(() => killServerProcess(second));
      const idOf = (messageId: string) => /^<([^@]+)@/.exec(messageId)?.[1] ?? messageId;
      const deliveredDeadline = Date.now() + 40_000;
      while (
        Date.now() < deliveredDeadline &&
        new Set(smtp.messages.map((mail) => mail.messageId)).size < total
      )
        await new Promise((resolve) => setTimeout(resolve, 100));
      // an account acknowledged before the crash signs in on the restarted server
      const someone = acknowledged.users[0]!;
      const login = await postJson(`${second.url}/api/auth/login`, {
        email: someone.email,
        password: someone.password,
      });
      expect(login.status).toBe(200);
      second.child.kill('SIGTERM');
      const stopped = await second.exited;
      // the process's own words when it did not stop cleanly
      expect({ ...stopped, output: stopped.code === 0 ? '' : second.output() }).toEqual({
        code: 0,
        signal: null,
        output: '',
      });

      const after = await openProcessDatabase(env);
      cleanups.push(() => after.close());
      const users = await selectRows<{ id: string }>(after.db, sql`select id from users`);
      const alerts = await selectRows<{ id: string; user_id: string }>(
        after.db,
        sql`select id, user_id from alerts`,
      );
      const outbox = await selectRows<{
        id: string;
        user_id: string | null;
        status: string;
        template: string;
      }>(after.db, sql`select id, user_id, status, template from email_outbox`);

      // every acknowledged write is there
      const userIds = new Set(users.map((row) => row.id));
      expect(acknowledged.users.filter((user) => !userIds.has(user.id))).toEqual([]);
      const alertOwner = new Map(alerts.map((row) => [row.id, row.user_id]));
      expect(acknowledged.alerts.filter((alert) => alertOwner.get(alert.id) !== alert.userId)).toEqual([]);
      // nothing written twice: each user has their acknowledged alerts plus at most the one cut by the crash,
      // and exactly one verification e-mail queued with the registration
      for (const user of acknowledged.users) {
        const stored = alerts.filter((row) => row.user_id === user.id).length;
        const acked = acknowledged.alerts.filter((alert) => alert.userId === user.id).length;
        expect(stored - acked).toBeGreaterThanOrEqual(0);
        expect(stored - acked).toBeLessThanOrEqual(1);
        const verification = outbox.filter(
          (row) => row.user_id === user.id && row.template === 'email-verification',
        );
        expect(verification).toHaveLength(1);
      }

      // each e-mail delivered, once; a repeat only of a message the killed process had handed to SMTP but not
      // yet marked sent, and then with the same Message-ID
      expect(outbox.filter((row) => row.status !== 'sent')).toEqual([]);
      const received = new Map<string, number>();
      for (const mail of smtp.messages)
        received.set(idOf(mail.messageId), (received.get(idOf(mail.messageId)) ?? 0) + 1);
      const queued = new Set(outbox.map((row) => row.id));
      expect([...received.keys()].filter((id) => !queued.has(id))).toEqual([]);
      expect(outbox.filter((row) => !received.has(row.id))).toEqual([]);
      const claimed = new Set(claimedAtCrash.map((row) => row.id));
      const repeated = [...received].filter(([, times]) => times > 1);
      expect(repeated.filter(([id, times]) => times > 2 || !claimed.has(id))).toEqual([]);
    },
  );
});

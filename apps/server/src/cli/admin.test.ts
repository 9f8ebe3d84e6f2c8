import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { forEachEngine, startTestApp } from '../test/harness.ts';
import { payThroughCheckout, stripeTestEnv } from '../test/billing.ts';
import { startStripeStub } from '../test/stubs/stripe-stub.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.join(serverDir, '../../node_modules/.bin/tsx');
const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function makeTempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'farol-cli-'));
  tempDirs.push(dir);
  return dir;
}

/** Runs the CLI as `npm run admin` does (tsx on the source), with only the given settings. */
function runCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, ['src/cli/admin.ts', ...args], {
      cwd: serverDir,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

forEachEngine((engine) => {
  describe('admin CLI', () => {
    it('sets a plan and the admin flag by e-mail and lists users, straight on the database', async () => {
      const dataDir = makeTempDir();
      // PGlite: the CLI opens the same files the server would (DATA_DIR/pglite), once the server is gone.
      const database =
        engine === 'pglite' ? await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') }) : undefined;
      const t = await startTestApp({ engine, deps: database ? { database } : {} });
      const account = await t.registerUser({ email: 'Cliente@Farol.test' });
      const env = {
        DATA_DIR: dataDir,
        ...(engine === 'postgres' ? { DATABASE_URL: t.config.DATABASE_URL! } : {}),
      };
      if (engine === 'pglite') await t.close();
      try {
        const setPlan = await runCli(
          ['set-plan', 'cliente@farol.test', 'profissional', '--months', '2'],
          env,
        );
        expect(setPlan).toMatchObject({ code: 0, stderr: '' });
        expect(setPlan.stdout).toMatch(
          /^Cliente@Farol\.test: plan profissional until \d{4}-\d{2}-\d{2} \(granted, no payment\)\n$/,
        );
        expect(await runCli(['set-admin', 'cliente@farol.test', 'on'], env)).toMatchObject({
          code: 0,
          stdout: 'Cliente@Farol.test: admin on\n',
        });
        const list = await runCli(['list-users'], env);
        expect(list.code).toBe(0);
        expect(list.stdout.split('\n')[0]).toBe('1 user(s)');
        expect(list.stdout).toContain('Cliente@Farol.test\tUsuária');
        expect(list.stdout).toMatch(/\tprofissional\tadmin\t\d{4}-\d{2}-\d{2}\tgranted/);

        const unknown = await runCli(['set-plan', 'nobody@farol.test', 'iniciante'], env);
        expect(unknown.code).toBe(2);
        expect(unknown.stderr.split('\n')[0]).toBe('no user with e-mail nobody@farol.test');
        expect((await runCli(['set-plan', 'cliente@farol.test', 'gold'], env)).code).toBe(2);

        const check = database ? await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') }) : t.database;
        const result = await check.db.execute(
          sql`select s.plan, s.granted_by_admin, u.is_admin, (select source from subscription_changes c where c.user_id = u.id) as source
              from users u join subscriptions s on s.user_id = u.id where u.id = ${account.user.id}`,
        );
        expect((result as any).rows).toEqual([
          { plan: 'profissional', granted_by_admin: true, is_admin: true, source: 'cli' },
        ]);
        if (database) await check.close();
      } finally {
        if (engine === 'postgres') await t.close();
      }
      // each run starts a Node process that compiles the CLI: seconds apiece on a busy machine
    }, 240_000);

    it('keeps an ADMIN_EMAILS admin removed with set-admin off removed at the next login', async () => {
      const dataDir = makeTempDir();
      const pgliteDir = path.join(dataDir, 'pglite');
      const env = { ADMIN_EMAILS: 'dona@farol.test' };
      const first = await startTestApp({
        engine,
        env,
        deps: engine === 'pglite' ? { database: await openDatabase({ pgliteDir }) } : {},
      });
      const owner = await first.registerUser({ email: 'dona@farol.test' });
      expect((await first.request('GET', '/api/admin/users', { token: owner.token })).status).toBe(200);
      const cliEnv = {
        DATA_DIR: dataDir,
        ...(engine === 'postgres' ? { DATABASE_URL: first.config.DATABASE_URL! } : {}),
      };
      if (engine === 'pglite') await first.close();
      try {
        expect(await runCli(['set-admin', 'dona@farol.test', 'off'], cliEnv)).toMatchObject({
          code: 0,
          stdout: 'dona@farol.test: admin off\n',
        });
        const second =
          engine === 'pglite'
            ? await startTestApp({ engine, env, deps: { database: await openDatabase({ pgliteDir }) } })
            : first;
        const login = await second.request('POST', '/api/auth/login', {
          body: { email: 'dona@farol.test', password: owner.password },
        });
        expect(login.status).toBe(200);
        expect((await second.request('GET', '/api/admin/users', { token: login.body.token })).status).toBe(
          403,
        );
        if (engine === 'pglite') await second.close();
      } finally {
        if (engine === 'postgres') await first.close();
      }
    }, 240_000);

    it('refunds a paying user by e-mail through Stripe and queues the e-mail for the server to send', async () => {
      const stripe = await startStripeStub();
      const dataDir = makeTempDir();
      const pgliteDir = path.join(dataDir, 'pglite');
      const billing = stripeTestEnv(stripe, 'whsec_test_cli');
      const t = await startTestApp({
        engine,
        env: billing,
        deps: engine === 'pglite' ? { database: await openDatabase({ pgliteDir }) } : {},
      });
      const account = await t.registerUser({ email: 'paga@farol.test' });
      await payThroughCheckout(t, stripe, {
        token: account.token,
        planId: 'iniciante',
        webhookSecret: billing.STRIPE_WEBHOOK_SECRET,
      });
      const cliEnv = {
        DATA_DIR: dataDir,
        ...billing,
        ...(engine === 'postgres' ? { DATABASE_URL: t.config.DATABASE_URL! } : {}),
      };
      if (engine === 'pglite') await t.close();
      try {
        const refund = await runCli(['refund', 'paga@farol.test'], cliEnv);
        expect(refund).toMatchObject({ code: 0, stderr: '' });
        expect(refund.stdout).toMatch(
          /^paga@farol\.test: refunded 49\.00 BRL \(invoice in_test_\w+, refund re_test_\w+\); plan now free\n$/,
        );
        const again = await runCli(['refund', 'paga@farol.test'], cliEnv);
        expect(again).toMatchObject({ code: 1, stderr: 'There is no payment to refund on this account.\n' });

        const check = engine === 'pglite' ? await openDatabase({ pgliteDir }) : t.database;
        const result = await check.db.execute(
          sql`select s.plan, s.status, (select string_agg(template, ',') from email_outbox o where o.user_id = u.id and o.template = 'refund-issued') as mail
              from users u join subscriptions s on s.user_id = u.id where u.id = ${account.user.id}`,
        );
        // the row keeps the plan that was paid for; its canceled status is what makes the account free
        expect((result as any).rows).toEqual([
          { plan: 'iniciante', status: 'canceled', mail: 'refund-issued' },
        ]);
        if (engine === 'pglite') await check.close();
      } finally {
        if (engine === 'postgres') await t.close();
        await stripe.close();
      }
    }, 240_000);

    if (engine === 'pglite') {
      it('refuses in one line, exit 1, when a running server holds the embedded database', async () => {
        const dataDir = makeTempDir();
        // this test process stands in for the running server that holds the lock
        fs.writeFileSync(
          path.join(dataDir, 'pglite.lock'),
          JSON.stringify({ pid: process.pid, holder: 'server' }),
        );
        const result = await runCli(['list-users'], { DATA_DIR: dataDir });
        expect(result.code).toBe(1);
        expect(result.stderr.trim().split('\n')).toHaveLength(1);
        expect(result.stderr).toContain(`in use by a running Farol server (pid ${process.pid})`);
        expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false);
      }, 120_000);
    }
  });
});

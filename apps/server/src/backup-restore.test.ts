import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { deployGuideBlocks } from './test/deploy-guide.ts';
import { createPostgresDatabase } from './test/postgres-database.ts';
import { killServerProcess, startServerProcess, type ServerProcess } from './test/server-process.ts';
import { openAiTextReply, startAiStub, type AiStub } from './test/stubs/ai-provider-stub.ts';

// deploy/README.md's backups, followed as written: the bash blocks of its "Backups" section run here line by
// line. Their assignments are the operator's settings (this test gives its own databases, directories and
// files); `systemctl stop` and `systemctl start` are this test's SIGTERM (the unit's KillSignal) and start.

const OPENAI_KEY = 'sk-proj-backup-restore-0123456789';
const password = 'senhaSegura1';

/** The two bash blocks under `### <heading>` of the guide's Backups section: the backup, then the restore. */
function guideBlocks(heading: string): [backup: string[], restore: string[]] {
  const blocks = deployGuideBlocks('Backups', { subsection: heading });
  if (blocks.length !== 2)
    throw new Error(
      `deploy/README.md's "### ${heading}" has ${blocks.length} bash blocks, not a backup and a restore`,
    );
  return [blocks[0]!, blocks[1]!];
}

const settingLine = /^(export\s+)?([A-Z_]+=\S+\s*)+(#.*)?$/;

type Operator = {
  /** The settings the guide's assignments stand for. */
  settings: Record<string, string>;
  cwd: string;
  stop: () => Promise<void>;
  start: () => Promise<void>;
};

/** Runs one block of the guide: settings from `operator`, systemctl as the operator's stop and start, the rest in bash. */
async function runBlock(lines: string[], operator: Operator) {
  for (const line of lines) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (settingLine.test(line)) {
      const names = [...line.replace(/#.*$/, '').matchAll(/([A-Z_]+)=/g)].map((match) => match[1]!);
      const missing = names.filter((name) => !(name in operator.settings));
      if (missing.length)
        throw new Error(`the guide sets ${missing.join(', ')}, which this test does not give`);
      continue;
    }
    if (/^systemctl stop /.test(line)) await operator.stop();
    else if (/^systemctl start /.test(line)) await operator.start();
    else {
      const run = spawnSync('bash', ['-euo', 'pipefail', '-c', line], {
        cwd: operator.cwd,
        env: { PATH: process.env.PATH, ...operator.settings },
        encoding: 'utf8',
      });
      if (run.status !== 0)
        throw new Error(`deploy/README.md: \`${line}\` exited ${run.status}:\n${run.stderr}${run.stdout}`);
    }
  }
}

async function call(server: ServerProcess, method: string, pathname: string, body?: unknown, token?: string) {
  const response = await fetch(server.url + pathname, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

const createAlert = (server: ServerProcess, token: string, name: string) =>
  call(
    server,
    'POST',
    '/api/alerts',
    { name, type: 'preco', coinSymbol: 'BTC', coinName: 'Bitcoin', conditions: { priceAbove: 1_000_000 } },
    token,
  );

type Account = { email: string; token: string; alertId: string };

/** What the backup must carry: an account, its session, an alert and an AI key stored encrypted. */
async function writeBeforeBackup(server: ServerProcess): Promise<Account> {
  const email = `backup-${crypto.randomBytes(4).toString('hex')}@farol.test`;
  const registered = await call(server, 'POST', '/api/auth/register', {
    name: 'Backup',
    email,
    password,
    confirmPassword: password,
  });
  expect(registered.status).toBe(201);
  const token: string = registered.body.token;
  const alert = await createAlert(server, token, 'before the backup');
  expect(alert.status).toBe(201);
  const saved = await call(server, 'POST', '/api/subscription/api-keys', { openaiApiKey: OPENAI_KEY }, token);
  expect(saved.status).toBe(200);
  return { email, token, alertId: alert.body.data.id };
}

/**
 * On the restored server: the session signed before the backup is accepted (the token secret came back),
 * the alert written before it is there and the one written after it is not, the password still signs in,
 * and the stored AI key decrypts (the chat calls the provider with it: the encryption key came back).
 */
async function expectRestored(server: ServerProcess, account: Account, ai: AiStub) {
  const alerts = await call(server, 'GET', '/api/alerts', undefined, account.token);
  expect(alerts.status).toBe(200);
  expect(alerts.body.data.map((alert: { id: string; name: string }) => [alert.id, alert.name])).toEqual([
    [account.alertId, 'before the backup'],
  ]);
  const login = await call(server, 'POST', '/api/auth/login', { email: account.email, password });
  expect(login.status).toBe(200);
  ai.requests.length = 0;
  ai.queue.push(openAiTextReply('BTC reads neutral.'));
  const answer = await call(
    server,
    'POST',
    '/api/chat/message',
    { message: 'Como está o BTC?' },
    account.token,
  );
  expect(answer.status).toBe(201);
  const completion = ai.requests.find((request) => request.method === 'POST');
  expect(completion?.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
}

/** SIGTERM, as `systemctl stop` sends it: the server closes the database and exits 0. */
async function stopGracefully(server: ServerProcess) {
  server.child.kill('SIGTERM');
  expect(await server.exited).toEqual({ code: 0, signal: null });
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startAi() {
  const ai = await startAiStub();
  ai.validKeys.add(OPENAI_KEY);
  cleanups.push(() => ai.close());
  return ai;
}

function workDirectory() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'farol-backup-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('deploy/README.md backups, followed as written', () => {
  it(
    'embedded database: the stopped DATA_DIR archived, restored into an empty DATA_DIR, serves what was written before the backup',
    { timeout: 180_000 },
    async () => {
      const [backup, restore] = guideBlocks('Embedded database');
      const ai = await startAi();
      const dir = workDirectory();
      const dataDir = path.join(dir, 'data');
      // no secrets given: they are generated into DATA_DIR, which the archive must carry
      const env = { DATA_DIR: dataDir, OPENAI_BASE_URL: ai.openaiBaseUrl };
      let server = await startServerProcess(env);
      cleanups.push(() => killServerProcess(server));
      const operator: Operator = {
        settings: { DATA_DIR: dataDir, BACKUP: path.join(dir, 'farol-data.tar.gz') },
        cwd: dir,
        stop: () => stopGracefully(server),
        start: async () => {
          server = await startServerProcess(env);
        },
      };
      const account = await writeBeforeBackup(server);

      await runBlock(backup, operator);
      expect((await createAlert(server, account.token, 'after the backup')).status).toBe(201);
      await runBlock(restore, operator);
      // the restore went into an empty DATA_DIR: the one it replaced is kept aside, as the guide says
      expect(fs.existsSync(path.join(`${dataDir}.replaced`, 'pglite'))).toBe(true);

      await expectRestored(server, account, ai);
    },
  );
});

/** `pg_dump --version` and the server's version: their major versions must match (the guide says why). */
async function expectMatchingClientTools(url: string) {
  const dump = spawnSync('pg_dump', ['--version'], { encoding: 'utf8' });
  if (dump.error)
    throw new Error(
      'pg_dump is not installed: the PostgreSQL backup test needs the client tools (postgresql-client)',
    );
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ server_version: string }>('show server_version');
  await client.end();
  const serverVersion = rows[0]!.server_version.split(' ')[0]!;
  const dumpVersion = /\d+(\.\d+)*/.exec(dump.stdout)?.[0] ?? dump.stdout.trim();
  const major = (version: string) => version.split('.')[0];
  if (major(dumpVersion) !== major(serverVersion))
    throw new Error(
      `pg_dump ${dumpVersion} does not match the PostgreSQL server ${serverVersion}: deploy/README.md's backup is run with the client tools of the server's major version (postgresql-client-${major(serverVersion)})`,
    );
}

describe.runIf(process.env.DATABASE_URL)(
  'deploy/README.md backups on PostgreSQL, followed as written',
  () => {
    it(
      'pg_dump of a running deployment, pg_restore into a new database: instances started on it serve what was written before the dump',
      { timeout: 180_000 },
      async () => {
        const [backup, restore] = guideBlocks('PostgreSQL');
        const source = await createPostgresDatabase();
        cleanups.push(source.drop);
        await expectMatchingClientTools(source.url);
        const ai = await startAi();
        const dir = workDirectory();
        // JWT_SECRET not given: the token secret lives in the database, and must come back with the dump
        const secrets = {
          ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
          OPENAI_BASE_URL: ai.openaiBaseUrl,
        };
        const running = await startServerProcess({ ...secrets, DATA_DIR: dir, DATABASE_URL: source.url });
        cleanups.push(() => killServerProcess(running));
        const account = await writeBeforeBackup(running);

        const url = new URL(source.url);
        const restoredName = `farol_r_${crypto.randomBytes(6).toString('hex')}`;
        cleanups.push(() => dropDatabase(restoredName));
        const operator: Operator = {
          settings: {
            PGHOST: url.hostname,
            PGPORT: url.port || '5432',
            PGUSER: decodeURIComponent(url.username),
            PGPASSWORD: decodeURIComponent(url.password),
            FAROL_DB: url.pathname.slice(1),
            BACKUP: path.join(dir, 'farol.dump'),
            RESTORE_DB: restoredName,
          },
          cwd: dir,
          stop: () => Promise.reject(new Error('the PostgreSQL backup stops nothing')),
          start: () => Promise.reject(new Error('the PostgreSQL backup starts nothing')),
        };
        await runBlock(backup, operator);
        expect((await createAlert(running, account.token, 'after the backup')).status).toBe(201);
        await runBlock(restore, operator);

        const restoredUrl = new URL(source.url);
        restoredUrl.pathname = `/${restoredName}`;
        const restored = await startServerProcess({
          ...secrets,
          DATA_DIR: path.join(dir, 'restored'),
          DATABASE_URL: restoredUrl.toString(),
        });
        cleanups.push(() => killServerProcess(restored));
        await expectRestored(restored, account, ai);
      },
    );
  },
);

async function dropDatabase(name: string) {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

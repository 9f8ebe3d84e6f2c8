import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';

// Start-up as an operator meets it: the built server (`npm run build` first) as separate processes.
const serverRoot = path.resolve(import.meta.dirname, '../..');
const serverEntry = path.join(serverRoot, 'dist/server.js');

type Started = { exitCode: number | null; output: string; healthy: boolean };

/** Starts one server process and resolves once /api/health answers or the process has exited. */
async function startInstance(
  env: Record<string, string>,
  port: number,
  children: ChildProcess[],
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'farol-start-')),
): Promise<Started> {
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      MARKET_DATA_SOURCE: 'simulated',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { exitCode: null, output, healthy: true };
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 100))]);
  }
  return { exitCode: child.exitCode, output, healthy: false };
}

async function stopAll(children: ChildProcess[]) {
  await Promise.all(
    children.splice(0).map(
      (child) =>
        new Promise<void>((resolve) => {
          // a process killed by a signal has no exit code, only its signal
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
}

const secrets = {
  JWT_SECRET: crypto.randomBytes(32).toString('hex'),
  ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
};

// `npm run test:quick` builds nothing, so it leaves these out; `npm test` builds first and runs them.
describe.skipIf(process.env.FAROL_TEST_QUICK === '1')('start-up of the built server', () => {
  it('names the step that failed when the server cannot start', async () => {
    const children: ChildProcess[] = [];
    // nothing listens on port 1: the database cannot be opened
    const started = await startInstance(
      { ...secrets, DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' },
      4390,
      children,
    );
    await stopAll(children);
    expect(started.healthy).toBe(false);
    expect(started.exitCode).toBe(1);
    expect(started.output).toMatch(/^Farol failed to start: opening the database: /m);
  });

  it('refuses to start on PostgreSQL without ENCRYPTION_KEY, in one line that says how to make one', async () => {
    const children: ChildProcess[] = [];
    const started = await startInstance(
      { JWT_SECRET: secrets.JWT_SECRET, DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' },
      4391,
      children,
    );
    await stopAll(children);
    expect(started.exitCode).toBe(1);
    const lines = started.output.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Farol failed to start: ENCRYPTION_KEY is required with DATABASE_URL: .*openssl rand -hex 32/,
    );
  });

  it(
    'lets one process hold the embedded database: a second server is refused in one line, and a killed one leaves no lock behind',
    { timeout: 240_000 },
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'farol-embedded-'));
      const children: ChildProcess[] = [];
      try {
        const first = await startInstance({}, 4392, children, dataDir);
        expect(first.healthy).toBe(true);
        const second = await startInstance({}, 4393, children, dataDir);
        expect(second.healthy).toBe(false);
        expect(second.exitCode).toBe(1);
        expect(second.output.trim().split('\n')).toHaveLength(1);
        expect(second.output).toMatch(
          /^Farol failed to start: opening the database: The embedded database in .* is in use by a running Farol server \(pid \d+\): stop it first/,
        );

        // a crash: no shutdown code runs, the lock file stays with a dead pid
        const [server] = children;
        const killed = new Promise((resolve) => server!.once('exit', resolve));
        server!.kill('SIGKILL');
        await killed;
        const again = await startInstance({}, 4394, children, dataDir);
        expect(again.healthy).toBe(true);
      } finally {
        await stopAll(children);
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );

  describe.runIf(process.env.DATABASE_URL)('on an empty PostgreSQL', () => {
    it(
      'starts three instances at once, ten times: one migrates and creates the job queue, the others wait',
      { timeout: 240_000 },
      async () => {
        const adminUrl = process.env.DATABASE_URL!;
        for (let round = 0; round < 10; round++) {
          const name = `farol_start_${crypto.randomBytes(5).toString('hex')}`;
          const admin = new pg.Client({ connectionString: adminUrl });
          await admin.connect();
          await admin.query(`CREATE DATABASE ${name}`);
          const url = new URL(adminUrl);
          url.pathname = `/${name}`;
          const children: ChildProcess[] = [];
          try {
            const env = { ...secrets, DATABASE_URL: url.toString(), JOBS_ENABLED: 'true' };
            const results = await Promise.all(
              [0, 1, 2].map((index) => startInstance(env, 4400 + round * 3 + index, children)),
            );
            const failed = results.filter((result) => !result.healthy).map((result) => result.output.trim());
            expect(failed, `round ${round + 1}`).toEqual([]);
          } finally {
            await stopAll(children);
            await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
            await admin.end();
          }
        }
      },
    );
  });
});

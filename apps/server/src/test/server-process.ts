import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from './free-port.ts';
import type { Engine } from './harness.ts';
import { createPostgresDatabase } from './postgres-database.ts';

// The server as an operator runs it: `src/server.ts` in its own process (through tsx, so no build is needed),
// for the tests that signal or kill it.
const serverRoot = path.resolve(import.meta.dirname, '../..');

export type ServerProcess = {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote on stdout and stderr so far. */
  output: () => string;
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/** Secrets fixed for a test's processes: a restarted server must read what the killed one wrote. */
export const processSecrets = () => ({
  JWT_SECRET: crypto.randomBytes(32).toString('hex'),
  ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
});

/**
 * Starts `src/server.ts` on a free loopback port with `env` (DATA_DIR, DATABASE_URL, ... given by the test),
 * and resolves once /api/health answers 200; throws with the process's output if it exits first.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await findFreePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      MARKET_DATA_SOURCE: 'simulated',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { url, port, child, output: () => output, exited };
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 100))]);
  }
  child.kill('SIGKILL');
  throw new Error(`the server process did not become healthy:\n${output}`);
}

/** Stops a process still running (SIGKILL: the tests that need a graceful stop send SIGTERM themselves). */
export async function killServerProcess(server: ServerProcess | undefined) {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGKILL');
  await server.exited;
}

/** Where a test's server keeps its data on either engine, and how to throw it away. */
export async function processDatabase(engine: Engine) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'farol-process-'));
  const postgres = engine === 'postgres' ? await createPostgresDatabase() : undefined;
  return {
    env: { DATA_DIR: dataDir, ...(postgres ? { DATABASE_URL: postgres.url } : {}) },
    remove: async () => {
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

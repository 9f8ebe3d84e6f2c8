import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { findFreePort } from '../../apps/server/src/test/free-port.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const HEALTH_TIMEOUT_MS = 60_000;

export type RunningServer = { url: string; stop: () => Promise<void> };

function withoutSharedServices(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...rest } = env;
  return rest;
}

/**
 * Starts the built server (`npm run build` first: apps/server/dist and apps/web/dist) on a free port with
 * a throw-away DATA_DIR and simulated market data, and resolves once /api/health answers.
 */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const port = await findFreePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'farol-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const child: ChildProcess = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: repoRoot,
    env: {
      // The journeys run on the embedded defaults: CI's DATABASE_URL/REDIS_URL point at shared servers whose
      // state would leak between suites (the API tests cover PostgreSQL with a database of their own).
      ...withoutSharedServices(process.env),
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: dataDir,
      MARKET_DATA_SOURCE: 'simulated',
      JOBS_ENABLED: 'false',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return { url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`Server did not become healthy on ${url}:\n${output.join('').slice(-4000)}`);
}

/** Headless Chromium from the system package (`apt-get install chromium`). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const screenshotDir = fileURLToPath(new URL('../screenshots/', import.meta.url));

export type JourneyEnvironment<S extends RunningServer = RunningServer> = { server: S; browser: Browser };

/**
 * Starts the built server and Chromium before the tests of a file and stops both after them. The answer is
 * filled in by the beforeAll registered here: read its fields inside hooks and tests only.
 */
export function useServerAndBrowser<S extends RunningServer = RunningServer>(
  start: () => Promise<S> = startServer as () => Promise<S>,
): JourneyEnvironment<S> {
  const environment = {} as JourneyEnvironment<S>;
  beforeAll(async () => {
    [environment.server, environment.browser] = await Promise.all([start(), launchBrowser()]);
  });
  afterAll(async () => {
    await environment.browser?.close();
    await environment.server?.stop();
  });
  return environment;
}

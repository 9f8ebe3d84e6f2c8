import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import { buildApp, type AppDependencies } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, selectRows, type Database } from '../db/client.ts';
import { createPostgresDatabase } from './postgres-database.ts';

export type Engine = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when DATABASE_URL is set (CI sets it when a server answers). */
export const engines: Engine[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** Runs a block of tests once per database engine. */
export function forEachEngine(body: (engine: Engine) => void) {
  for (const engine of engines) describe(`on ${engine}`, () => body(engine));
}

export type ApiResponse<T = any> = { status: number; body: T; headers: Headers; text: string };

export type TestApp = {
  app: FastifyInstance;
  url: string;
  config: Config;
  database: Database;
  dataDir: string;
  /** Sends a JSON request; `token` adds the bearer header. */
  request: <T = any>(
    method: string,
    pathname: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string>; rawBody?: string },
  ) => Promise<ApiResponse<T>>;
  /**
   * Registers (and so signs in) a new user with a unique e-mail, and verifies the address through the link of
   * the verification e-mail (as its owner would; ADMIN_EMAILS applies then). `verified: false` leaves it not.
   */
  registerUser: (overrides?: {
    name?: string;
    email?: string;
    password?: string;
    language?: string;
    verified?: boolean;
  }) => Promise<{
    token: string;
    user: { id: string; name: string; email: string; emailVerified: boolean };
    email: string;
    password: string;
  }>;
  /** The token of the newest verification link e-mailed to a user (read from the outbox). */
  verificationToken: (userId: string) => Promise<string>;
  /** Makes a user admin directly in the database. */
  makeAdmin: (userId: string) => Promise<void>;
  /** Puts a user on a plan directly in the database: active, without an end (as a paid plan in force). */
  setPlan: (userId: string, plan: 'free' | 'iniciante' | 'profissional') => Promise<void>;
  close: () => Promise<void>;
};

export type TestAppOptions = {
  engine?: Engine;
  env?: Record<string, string | undefined>;
  deps?: AppDependencies;
};

/**
 * Starts a test app before the tests of the enclosing block and closes it after them. The answer is the
 * started app (filled in by a beforeAll registered here, so use it inside later hooks and tests only). Options
 * may be a function, read when the app starts: for values set by an earlier beforeAll (a stub's URL).
 */
export function useTestApp(options: TestAppOptions | (() => TestAppOptions) = {}): TestApp {
  const started = {} as TestApp;
  beforeAll(async () => {
    Object.assign(started, await startTestApp(typeof options === 'function' ? options() : options));
  });
  afterAll(async () => started.close?.());
  return started;
}

/**
 * Builds the real app on a fresh database (in-memory PGlite, or a new PostgreSQL database dropped at
 * close) and listens on a loopback port. `env` sets any configuration variable.
 */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const engine = options.engine ?? 'pglite';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'farol-test-'));
  const postgres = engine === 'postgres' ? await createPostgresDatabase() : undefined;
  const config = testConfig(options.env, dataDir, postgres?.url);
  const database = options.deps?.database ?? (await openDatabase({ databaseUrl: postgres?.url }));
  const app = await buildApp(config, { webDist: false, verifyResponses: true, ...options.deps, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const request = createRequester(url);
  const verificationToken = outboxVerificationToken(database);

  return {
    app,
    url,
    config,
    database,
    dataDir,
    request,
    verificationToken,
    registerUser: createUserRegistrar(request, verificationToken),
    makeAdmin: async (userId) => {
      const { sql } = await import('drizzle-orm');
      await database.db.execute(sql`update users set is_admin = true where id = ${userId}`);
    },
    setPlan: async (userId, plan) => {
      const { sql } = await import('drizzle-orm');
      await database.db.execute(
        sql`update subscriptions set plan = ${plan}, status = 'active', current_period_end = null where user_id = ${userId}`,
      );
    },
    close: async () => {
      await app.close();
      await database.close();
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One encryption key for every app a test file starts, as one deployment has one: apps that share a database
 * (`deps.database`, a restart, a second instance) read each other's sealed secrets. A test of another key
 * passes `ENCRYPTION_KEY` in `env`.
 */
const testEncryptionKey = crypto.randomBytes(32).toString('hex');

/** Quiet, simulated, no jobs, no upstream stream, fresh secrets, generous sign-in limits; `env` overrides all but where data lives. */
function testConfig(env: TestAppOptions['env'], dataDir: string, databaseUrl: string | undefined) {
  return loadConfig({
    LOG_LEVEL: 'silent',
    MARKET_DATA_SOURCE: 'simulated',
    JOBS_ENABLED: 'false',
    // no test reaches Binance's WebSocket: the stream tests turn it on against a local stub
    MARKET_STREAM_ENABLED: 'false',
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: testEncryptionKey,
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    ...env,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
  } as NodeJS.ProcessEnv);
}

/** JSON requests to the app at `url`; an answer that is not JSON keeps its text as the body. */
function createRequester(url: string): TestApp['request'] {
  return async (method, pathname, requestOptions = {}) => {
    const headers: Record<string, string> = { ...requestOptions.headers };
    if (requestOptions.token) headers.authorization = `Bearer ${requestOptions.token}`;
    let body: string | undefined = requestOptions.rawBody;
    if (requestOptions.body !== undefined) {
      body = JSON.stringify(requestOptions.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(url + pathname, { method, headers, body });
    const text = await response.text();
    let parsed: any = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON (metrics, HTML): keep the text
    }
    return { status: response.status, body: parsed, headers: response.headers, text };
  };
}

function outboxVerificationToken(database: Database): TestApp['verificationToken'] {
  return async (userId) => {
    const { sql } = await import('drizzle-orm');
    const [row] = await selectRows<{ url: string }>(
      database.db,
      sql`select data->>'verifyUrl' as url from email_outbox
          where user_id = ${userId} and template = 'email-verification' order by created_at desc limit 1`,
    );
    if (!row) throw new Error('no verification e-mail in the outbox');
    return new URL(row.url).searchParams.get('token')!;
  };
}

/** Registers users numbered from 1 per app, each with a unique e-mail, and verifies them unless told not to. */
function createUserRegistrar(
  request: TestApp['request'],
  verificationToken: TestApp['verificationToken'],
): TestApp['registerUser'] {
  let counter = 0;
  return async (overrides = {}) => {
    counter += 1;
    const email = overrides.email ?? `user${counter}-${crypto.randomBytes(4).toString('hex')}@farol.test`;
    const password = overrides.password ?? 'senhaSegura1';
    const response = await request('POST', '/api/auth/register', {
      body: { name: overrides.name ?? `Usuária ${counter}`, email, password, confirmPassword: password },
      headers: overrides.language ? { 'accept-language': overrides.language } : {},
    });
    if (response.status !== 201) throw new Error(`register failed: ${response.status} ${response.text}`);
    if (overrides.verified === false)
      return { token: response.body.token, user: response.body.user, email, password };
    // signed in as the account, as its owner opening the link in the same browser would be
    const verified = await request('POST', '/api/auth/verify-email', {
      token: response.body.token,
      body: { token: await verificationToken(response.body.user.id) },
    });
    if (verified.status !== 200) throw new Error(`verify failed: ${verified.status} ${verified.text}`);
    // a confirmation that made the account admin ended the registration's session and answered a new one
    const token = verified.body.token ?? response.body.token;
    return { token, user: verified.body.user, email, password };
  };
}

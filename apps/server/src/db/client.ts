import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { lockEmbeddedDatabase, type EmbeddedHolder } from './embedded-lock.ts';

export type Db = PgDatabase<PgQueryResultHKT>;
export type DbTransaction = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or an open transaction: repositories accept both. */
export type DbExecutor = Db | DbTransaction;

export type Database = {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Runs a multi-statement SQL script in one transaction (migrations). */
  runScript: (script: string) => Promise<void>;
  /** Server version string, for /api/health. */
  version: () => Promise<string>;
  /**
   * Runs schema work (migrations, the job queue's tables) while no other instance does: on PostgreSQL
   * behind a session advisory lock, so N instances starting together on an empty database take turns
   * (the first creates, the others find it done) instead of deadlocking on each other's DDL.
   */
  serializeStartup: <T>(work: () => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
  /** The underlying pool when on PostgreSQL (pg-boss shares it), else undefined. */
  pool?: pg.Pool;
};

export type DatabaseOptions = {
  /** postgres:// URL; when absent, embedded PGlite is used. */
  databaseUrl?: string;
  /** Directory for PGlite's files; `undefined` keeps PGlite in memory (tests). */
  pgliteDir?: string;
  /** Who opens the embedded database, named to a second process that tries (default: server). */
  holder?: EmbeddedHolder;
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.pgliteDir, options.holder ?? 'server');
}

async function openPglite(dir: string | undefined, holder: EmbeddedHolder): Promise<Database> {
  let release = () => undefined as void;
  if (dir) {
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    release = lockEmbeddedDatabase(dir, path.dirname(dir), holder);
  }
  const client = dir ? new PGlite(dir) : new PGlite();
  try {
    await client.waitReady;
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite({ client }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    runScript: async (script) => {
      await client.transaction(async (tx) => {
        await tx.exec(script);
      });
    },
    version: async () => {
      const result = await client.query<{ version: string }>('select version() as version');
      return `PGlite ${result.rows[0]?.version ?? ''}`.trim();
    },
    // one process holds the embedded database: nothing to take turns with
    serializeStartup: (work) => work(),
    close: async () => {
      if (!client.closed) await client.close();
      release();
    },
  };
}

// Arbitrary constant, other than the migrations' own lock: held by one starting instance at a time.
const STARTUP_LOCK_ID = 7_420_316;

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection dropped by the server (restart, failover) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', () => undefined);
  // Fail fast with a clear error when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePostgres({ client: pool }) as unknown as Db;
  return {
    db,
    engine: 'postgres',
    pool,
    runScript: async (script) => {
      const connection = await pool.connect();
      try {
        await connection.query('BEGIN');
        await connection.query(script);
        await connection.query('COMMIT');
      } catch (error) {
        await connection.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        connection.release();
      }
    },
    version: async () => {
      const result = await pool.query<{ version: string }>('show server_version');
      return `PostgreSQL ${result.rows[0]?.version ?? ''}`.trim();
    },
    serializeStartup: async (work) => {
      const connection = await pool.connect();
      try {
        await connection.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_ID]);
        try {
          return await work();
        } finally {
          await connection.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_ID]).catch(() => undefined);
        }
      } finally {
        connection.release();
      }
    },
    close: async () => {
      await pool.end();
    },
  };
}

/** Runs raw SQL and returns its rows, the same on PGlite and node-postgres (both answer `{ rows }`). */
export async function selectRows<T>(executor: DbExecutor, query: SQL | string): Promise<T[]> {
  const result = (await executor.execute(typeof query === 'string' ? sql.raw(query) : query)) as unknown as {
    rows: T[];
  };
  return result.rows;
}

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client.ts';

/** Where the committed SQL migrations are, from src/db (tests) or dist (built server). */
export function findMigrationsDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.resolve(here, '../../migrations'), path.resolve(here, '../migrations')]) {
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error(`migrations folder not found near ${here}`);
}

// Arbitrary constant: the advisory lock that serialises concurrent start-ups on one PostgreSQL.
const MIGRATION_LOCK_ID = 7_420_315;

/**
 * Applies `NNNN_name.sql` files in name order, each once, recorded in `farol_migrations`. Every file runs
 * in its own transaction behind an advisory lock, so two instances starting together apply each once,
 * and running it twice is a no-op.
 */
export async function migrate(database: Database, dir = findMigrationsDir()): Promise<string[]> {
  const files = fs
    .readdirSync(dir)
    .filter((file) => /^\d{4}_[\w-]+\.sql$/.test(file))
    .sort();
  await database.runScript(
    'CREATE TABLE IF NOT EXISTS farol_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());',
  );
  const applied: string[] = [];
  for (const file of files) {
    const body = fs.readFileSync(path.join(dir, file), 'utf8');
    const name = file.replace(/'/g, "''");
    // The guard and the insert run inside the migration's own transaction.
    const script = `
      SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_ID});
      DO $farol$ BEGIN
        IF EXISTS (SELECT 1 FROM farol_migrations WHERE name = '${name}') THEN
          RAISE EXCEPTION 'farol_migration_already_applied';
        END IF;
      END $farol$;
      ${body}
      ;
      INSERT INTO farol_migrations (name) VALUES ('${name}');`;
    try {
      await database.runScript(script);
      applied.push(file);
    } catch (error) {
      if (String((error as Error).message).includes('farol_migration_already_applied')) continue;
      throw new Error(`migration ${file} failed: ${(error as Error).message}`);
    }
  }
  return applied;
}

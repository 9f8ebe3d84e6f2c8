// Test helper (also read by the benchmarks): a fresh PostgreSQL database per test app or run.
import crypto from 'node:crypto';
import pg from 'pg';

/** A new, empty PostgreSQL database (DATABASE_URL's server) and how to drop it. */
export async function createPostgresDatabase(
  adminUrl = process.env.DATABASE_URL!,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `farol_t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, selectRows, type Database } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { createEncryption } from './lib/encryption.ts';
import { forEachEngine, startTestApp } from './test/harness.ts';
import { createPostgresDatabase } from './test/postgres-database.ts';

const ENCRYPTION_KEY = crypto.randomBytes(32).toString('hex');
const encryption = createEncryption(ENCRYPTION_KEY);
const unseal = (name: string, value: string) => encryption.decrypt(value, `server-secret:${name}`);

/** A migrated database of the engine, for rows written before the app starts; `drop` removes a PostgreSQL one. */
async function freshDatabase(engine: 'pglite' | 'postgres') {
  const postgres = engine === 'postgres' ? await createPostgresDatabase() : undefined;
  const database: Database = await openDatabase({ databaseUrl: postgres?.url });
  await migrate(database);
  return { database, drop: async () => postgres?.drop() };
}

const storedSecrets = (database: Database) =>
  selectRows<{ name: string; value: string }>(database.db, sql`select name, value from server_secrets`);

forEachEngine((engine) => {
  describe('secrets the server generates for itself', () => {
    it('keeps the Telegram secret, the VAPID pair and (on PostgreSQL) the session secret encrypted with ENCRYPTION_KEY', async () => {
      const { database, drop } = await freshDatabase(engine);
      const t = await startTestApp({
        engine,
        env: { JWT_SECRET: undefined, ENCRYPTION_KEY },
        deps: { database },
      });
      try {
        const rows = Object.fromEntries((await storedSecrets(database)).map((row) => [row.name, row.value]));
        const expected = [
          'telegram-webhook-secret',
          'vapid-keys',
          ...(engine === 'postgres' ? ['jwt-secret'] : []),
        ];
        expect(Object.keys(rows)).toEqual(expect.arrayContaining(expected));
        for (const name of expected) expect(rows[name]).toMatch(/^v1:/);
        expect(unseal('telegram-webhook-secret', rows['telegram-webhook-secret']!)).toBe(
          t.app.telegram.webhookSecret,
        );
        const vapid = JSON.parse(unseal('vapid-keys', rows['vapid-keys']!));
        expect(vapid.publicKey).toBe(t.app.push.publicKey);
        expect(JSON.stringify(rows)).not.toContain(vapid.privateKey);
        expect(JSON.stringify(rows)).not.toContain(t.app.telegram.webhookSecret);
        // sessions signed with the stored secret still work
        const { token } = await t.registerUser();
        expect((await t.request('GET', '/api/user/profile', { token })).status).toBe(200);
      } finally {
        await t.close();
        await drop();
      }
    });

    it('reads a plaintext secret an older version stored, and seals it in place', async () => {
      const { database, drop } = await freshDatabase(engine);
      const oldSecret = crypto.randomBytes(32).toString('hex');
      await database.db.execute(
        sql`insert into server_secrets (name, value) values ('telegram-webhook-secret', ${oldSecret})`,
      );
      const t = await startTestApp({
        engine,
        env: { JWT_SECRET: undefined, ENCRYPTION_KEY },
        deps: { database },
      });
      try {
        expect(t.app.telegram.webhookSecret).toBe(oldSecret);
        const [row] = (await storedSecrets(database)).filter(
          (secret) => secret.name === 'telegram-webhook-secret',
        );
        expect(row!.value).toMatch(/^v1:/);
        expect(unseal('telegram-webhook-secret', row!.value)).toBe(oldSecret);
      } finally {
        await t.close();
        await drop();
      }
    });
  });
});

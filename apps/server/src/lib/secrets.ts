import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { serverSecrets } from '../db/schema/server-secrets.ts';

/**
 * Returns the secret kept in `DATA_DIR/<name>`, creating a random one (hex, owner-only file) on first
 * start, so a default install is secure without anyone choosing a secret.
 */
export function loadOrCreateSecret(dataDir: string, name: string, bytes = 32): string {
  const file = path.join(dataDir, name);
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= bytes * 2) return existing;
  } catch {
    // not created yet
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(bytes).toString('hex');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Returns the secret `name` kept in the shared database, creating a random one the first time: every
 * instance on one PostgreSQL reads the same value, so a session token signed by one is valid on all.
 */
export async function loadOrCreateSharedSecret(db: Db, name: string, bytes = 32): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name, value: crypto.randomBytes(bytes).toString('hex') })
    .onConflictDoNothing({ target: serverSecrets.name });
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`shared secret ${name} could not be read back`);
  return row.value;
}

/** Why a deployment on PostgreSQL must bring its own encryption key, and how to make one. */
export const MISSING_ENCRYPTION_KEY =
  'ENCRYPTION_KEY is required with DATABASE_URL: every instance must decrypt the stored API keys with the same key, ' +
  'kept outside the database that holds them. Make one with `openssl rand -hex 32` and set it on every instance.';

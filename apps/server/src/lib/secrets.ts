import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { serverSecrets } from '../db/schema/server-secrets.ts';
import type { Encryption } from './encryption.ts';

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

/** What a stored secret is sealed with: ENCRYPTION_KEY, which never lives in the database. */
const secretContext = (name: string) => `server-secret:${name}`;
/** Values written before secrets were sealed are plaintext (hex, or JSON for the VAPID pair). */
const isSealed = (value: string) => value.startsWith('v1:');

/**
 * Returns the value `name` kept in the shared database, storing `make()` the first time: every instance on
 * one database reads the same value (the first writer wins a race), so what one signs all accept. The value
 * is stored encrypted with ENCRYPTION_KEY, so a copy of the database (a backup, a read replica, an SQL
 * injection) cannot forge sessions, Telegram updates or pushes; a plaintext value from an older version is
 * read and sealed in place.
 */
export async function loadOrCreateSharedValue(
  db: Db,
  encryption: Encryption,
  name: string,
  make: () => string,
): Promise<string> {
  const context = secretContext(name);
  await db
    .insert(serverSecrets)
    .values({ name, value: encryption.encrypt(make(), context) })
    .onConflictDoNothing({ target: serverSecrets.name });
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`shared secret ${name} could not be read back`);
  if (!isSealed(row.value)) {
    await db
      .update(serverSecrets)
      .set({ value: encryption.encrypt(row.value, context) })
      .where(and(eq(serverSecrets.name, name), eq(serverSecrets.value, row.value)));
    return row.value;
  }
  const value = encryption.tryDecrypt(row.value, context);
  if (value === undefined)
    throw new Error(
      `the stored ${name} cannot be decrypted with this ENCRYPTION_KEY: start with the key the deployment was set up with`,
    );
  return value;
}

/** A random secret (hex) kept in the shared database: a session token signed by one instance is valid on all. */
export const loadOrCreateSharedSecret = (
  db: Db,
  encryption: Encryption,
  name: string,
  bytes = 32,
): Promise<string> =>
  loadOrCreateSharedValue(db, encryption, name, () => crypto.randomBytes(bytes).toString('hex'));

/** Compares a secret someone sent with the expected one in constant time (no early exit on a mismatch). */
export function isSameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const sent = Buffer.from(given);
  const wanted = Buffer.from(expected);
  return sent.length === wanted.length && crypto.timingSafeEqual(sent, wanted);
}

/** Why a deployment on PostgreSQL must bring its own encryption key, and how to make one. */
export const MISSING_ENCRYPTION_KEY =
  'ENCRYPTION_KEY is required with DATABASE_URL: every instance must decrypt the stored API keys with the same key, ' +
  'kept outside the database that holds them. Make one with `openssl rand -hex 32` and set it on every instance.';

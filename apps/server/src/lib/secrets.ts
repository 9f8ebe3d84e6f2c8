import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

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

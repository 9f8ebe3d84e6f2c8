import crypto from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12; // GCM's recommended nonce size
const FORMAT_VERSION = 'v1';

export type Encryption = {
  /** Encrypts `plaintext`; `context` (e.g. "user-id:openai") is authenticated, so a copied row fails to decrypt. */
  encrypt: (plaintext: string, context: string) => string;
  /** Decrypts what `encrypt` produced with the same context; throws when the key, context or data differ. */
  decrypt: (sealed: string, context: string) => string;
  /**
   * `decrypt` for a stored secret: undefined instead of throwing when it cannot be read back (ENCRYPTION_KEY
   * lost or changed, a damaged row), so the caller says what the owner must do.
   */
  tryDecrypt: (sealed: string, context: string) => string | undefined;
};

/** AES-256-GCM with a random nonce per value; output "v1:<iv>:<tag>:<ciphertext>" in base64url. */
export function createEncryption(keyHex: string): Encryption {
  const key = Buffer.from(keyHex, 'hex');
  if (key.length !== 32) throw new Error('encryption key must be 32 bytes (64 hex characters)');
  const decrypt: Encryption['decrypt'] = (sealed, context) => {
    const [version, iv, tag, ciphertext] = sealed.split(':');
    if (version !== FORMAT_VERSION || !iv || !tag || ciphertext === undefined)
      throw new Error('unknown encrypted value format');
    const decipher = crypto.createDecipheriv(ALGORITHM, key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  };
  return {
    encrypt: (plaintext, context) => {
      const iv = crypto.randomBytes(IV_BYTES);
      const cipher = crypto.createCipheriv(ALGORITHM, key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [FORMAT_VERSION, iv, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join(':');
    },
    decrypt,
    tryDecrypt: (sealed, context) => {
      try {
        return decrypt(sealed, context);
      } catch {
        // a wrong key, context or damaged data all fail GCM's authentication: nothing here is readable
        return undefined;
      }
    },
  };
}

/** Where a secret that no longer opens is reported (the app's logger, or none). */
export type SecretWarningLog = { warn: (details: object, message: string) => void };

/**
 * A stored secret, decrypted; undefined when it cannot be (ENCRYPTION_KEY lost or changed, a damaged row),
 * after one warning that names whose secret it is (`owner`: user id, what the secret is for) and never the
 * secret or its sealed text.
 */
export function openStoredSecret(
  context: { encryption: Encryption; log?: SecretWarningLog | undefined },
  sealed: string,
  sealedWith: string,
  owner: Record<string, string>,
): string | undefined {
  const secret = context.encryption.tryDecrypt(sealed, sealedWith);
  if (secret === undefined)
    context.log?.warn(
      owner,
      'a stored secret can no longer be decrypted (ENCRYPTION_KEY changed, or a damaged value)',
    );
  return secret;
}

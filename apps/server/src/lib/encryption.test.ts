import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createEncryption, openStoredSecret } from './encryption.ts';

const newKey = () => crypto.randomBytes(32).toString('hex');

describe('stored secrets', () => {
  const encryption = createEncryption(newKey());
  const sealed = encryption.encrypt('sk-secret-value', 'user-1:openai');

  it('opens what it sealed with the same context, and nothing sealed with another key, context or damaged', () => {
    expect(encryption.tryDecrypt(sealed, 'user-1:openai')).toBe('sk-secret-value');
    expect(createEncryption(newKey()).tryDecrypt(sealed, 'user-1:openai')).toBeUndefined();
    expect(encryption.tryDecrypt(sealed, 'user-2:openai')).toBeUndefined();
    const [version, iv, tag, ciphertext] = sealed.split(':');
    const flipped = `${ciphertext!.slice(0, -2)}${ciphertext!.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(encryption.tryDecrypt([version, iv, tag, flipped].join(':'), 'user-1:openai')).toBeUndefined();
    expect(encryption.tryDecrypt('v1:damaged', 'user-1:openai')).toBeUndefined();
    expect(encryption.tryDecrypt('', 'user-1:openai')).toBeUndefined();
    // decrypt itself still throws, for callers that must stop
    expect(() => createEncryption(newKey()).decrypt(sealed, 'user-1:openai')).toThrow();
  });

  it('warns once, naming the owner and never the secret or its sealed text, when a stored secret no longer opens', () => {
    const warnings: { details: object; message: string }[] = [];
    const log = { warn: (details: object, message: string) => warnings.push({ details, message }) };
    const owner = { userId: 'user-1', provider: 'openai' };
    expect(openStoredSecret({ encryption, log }, sealed, 'user-1:openai', owner)).toBe('sk-secret-value');
    expect(warnings).toEqual([]);
    const otherKey = createEncryption(newKey());
    expect(openStoredSecret({ encryption: otherKey, log }, sealed, 'user-1:openai', owner)).toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.details).toEqual(owner);
    expect(JSON.stringify(warnings)).not.toContain('sk-secret-value');
    expect(JSON.stringify(warnings)).not.toContain(sealed.split(':')[3]);
  });
});

import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id; these are OWASP's minimum recommended costs for it.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against a throwaway hash keeps a login for an unknown e-mail as slow as a wrong password.
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string) {
  dummyHash ??= hashPassword('farol-dummy-password-1');
  await verifyPassword(await dummyHash, password);
}

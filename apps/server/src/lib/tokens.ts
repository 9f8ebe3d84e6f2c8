import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

/** What a session token says: whose it is, the user's token version when signed, and its own session id. */
export type TokenClaims = { userId: string; tokenVersion: number; sessionId: string; expiresAt: Date };

/**
 * HS256 session tokens: `sub` is the user id, `ver` the user's token version (bumped on password change and
 * on "sign out everywhere"), `jti` the session's id (a signed-out session is refused by its id).
 */
export function createTokenService(secret: string, now: () => Date) {
  // imported once: handed raw bytes, jose would import the key again for every token it signs or checks
  const key = crypto.webcrypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return {
    sign: async ({ userId, tokenVersion }: { userId: string; tokenVersion: number }) => {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ ver: tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setJti(crypto.randomUUID())
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + TOKEN_LIFETIME_SECONDS)
        .setIssuer('farol')
        .sign(await key);
    },
    /** Returns the claims, or undefined for a tampered, expired or malformed token. */
    verify: async (token: string): Promise<TokenClaims | undefined> => {
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          issuer: 'farol',
          currentDate: now(),
        });
        const { sub, ver, jti, exp } = payload;
        if (typeof sub !== 'string' || typeof ver !== 'number' || typeof jti !== 'string' || !exp)
          return undefined;
        return { userId: sub, tokenVersion: ver, sessionId: jti, expiresAt: new Date(exp * 1000) };
      } catch {
        return undefined;
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;

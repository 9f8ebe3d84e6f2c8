import { SignJWT, jwtVerify } from 'jose';

export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

export type TokenClaims = { userId: string; tokenVersion: number };

/** HS256 session tokens: `sub` is the user id, `ver` the user's token version (bumped on password change). */
export function createTokenService(secret: string, now: () => Date) {
  const key = new TextEncoder().encode(secret);
  return {
    sign: async ({ userId, tokenVersion }: TokenClaims) => {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ ver: tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + TOKEN_LIFETIME_SECONDS)
        .setIssuer('farol')
        .sign(key);
    },
    /** Returns the claims, or undefined for a tampered, expired or malformed token. */
    verify: async (token: string): Promise<TokenClaims | undefined> => {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: 'farol',
          currentDate: now(),
        });
        if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return undefined;
        return { userId: payload.sub, tokenVersion: payload.ver };
      } catch {
        return undefined;
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;

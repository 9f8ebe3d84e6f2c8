import crypto from 'node:crypto';
import {
  apiAccessLimits,
  API_TOKEN_PREFIX,
  type ApiToken,
  type ApiTokenList,
  type CreateApiTokenRequest,
  type CreatedApiToken,
} from '@farol/contract';
import type { Db } from '../../db/client.ts';
import type { ApiTokenRow } from '../../db/schema/api-tokens.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Actor } from '../../plugins/auth.ts';
import { noticeAccessAdded, requireVerifiedAddress } from '../users/account-access.service.ts';
import { lockUserRow } from '../users/users.repository.ts';
import { countApiTokens, deleteApiToken, insertApiToken, selectApiTokens } from './api-tokens.repository.ts';

/** Requests one token may make per minute (each token has its own count). */
export const API_TOKEN_REQUESTS_PER_MINUTE = apiAccessLimits.requestsPerMinute;
export const API_TOKEN_WINDOW_MS = 60_000;

/**
 * What the database keeps of a token. SHA-256 and not a password hash on purpose: the secret is 256 random
 * bits, not something a person chose, so there is no dictionary to try against a stolen table and a slow
 * hash would add nothing but its cost to every API call (which must find the token by this value).
 */
export const hashApiToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

const toApiToken = (row: ApiTokenRow): ApiToken => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  requestCount: row.requestCount,
  expiresAt: row.expiresAt.toISOString(),
});

/**
 * Creates a token for a plan with API access and a verified address, within its number of tokens (checked
 * under a lock on the user's row, so concurrent requests cannot pass it together); it lives the chosen number
 * of days, the owner is e-mailed, and the secret is answered only here.
 */
export async function createApiToken(
  deps: { db: Db; now: () => Date },
  actor: Actor,
  input: CreateApiTokenRequest,
): Promise<CreatedApiToken> {
  const maxTokens = actor.entitlements.apiTokens;
  if (maxTokens === 0) throw new AppError('api_tokens_require_pro', {}, { requiresUpgrade: true });
  requireVerifiedAddress(actor);
  const token = API_TOKEN_PREFIX + crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(deps.now().getTime() + input.expiresInDays * 86_400_000);
  const row = await deps.db.transaction(async (tx) => {
    await lockUserRow(tx, actor.id);
    if ((await countApiTokens(tx, actor.id)) >= maxTokens)
      throw new AppError('api_token_limit_reached', { max: maxTokens });
    const inserted = await insertApiToken(tx, {
      userId: actor.id,
      name: input.name,
      tokenHash: hashApiToken(token),
      expiresAt,
    });
    await noticeAccessAdded(tx, actor, 'api-token', input.name);
    return inserted;
  });
  return { ...toApiToken(row), token };
}

/** The caller's tokens (any plan: a user whose plan lapsed still sees and revokes them) and the plan's limits. */
export async function listApiTokens(db: Db, actor: Actor): Promise<ApiTokenList> {
  return {
    tokens: (await selectApiTokens(db, actor.id)).map(toApiToken),
    maxTokens: actor.entitlements.apiTokens,
    requestsPerMinute: API_TOKEN_REQUESTS_PER_MINUTE,
  };
}

/** Revokes one of the caller's tokens: the next request that sends it is refused. */
export async function revokeApiToken(db: Db, actor: Actor, id: string): Promise<void> {
  if (!(await deleteApiToken(db, actor.id, id))) throw new AppError('api_token_not_found');
}

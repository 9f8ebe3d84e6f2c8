import type { ApiKeyStatus, KeyProvider } from '@farol/contract';
import type { Actor } from '../../plugins/auth.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { openStoredSecret, type Encryption, type SecretWarningLog } from '../../lib/encryption.ts';
import type { UserApiKeyRow } from '../../db/schema/chat.ts';
import { geminiKeyCheck } from '../../providers/gemini/client.ts';
import { openAiKeyCheck } from '../../providers/openai/client.ts';
import {
  deleteApiKey,
  findApiKey,
  listApiKeys,
  markApiKeyVerified,
  upsertApiKeys,
  type ApiKeyUpsert,
} from './api-keys.repository.ts';
import type { KeyCheckRequest, KeyCheckResult } from './api-keys.types.ts';

export type ApiKeysContext = {
  db: Db;
  config: Config;
  encryption: Encryption;
  /** Told (a warning) when a stored key no longer decrypts. */
  log?: SecretWarningLog | undefined;
};

/** How users read the provider's name in messages. */
export const providerLabels = { openai: 'OpenAI', gemini: 'Gemini' } as const satisfies Record<
  KeyProvider,
  string
>;

// The row's owner and provider are authenticated with the ciphertext: a key copied to another row fails.
const encryptionContext = (userId: string, provider: KeyProvider) => `${userId}:${provider}`;

/** The stored key in plain text; undefined (and a warning logged) when it no longer decrypts. */
const openKey = (context: Pick<ApiKeysContext, 'encryption' | 'log'>, row: UserApiKeyRow) =>
  openStoredSecret(context, row.encryptedKey, encryptionContext(row.userId, row.provider), {
    userId: row.userId,
    provider: row.provider,
  });

function keyCheckRequest(config: Config, provider: KeyProvider, apiKey: string): KeyCheckRequest {
  return provider === 'openai'
    ? openAiKeyCheck(config.OPENAI_BASE_URL, apiKey)
    : geminiKeyCheck(config.GEMINI_BASE_URL, apiKey);
}

/** One cheap authenticated call: accepted, refused, or no verdict (network error, timeout, 5xx, 429). */
export async function checkApiKey(
  config: Config,
  provider: KeyProvider,
  apiKey: string,
): Promise<KeyCheckResult> {
  const check = keyCheckRequest(config, provider, apiKey);
  try {
    const response = await fetch(check.url, {
      headers: check.headers,
      signal: AbortSignal.timeout(config.UPSTREAM_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.ok) return 'valid';
    return check.isRejected(response.status) ? 'rejected' : 'unreachable';
  } catch {
    return 'unreachable';
  }
}

/** Which keys are stored, whether each was confirmed by its provider, and any that must be entered again. */
export async function getApiKeyStatus(
  context: Pick<ApiKeysContext, 'db' | 'encryption' | 'log'>,
  userId: string,
): Promise<ApiKeyStatus> {
  const rows = await listApiKeys(context.db, userId);
  const byProvider = new Map(rows.map((row) => [row.provider, row]));
  const openai = byProvider.get('openai');
  const gemini = byProvider.get('gemini');
  const isUnreadable = (row: UserApiKeyRow) => openKey(context, row) === undefined;
  return {
    hasOpenaiApiKey: openai !== undefined,
    hasGeminiApiKey: gemini !== undefined,
    ...(openai ? { openaiVerified: openai.verified } : {}),
    ...(gemini ? { geminiVerified: gemini.verified } : {}),
    ...(openai && isUnreadable(openai) ? { openaiUnreadable: true } : {}),
    ...(gemini && isUnreadable(gemini) ? { geminiUnreadable: true } : {}),
  };
}

/**
 * Checks each given key against its provider, then stores them all encrypted, or none: a rejected key
 * fails the whole request (400 naming the provider). A key whose provider cannot be reached is stored
 * unverified. An absent key leaves the stored one untouched.
 */
/** Checks and stores the given keys (encrypted); answers whether any is stored without being confirmed. */
export async function saveApiKeys(
  context: ApiKeysContext,
  actor: Actor,
  keys: { openaiApiKey?: string | undefined; geminiApiKey?: string | undefined },
): Promise<{ unverified: boolean }> {
  const userId = actor.id;
  const given = (
    [
      ['openai', keys.openaiApiKey],
      ['gemini', keys.geminiApiKey],
    ] as const
  ).filter((entry): entry is readonly [KeyProvider, string] => entry[1] !== undefined);
  if (given.length === 0) throw new AppError('api_key_required');
  const results = await Promise.all(
    given.map(([provider, apiKey]) => checkApiKey(context.config, provider, apiKey)),
  );
  const rejected = given.find((_, index) => results[index] === 'rejected');
  if (rejected)
    throw new AppError(
      'api_key_rejected',
      { provider: providerLabels[rejected[0]] },
      { provider: rejected[0] },
    );
  const rows: ApiKeyUpsert[] = given.map(([provider, apiKey], index) => ({
    provider,
    encryptedKey: context.encryption.encrypt(apiKey, encryptionContext(userId, provider)),
    verified: results[index] === 'valid',
  }));
  await upsertApiKeys(context.db, userId, rows);
  return { unverified: rows.some((row) => !row.verified) };
}

export async function removeApiKey(db: Db, actor: Actor, provider: KeyProvider): Promise<void> {
  // Removing a key that is not there is still "removed": the outcome the user asked for holds.
  await deleteApiKey(db, actor.id, provider);
}

/**
 * The user's key for one outgoing call, decrypted; undefined when none is stored. A stored key that no longer
 * decrypts is the user's to fix (409 `api_key_unreadable`: enter it again), never an answer from another model.
 */
export async function loadApiKey(
  context: ApiKeysContext,
  userId: string,
  provider: KeyProvider,
): Promise<{ apiKey: string; verified: boolean } | undefined> {
  const row = await findApiKey(context.db, userId, provider);
  if (!row) return undefined;
  const apiKey = openKey(context, row);
  if (apiKey === undefined)
    throw new AppError('api_key_unreadable', { provider: providerLabels[provider] }, { provider });
  return { apiKey, verified: row.verified };
}

/** Records that a key stored unverified has now been accepted by its provider. */
export async function confirmApiKey(db: Db, userId: string, provider: KeyProvider): Promise<void> {
  await markApiKeyVerified(db, userId, provider);
}

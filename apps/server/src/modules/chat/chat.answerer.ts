import { keyProviders, type AiUsage, type CatalogPlanId, type KeyProvider } from '@farol/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Encryption, SecretWarningLog } from '../../lib/encryption.ts';
import type { Actor } from '../../plugins/auth.ts';
import { findApiKey } from '../api-keys/api-keys.repository.ts';
import { loadApiKey } from '../api-keys/api-keys.service.ts';
import { readDailyUsage } from './chat.repository.ts';

/**
 * Who writes a user's answers: their own key for their chosen provider always wins (and is not counted);
 * without one, a paying plan's included answers use the operator's key (AI_OPENAI_API_KEY /
 * AI_GEMINI_API_KEY, the chosen provider's when the operator has it) within the plan's daily allowance;
 * otherwise Farol's built-in analyst.
 */
export type Answerer =
  | { kind: 'own_key'; provider: KeyProvider; apiKey: string; verified: boolean }
  | { kind: 'included'; provider: KeyProvider; apiKey: string; limit: number }
  | { kind: 'built_in' };

type AnswererContext = { db: Db; config: Config; encryption: Encryption; log?: SecretWarningLog | undefined };

const operatorKeys = (config: Config): Partial<Record<KeyProvider, string>> => ({
  openai: config.AI_OPENAI_API_KEY,
  gemini: config.AI_GEMINI_API_KEY,
});

/** The operator's key for the user's chosen provider, else for the other one; undefined without any. */
export function operatorKey(config: Config, preferred: KeyProvider) {
  const keys = operatorKeys(config);
  const provider = keys[preferred] ? preferred : keyProviders.find((candidate) => keys[candidate]);
  return provider ? { provider, apiKey: keys[provider]! } : undefined;
}

/** A catalogue plan's included answers a day: 0 without operator keys or on the free plan. */
export function includedAnswersOfPlan(config: Config, plan: CatalogPlanId): number {
  if (!operatorKey(config, 'openai')) return 0;
  if (plan === 'iniciante') return config.AI_INCLUDED_ANSWERS_INICIANTE;
  // Enterprise starts from Profissional's allowance
  if (plan === 'profissional' || plan === 'enterprise') return config.AI_INCLUDED_ANSWERS_PROFISSIONAL;
  return 0;
}

/** The user's included answers a day: the plan's, and no limit (-1) for admins when operator keys exist. */
export function includedAllowance(config: Config, entitlements: Actor['entitlements']): number {
  if (entitlements.isAdmin && operatorKey(config, 'openai')) return -1;
  return includedAnswersOfPlan(config, entitlements.plan);
}

export async function chooseAnswerer(context: AnswererContext, actor: Actor): Promise<Answerer> {
  const preferred = actor.preferences.aiProvider;
  const own = await loadApiKey(context, actor.id, preferred);
  if (own) return { kind: 'own_key', provider: preferred, ...own };
  const operator = operatorKey(context.config, preferred);
  const limit = includedAllowance(context.config, actor.entitlements);
  if (operator && limit !== 0) return { kind: 'included', ...operator, limit };
  return { kind: 'built_in' };
}

/** What the chat header says: who answers now, and the included answers of today. */
export async function describeAiUsage(
  context: Pick<AnswererContext, 'db' | 'config'>,
  actor: Actor,
  now: Date,
): Promise<AiUsage> {
  const preferred = actor.preferences.aiProvider;
  if (await findApiKey(context.db, actor.id, preferred))
    return { answeredBy: 'own_key', provider: preferred, included: null };
  const operator = operatorKey(context.config, preferred);
  const limit = includedAllowance(context.config, actor.entitlements);
  if (!operator || limit === 0) return { answeredBy: 'built_in', provider: null, included: null };
  const usedToday = (await readDailyUsage(context.db, actor.id, now)).includedAnswers;
  const left = limit < 0 || usedToday < limit;
  return {
    answeredBy: left ? 'included' : 'built_in',
    provider: left ? operator.provider : null,
    included: { provider: operator.provider, limit, usedToday },
  };
}

import type { ChatAiProvider, ChatMessage, ChatStep, KeyProvider } from '@farol/contract';
import type { Language } from '@farol/i18n';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { ChatMessageRow } from '../../db/schema/chat.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Encryption } from '../../lib/encryption.ts';
import type { Actor } from '../../plugins/auth.ts';
import { confirmApiKey, loadApiKey, providerLabels } from '../api-keys/api-keys.service.ts';
import { buildAgentTools } from './chat.agents.ts';
import { disclaimer, generateWithModel, LlmError, streamWithModel } from './chat.llm.ts';
import { composeOfflineNote, type OfflineReason } from './chat.offline.ts';
import { describeBriefing, gatherBriefing } from './chat.orchestrator.ts';
import {
  deleteChatMessages,
  insertChatMessage,
  listChatMessages,
  returnChatSlot,
  takeChatSlot,
  type NewChatMessage,
} from './chat.repository.ts';
import type { ChatData } from './chat.types.ts';

export type ChatContext = {
  db: Db;
  config: Config;
  encryption: Encryption;
  now: () => Date;
  market: ChatData['market'];
  signals: ChatData['signals'];
};

/** What the stream shows while an answer is being made (all optional: POST /message listens to none). */
export type ChatListeners = {
  onStep?: (step: ChatStep, status: 'processing' | 'completed') => void;
  onDelta?: (text: string) => void;
  /** Aborted when the client goes away: the model call stops and nothing is stored. */
  signal?: AbortSignal;
};

export function toChatMessage(row: ChatMessageRow): ChatMessage {
  return {
    id: row.id,
    message: row.message,
    response: row.response,
    createdAt: row.createdAt.toISOString(),
    aiProvider: row.aiProvider,
    metadata: row.metadata,
  };
}

function llmFailureToError(error: LlmError): AppError {
  const provider = providerLabels[error.provider];
  if (error.failure === 'rejected')
    return new AppError('api_key_rejected', { provider }, { provider: error.provider });
  if (error.failure === 'quota')
    return new AppError('ai_quota_exceeded', { provider }, { provider: error.provider });
  return new AppError('ai_provider_unavailable', { provider }, { provider: error.provider });
}

/**
 * Answers one question: takes one of the day's conversations first (given back if no answer is stored),
 * gathers the agents' numbers, has the user's model write the answer (or the built-in analyst when there
 * is no key or the provider cannot be reached), appends the not-financial-advice line and stores the
 * conversation. A rejected key or an exhausted quota is reported, never answered offline: the user must
 * know their key needs attention.
 */
export async function answerQuestion(
  context: ChatContext,
  user: Actor,
  question: string,
  language: Language,
  listeners: ChatListeners = {},
): Promise<ChatMessage> {
  const askedAt = context.now();
  if (!(await takeChatSlot(context.db, user.id, askedAt, user.entitlements.conversationsPerDay)))
    throw new AppError('chat_limit_reached');
  try {
    const row = await insertChatMessage(
      context.db,
      await writeAnswer(context, user, question, language, listeners),
    );
    return toChatMessage(row);
  } catch (error) {
    await returnChatSlot(context.db, user.id, askedAt);
    throw error;
  }
}

/** The answered conversation, ready to store. */
async function writeAnswer(
  context: ChatContext,
  user: Actor,
  question: string,
  language: Language,
  listeners: ChatListeners,
): Promise<NewChatMessage> {
  const onStep = listeners.onStep ?? (() => undefined);
  const data: ChatData = { market: context.market, signals: context.signals, language };
  const briefing = await gatherBriefing(data, question, onStep);

  onStep('response_generation', 'processing');
  const preferred: KeyProvider = user.preferences.aiProvider;
  const key = await loadApiKey(context, user.id, preferred);
  const modelTools = new Set<string>();
  let aiProvider: ChatAiProvider = 'technical_analysis';
  let text: string | undefined;
  let offlineReason: OfflineReason = { kind: 'no_key', provider: preferred };
  let hasStreamed = false;
  if (key) {
    const call = {
      config: context.config,
      provider: preferred,
      apiKey: key.apiKey,
      language,
      briefing,
      question,
      tools: buildAgentTools(data, briefing.agents, modelTools),
      signal: listeners.signal,
    };
    try {
      text = listeners.onDelta
        ? await streamWithModel(call, (delta) => {
            hasStreamed = true;
            listeners.onDelta!(delta);
          })
        : await generateWithModel(call);
      aiProvider = preferred;
      if (!key.verified) await confirmApiKey(context.db, user.id, preferred);
    } catch (error) {
      if (!(error instanceof LlmError)) throw error;
      // Half an answer is never stored, nor patched with the offline note after it; a client that left
      // gets nothing more.
      if (error.failure !== 'unavailable' || hasStreamed || listeners.signal?.aborted)
        throw llmFailureToError(error);
      offlineReason = { kind: 'provider_unavailable', provider: preferred };
    }
  }
  if (text === undefined) {
    text = composeOfflineNote(language, briefing, offlineReason);
    listeners.onDelta?.(text);
  }
  const closing = `\n\n${disclaimer(language)}`;
  listeners.onDelta?.(closing);
  onStep('response_generation', 'completed');
  return {
    userId: user.id,
    message: question,
    response: text + closing,
    aiProvider,
    metadata: describeBriefing(briefing, modelTools),
    createdAt: context.now(),
  };
}

export async function getChatHistory(db: Db, actor: Actor, query: { page: number; limit: number }) {
  const { rows, total } = await listChatMessages(db, actor.id, {
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  const totalPages = Math.max(1, Math.ceil(total / query.limit));
  return {
    messages: rows.map(toChatMessage),
    pagination: {
      currentPage: query.page,
      totalPages,
      totalItems: total,
      hasPreviousPage: query.page > 1,
      hasNextPage: query.page < totalPages,
    },
  };
}

export async function clearChatHistory(db: Db, actor: Actor): Promise<void> {
  await deleteChatMessages(db, actor.id);
}

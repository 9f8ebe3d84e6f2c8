import type { ChatMessage, ChatStep, KeyProvider } from '@farol/contract';
import { accountCurrency, latestMoney, usdMoney } from '../../lib/currency.ts';
import type { Language } from '@farol/i18n';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { ChatMessageRow } from '../../db/schema/chat.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Encryption } from '../../lib/encryption.ts';
import type { Actor } from '../../plugins/auth.ts';
import { confirmApiKey, providerLabels } from '../api-keys/api-keys.service.ts';
import { chooseAnswerer, type Answerer } from './chat.answerer.ts';
import { buildAgentTools } from './chat.agents.ts';
import { disclaimer, generateWithModel, LlmError, streamWithModel } from './chat.llm.ts';
import { composeOfflineNote, type OfflineReason } from './chat.offline.ts';
import { describeBriefing, gatherBriefing } from './chat.orchestrator.ts';
import {
  calendarDay,
  deleteChatMessages,
  insertChatMessage,
  listChatMessages,
  returnChatSlot,
  returnDaily,
  takeChatSlot,
  takeDaily,
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
  log?: { error: (object: object, message: string) => void; warn: (object: object, message: string) => void };
};

/** What the stream shows while an answer is being made (all optional: POST /message listens to none). */
export type ChatListeners = {
  onStep?: (step: ChatStep, status: 'processing' | 'completed') => void;
  onDelta?: (text: string) => void;
  /** Aborted when the client goes away: the model call stops; the words already sent are stored. */
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
 * Answers one question: takes one of the day's conversations first (given back only if the user got no
 * word of an answer), gathers the agents' numbers, has a model write the answer (the user's own key, else
 * the plan's included AI within its daily allowance, else the built-in analyst; see chat.answerer), appends
 * the not-financial-advice line and stores the conversation. A rejected key or an exhausted quota of the
 * user's own key is reported, never answered offline: the user must know their key needs attention.
 *
 * Text once sent is spent: a stream cut after the first word (the client leaving, the model stalling)
 * still counts the conversation and the included answer, and stores the words that were sent, so reading
 * an answer and hanging up before its end cannot be repeated for free.
 */
export async function answerQuestion(
  context: ChatContext,
  user: Actor,
  question: string,
  language: Language,
  listeners: ChatListeners = {},
): Promise<ChatMessage> {
  const askedAt = context.now();
  // before the first step: a key that needs the user's attention (stored but unreadable) is an ordinary
  // error answer, also on the stream
  const answerer = await chooseAnswerer(context, user);
  // the day's conversations are the answers a model writes: the built-in analyst uses none of them
  const takesSlot = answerer.kind !== 'built_in';
  if (takesSlot && !(await takeChatSlot(context.db, user.id, askedAt, user.entitlements.conversationsPerDay)))
    throw new AppError('chat_limit_reached');
  let hasSentText = false;
  const onDelta = listeners.onDelta;
  const watched = onDelta
    ? {
        ...listeners,
        onDelta: (text: string) => {
          hasSentText = true;
          onDelta(text);
        },
      }
    : listeners;
  let answer: WrittenAnswer | undefined;
  let stored: ChatMessage;
  try {
    answer = await writeAnswer(context, user, answerer, question, language, watched);
    stored = toChatMessage(await insertChatMessage(context.db, answer.message));
  } catch (error) {
    // a failure before the first word gives the day's conversation and the included answer back; once words
    // were sent, the answer was delivered and counts
    if (!hasSentText) {
      if (takesSlot) await returnChatSlot(context.db, user.id, askedAt);
      if (answer?.usedIncluded) await returnDaily(context.db, 'includedAnswers', user.id, askedAt);
    }
    throw error;
  }
  // a model was meant to answer but the built-in analyst did (included answers used up, provider down)
  if (takesSlot && answer.message.aiProvider === 'technical_analysis')
    await returnChatSlot(context.db, user.id, askedAt);
  if (answer.interruptedBy !== undefined) throw answer.interruptedBy;
  return stored;
}

type ModelRequest = {
  answerer: Answerer;
  data: ChatData;
  briefing: Awaited<ReturnType<typeof gatherBriefing>>;
  question: string;
  modelTools: Set<string>;
};

/**
 * The model's text and who wrote it (with `interruptedBy` when the stream broke after its first word: the
 * text is what was sent), or why the built-in analyst answers instead.
 */
type ModelAnswer =
  | { text: string; aiProvider: KeyProvider; usedIncluded: boolean; interruptedBy?: unknown }
  | { text?: undefined; offlineReason: OfflineReason };

/**
 * The conversation as it will be stored, whether it used one of the plan's included answers, and the
 * failure to report once it is stored (a stream cut mid-answer).
 */
type WrittenAnswer = { message: NewChatMessage; usedIncluded: boolean; interruptedBy?: unknown };

async function writeAnswer(
  context: ChatContext,
  user: Actor,
  answerer: Answerer,
  question: string,
  language: Language,
  listeners: ChatListeners,
): Promise<WrittenAnswer> {
  const onStep = listeners.onStep ?? (() => undefined);
  const { money } = await latestMoney(context.market, accountCurrency(user)).catch(() => ({
    money: usdMoney,
  }));
  const data: ChatData = { market: context.market, signals: context.signals, language, money };
  const briefing = await gatherBriefing(data, question, onStep);
  onStep('response_generation', 'processing');
  const modelTools = new Set<string>();
  const answer = await askModel(context, user, { answerer, data, briefing, question, modelTools }, listeners);
  const text =
    answer.text ??
    composeOfflineNote(language, briefing, answer.offlineReason, {
      introduce: await startsBuiltInConversation(context.db, user.id, context.now()),
    });
  if (answer.text === undefined) listeners.onDelta?.(text);
  const closing = `\n\n${disclaimer(language)}`;
  listeners.onDelta?.(closing);
  onStep('response_generation', 'completed');
  return {
    message: {
      userId: user.id,
      message: question,
      response: text + closing,
      aiProvider: answer.text === undefined ? 'technical_analysis' : answer.aiProvider,
      metadata: describeBriefing(briefing, modelTools),
      createdAt: context.now(),
    },
    usedIncluded: answer.text !== undefined && answer.usedIncluded,
    ...(answer.text !== undefined && answer.interruptedBy !== undefined
      ? { interruptedBy: answer.interruptedBy }
      : {}),
  };
}

/**
 * Has the chosen model write the answer. An included answer is taken from today's allowance before the
 * call and given back only if no word of it was sent; the operator's key failing (rejected, quota,
 * unreachable) before any text is the operator's problem, so the built-in analyst answers and the failure
 * is logged.
 */
async function askModel(
  context: ChatContext,
  user: Actor,
  request: ModelRequest,
  listeners: ChatListeners,
): Promise<ModelAnswer> {
  const { answerer } = request;
  const preferred = user.preferences.aiProvider;
  if (answerer.kind === 'built_in') return { offlineReason: { kind: 'no_key', provider: preferred } };
  const takenAt = context.now();
  const isIncluded = answerer.kind === 'included';
  if (isIncluded && !(await takeDaily(context.db, 'includedAnswers', user.id, takenAt, answerer.limit)))
    return { offlineReason: { kind: 'included_used_up', provider: answerer.provider } };
  let streamed = '';
  const call = {
    config: context.config,
    provider: answerer.provider,
    apiKey: answerer.apiKey,
    language: request.data.language,
    briefing: request.briefing,
    question: request.question,
    tools: buildAgentTools(request.data, request.briefing.agents, request.modelTools),
    signal: listeners.signal,
  };
  try {
    const text = listeners.onDelta
      ? await streamWithModel(call, (delta) => {
          streamed += delta;
          listeners.onDelta!(delta);
        })
      : await generateWithModel(call);
    if (answerer.kind === 'own_key' && !answerer.verified)
      await confirmApiKey(context.db, user.id, answerer.provider);
    return { text, aiProvider: answerer.provider, usedIncluded: isIncluded };
  } catch (error) {
    const failure = error instanceof LlmError ? llmFailureToError(error) : error;
    // Words already sent are spent: the partial answer is stored as it was read and never patched with
    // the offline note; a client that left gets nothing more.
    if (streamed.trim() !== '')
      return {
        text: streamed.trim(),
        aiProvider: answerer.provider,
        usedIncluded: isIncluded,
        interruptedBy: failure,
      };
    if (isIncluded) await returnDaily(context.db, 'includedAnswers', user.id, takenAt);
    if (!(error instanceof LlmError) || listeners.signal?.aborted) throw failure;
    if (error.failure !== 'unavailable') {
      if (!isIncluded) throw failure;
      context.log?.error(
        { provider: error.provider, failure: error.failure },
        'included AI: the operator key failed',
      );
    }
    return { offlineReason: { kind: 'provider_unavailable', provider: answerer.provider } };
  }
}

/**
 * Whether the built-in analyst says who it is and why it answers: once per conversation, i.e. on the day's
 * first answer, or when the answer before was written by a model.
 */
async function startsBuiltInConversation(db: Db, userId: string, now: Date): Promise<boolean> {
  const { rows } = await listChatMessages(db, userId, { offset: 0, limit: 1 });
  const previous = rows[0];
  return (
    previous === undefined ||
    previous.aiProvider !== 'technical_analysis' ||
    calendarDay(previous.createdAt) !== calendarDay(now)
  );
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

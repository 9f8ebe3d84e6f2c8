import {
  APICallError,
  generateText,
  RetryError,
  stepCountIs,
  streamText,
  type LanguageModel,
  type ToolSet,
} from 'ai';
import type { KeyProvider } from '@farol/contract';
import { translate, type Language } from '@farol/i18n';
import type { Config } from '../../config.ts';
import { geminiChatModel } from '../../providers/gemini/client.ts';
import { openAiChatModel } from '../../providers/openai/client.ts';
import { agentRoles } from './chat.agents.ts';
import type { Briefing } from './chat.briefing.ts';

/** Tool rounds before the model must answer (the briefing already holds the core numbers). */
const MAX_STEPS = 5;
const languageNames: Record<Language, string> = {
  'pt-BR': 'Brazilian Portuguese',
  en: 'English',
  es: 'Spanish',
};

export function chatModel(config: Config, provider: KeyProvider, apiKey: string): LanguageModel {
  return provider === 'openai'
    ? openAiChatModel({ baseUrl: config.OPENAI_BASE_URL, apiKey, model: config.OPENAI_MODEL })
    : geminiChatModel({ baseUrl: config.GEMINI_BASE_URL, apiKey, model: config.GEMINI_MODEL });
}

/** The orchestrator's instructions: the active analysts, the rules on numbers and promises, the briefing. */
export function systemPrompt(language: Language, briefing: Briefing): string {
  return [
    "You are Farol's crypto analysis desk, answering a retail trader. The analysts working on this question:",
    ...briefing.agents.map((agent) => `- ${agentRoles[agent]}`),
    '',
    'Rules:',
    '- Every number you state must come from the briefing below or from a tool result; cite it as given. Never invent or estimate prices, levels or indicator values. If a number is missing, say it is unavailable.',
    "- Quote each coin at its quote.price. State a level's distance only as its distancePercent (measured from that price) and a position's size and risk only as calculate_position_size or the briefing's position gives them; never compute a distance or a size yourself.",
    "- State a coin's 24 h change only as its fundamentals' change24hPercent, naming its source (CoinGecko's and Binance's rolling 24 h differ); never derive it from candles. Name the MACD figure as the 1h histogram in the briefing's currency.",
    '- Never promise or predict returns, never say a price "will" reach a level; speak of scenarios, levels and risk.',
    '- Use the tools when the question needs something the briefing lacks (another indicator or timeframe, a position size).',
    `- Answer in ${languageNames[language]}, concise, markdown allowed; money figures are in ${briefing.currency}. Do not add a financial-advice disclaimer: Farol appends one.`,
    '',
    `Briefing (JSON, from Farol's data; "source":"simulated" means an offline simulated market, say so):`,
    JSON.stringify(briefing),
  ].join('\n');
}

export type LlmFailure = 'rejected' | 'quota' | 'unavailable';

/** What went wrong with the provider, in the three ways a user can act on. */
export function classifyLlmError(error: unknown): LlmFailure {
  const cause = RetryError.isInstance(error) ? error.lastError : error;
  if (APICallError.isInstance(cause)) {
    const body = cause.responseBody ?? '';
    if (cause.statusCode === 401 || cause.statusCode === 403) return 'rejected';
    // Gemini answers 400 API_KEY_INVALID for a wrong key.
    if (cause.statusCode === 400 && /API_KEY_INVALID|api key not valid/i.test(body)) return 'rejected';
    if (cause.statusCode === 429) return 'quota';
  }
  return 'unavailable';
}

export class LlmError extends Error {
  constructor(
    readonly failure: LlmFailure,
    readonly provider: KeyProvider,
    options?: { cause?: unknown },
  ) {
    super(`llm ${failure}`, options);
  }
}

export type LlmCall = {
  config: Config;
  provider: KeyProvider;
  apiKey: string;
  language: Language;
  briefing: Briefing;
  question: string;
  tools: ToolSet;
  /** Aborts the model call (the client went away). */
  signal?: AbortSignal;
};

function callSettings(call: LlmCall) {
  return {
    model: chatModel(call.config, call.provider, call.apiKey),
    system: systemPrompt(call.language, call.briefing),
    prompt: call.question,
    tools: call.tools,
    stopWhen: stepCountIs(MAX_STEPS),
    // No silent retries: a failure is reported (or answered offline) at once.
    maxRetries: 0,
    abortSignal: call.signal,
  };
}

/** One complete answer from the model, tools included. */
export async function generateWithModel(call: LlmCall): Promise<string> {
  try {
    const result = await generateText({
      ...callSettings(call),
      timeout: { totalMs: call.config.AI_TIMEOUT_MS },
    });
    return result.text.trim();
  } catch (error) {
    throw new LlmError(classifyLlmError(error), call.provider, { cause: error });
  }
}

/**
 * The answer streamed: `onDelta` receives the text as the model writes it. A stall longer than the time
 * limit between chunks, or in total, ends it with an LlmError ('unavailable'); `hasStreamed` says whether
 * any text had already been sent.
 */
export async function streamWithModel(call: LlmCall, onDelta: (text: string) => void): Promise<string> {
  let text = '';
  let failure: unknown;
  const result = streamText({
    ...callSettings(call),
    timeout: { totalMs: call.config.AI_TIMEOUT_MS, chunkMs: call.config.AI_TIMEOUT_MS },
    onError: ({ error }) => {
      failure ??= error;
    },
  });
  try {
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta' && part.text) {
        text += part.text;
        onDelta(part.text);
      } else if (part.type === 'error') failure ??= part.error;
      else if (part.type === 'abort') failure ??= new Error('aborted');
    }
  } catch (error) {
    failure ??= error;
  }
  if (failure !== undefined) throw new LlmError(classifyLlmError(failure), call.provider, { cause: failure });
  return text.trim();
}

export const disclaimer = (language: Language) => translate(language, 'chat:disclaimer');

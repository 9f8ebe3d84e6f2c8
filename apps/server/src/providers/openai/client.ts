import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModel } from 'ai';

/**
 * The cheapest authenticated OpenAI call: list the models. Works on every OpenAI-compatible server
 * (Ollama, vLLM, OpenRouter, LM Studio) that OPENAI_BASE_URL may point to.
 */
export function openAiKeyCheck(baseUrl: string, apiKey: string) {
  return {
    url: `${baseUrl.replace(/\/+$/, '')}/models`,
    headers: { authorization: `Bearer ${apiKey}` },
    // OpenAI answers 401 for an unknown key and 403 for a key without access to the project.
    isRejected: (status: number) => status === 401 || status === 403,
  };
}

/** gpt-4o-mini (or OPENAI_MODEL) through the chat-completions API. */
export function openAiChatModel(options: { baseUrl: string; apiKey: string; model: string }): LanguageModel {
  return createOpenAI({ apiKey: options.apiKey, baseURL: options.baseUrl }).chat(options.model);
}

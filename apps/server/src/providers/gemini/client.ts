import { createGoogleGenerativeAI } from '@ai-sdk/google';
import type { LanguageModel } from 'ai';

/** The cheapest authenticated Gemini call: list the models, key in the x-goog-api-key header. */
export function geminiKeyCheck(baseUrl: string, apiKey: string) {
  return {
    url: `${baseUrl.replace(/\/+$/, '')}/models?pageSize=1`,
    headers: { 'x-goog-api-key': apiKey },
    // Gemini answers 400 (reason API_KEY_INVALID) for an unknown key, 403 for a disabled one.
    isRejected: (status: number) => status === 400 || status === 401 || status === 403,
  };
}

/** gemini-2.5-flash (or GEMINI_MODEL) through generateContent. */
export function geminiChatModel(options: { baseUrl: string; apiKey: string; model: string }): LanguageModel {
  return createGoogleGenerativeAI({ apiKey: options.apiKey, baseURL: options.baseUrl })(options.model);
}

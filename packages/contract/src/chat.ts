import { z } from 'zod';
import { paginationSchema, queryInt, multiLineText } from './common.ts';

export const CHAT_MESSAGE_MAX_LENGTH = 2000;

/** Who wrote the answer: the user's OpenAI or Gemini key, or Farol's built-in analyst (no model). */
export const chatAiProviders = ['openai', 'gemini', 'technical_analysis'] as const;
export const chatAiProviderSchema = z.enum(chatAiProviders);
export type ChatAiProvider = z.infer<typeof chatAiProviderSchema>;

export const chatRiskLevels = ['low', 'medium', 'high'] as const;
export const chatRiskLevelSchema = z.enum(chatRiskLevels);
export type ChatRiskLevel = z.infer<typeof chatRiskLevelSchema>;

/** The four analyst agents. */
export const chatAgents = [
  'technical_analyst',
  'fundamental_analyst',
  'risk_manager',
  'market_sentiment',
] as const;
export const chatAgentSchema = z.enum(chatAgents);
export type ChatAgent = z.infer<typeof chatAgentSchema>;

export const chatMetadataSchema = z.object({
  /** 0-100. */
  confidence: z.number().min(0).max(100),
  riskLevel: chatRiskLevelSchema,
  /** The agents and tools that ran, e.g. "technical_analyst", "technical_analyst.get_indicator". */
  analysisUsed: z.array(z.string()),
  /** Coins the question named (symbols). */
  symbols: z.array(z.string()).optional(),
});
export type ChatMetadata = z.infer<typeof chatMetadataSchema>;

/** Chat message. */
export const chatMessageSchema = z.object({
  id: z.string(),
  message: z.string(),
  response: z.string(),
  createdAt: z.string(),
  aiProvider: chatAiProviderSchema,
  metadata: chatMetadataSchema,
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** POST /api/chat/message and /api/chat/stream. */
export const sendChatMessageRequestSchema = z.object({
  message: multiLineText().trim().min(1, 'message_empty').max(CHAT_MESSAGE_MAX_LENGTH, 'message_too_long'),
});
export type SendChatMessageRequest = z.input<typeof sendChatMessageRequestSchema>;

/** GET /api/chat/history?page&limit: newest first. */
export const chatHistoryQuerySchema = z.object({
  page: queryInt(1, 10_000).default(1),
  limit: queryInt(1, 100).default(50),
});
export const chatHistoryResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(chatMessageSchema),
  pagination: paginationSchema,
});
export type ChatHistoryResponse = z.infer<typeof chatHistoryResponseSchema>;

export const clearChatResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** The five steps, reported for real by POST /api/chat/stream. */
export const chatSteps = [
  'market_data',
  'technical_analysis',
  'price_analysis',
  'sentiment_analysis',
  'response_generation',
] as const;
export const chatStepSchema = z.enum(chatSteps);
export type ChatStep = z.infer<typeof chatStepSchema>;

/** Server-sent events of POST /api/chat/stream, by event name. */
export const chatStreamEventSchemas = {
  step: z.object({ id: chatStepSchema, status: z.enum(['processing', 'completed']) }),
  delta: z.object({ text: z.string() }),
  done: z.object({ message: chatMessageSchema }),
  error: z.object({ code: z.string(), message: z.string() }),
} as const;
export type ChatStreamEvent = {
  [K in keyof typeof chatStreamEventSchemas]: { event: K; data: z.infer<(typeof chatStreamEventSchemas)[K]> };
}[keyof typeof chatStreamEventSchemas];

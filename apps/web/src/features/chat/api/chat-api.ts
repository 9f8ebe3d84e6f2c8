import {
  chatHistoryResponseSchema,
  chatMessageSchema,
  clearChatResponseSchema,
  type ChatHistoryResponse,
  type ChatMessage,
} from '@farol/contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client.ts';

// The newest 50 conversations; the server answers newest first and the list shows them reversed.
export const CHAT_HISTORY_URL = '/api/chat/history?limit=50';

export function useChatHistoryQuery() {
  return useQuery({
    queryKey: [CHAT_HISTORY_URL],
    queryFn: ({ signal }) => apiRequest(CHAT_HISTORY_URL, { schema: chatHistoryResponseSchema, signal }),
    select: (answer) => [...answer.data].reverse(),
    meta: { errorTitle: 'chatPage:errors.history' },
  });
}

// The plan's usage (GET /api/subscription/usage) counts every answer: today's conversations and included AI answers.
const USAGE_KEY = ['/api/subscription/usage'];

/**
 * Puts a new answer at the head of the cached history (newest first, as the server keeps it), and has the
 * usage read again: the answer counted against today's conversations (and included answers).
 */
export function addToHistory(queryClient: QueryClient, message: ChatMessage): void {
  void queryClient.invalidateQueries({ queryKey: USAGE_KEY });
  queryClient.setQueryData<ChatHistoryResponse>([CHAT_HISTORY_URL], (previous) =>
    previous
      ? { ...previous, data: [message, ...previous.data.filter((item) => item.id !== message.id)] }
      : {
          success: true,
          data: [message],
          pagination: {
            currentPage: 1,
            totalPages: 1,
            totalItems: 1,
            hasPreviousPage: false,
            hasNextPage: false,
          },
        },
  );
}

/**
 * After a failed question: the server stores an answer cut after its first word (and counts it), so the
 * history and the usage are read again.
 */
export function refreshAfterFailedQuestion(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: USAGE_KEY });
  void queryClient.invalidateQueries({ queryKey: [CHAT_HISTORY_URL] });
}

/** POST /api/chat/message: the whole answer at once (used when the stream cannot start). */
export function sendChatMessage(message: string, signal?: AbortSignal): Promise<ChatMessage> {
  return apiRequest('/api/chat/message', {
    method: 'POST',
    body: { message },
    schema: chatMessageSchema,
    signal,
  });
}

export function useClearChatMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/chat/clear', { method: 'DELETE', schema: clearChatResponseSchema }),
    onSuccess: (answer) => {
      queryClient.removeQueries({ queryKey: [CHAT_HISTORY_URL] });
      void queryClient.invalidateQueries({ queryKey: [CHAT_HISTORY_URL] });
      toast.success(answer.message);
    },
    meta: { errorTitle: 'chatPage:errors.clear' },
  });
}

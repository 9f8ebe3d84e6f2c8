import {
  messageResponseSchema,
  telegramLinkResponseSchema,
  telegramStatusResponseSchema,
} from '@farol/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client.ts';

const TELEGRAM_URL = '/api/telegram';
// while a code waits for the user's /start, the page asks every few seconds whether the chat is linked
const WAITING_POLL_MS = 3000;

export function useTelegramStatusQuery(isWaiting: boolean) {
  return useQuery({
    queryKey: [TELEGRAM_URL],
    queryFn: ({ signal }) => apiRequest(TELEGRAM_URL, { schema: telegramStatusResponseSchema, signal }),
    select: (answer) => answer.data,
    refetchInterval: isWaiting ? WAITING_POLL_MS : false,
    meta: { silent: true },
  });
}

export function useTelegramLinkMutation() {
  return useMutation({
    mutationFn: () =>
      apiRequest(`${TELEGRAM_URL}/link`, { method: 'POST', schema: telegramLinkResponseSchema }),
    meta: { errorTitle: 'settings:telegram.error' },
  });
}

export function useTelegramUnlinkMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(`${TELEGRAM_URL}/link`, { method: 'DELETE', schema: messageResponseSchema }),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: [TELEGRAM_URL] });
      toast.success(answer.message);
    },
    meta: { errorTitle: 'settings:telegram.error' },
  });
}

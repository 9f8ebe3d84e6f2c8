import {
  createWebhookResponseSchema,
  deleteWebhookResponseSchema,
  webhookListResponseSchema,
  webhookTestResponseSchema,
  type CreateWebhookRequest,
} from '@farol/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client.ts';

const WEBHOOKS_URL = '/api/user/webhooks';
// after a test event, the log is read again a few times while the delivery is on its way
const AFTER_TEST_POLL_MS = 2000;

export function useWebhooksQuery(isAwaitingDelivery: boolean) {
  return useQuery({
    queryKey: [WEBHOOKS_URL],
    queryFn: ({ signal }) => apiRequest(WEBHOOKS_URL, { schema: webhookListResponseSchema, signal }),
    select: (answer) => answer.data,
    refetchInterval: isAwaitingDelivery ? AFTER_TEST_POLL_MS : false,
    meta: { silent: true },
  });
}

export function useCreateWebhookMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookRequest) =>
      apiRequest(WEBHOOKS_URL, { method: 'POST', body, schema: createWebhookResponseSchema }),
    onSuccess: async () => queryClient.invalidateQueries({ queryKey: [WEBHOOKS_URL] }),
    // the address's refusal is said under the field it is about (see CreateWebhookForm), not in a toast
    meta: { silent: true },
  });
}

export function useWebhookTestMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`${WEBHOOKS_URL}/${id}/test`, { method: 'POST', schema: webhookTestResponseSchema }),
    onSuccess: async (answer) => {
      toast.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: [WEBHOOKS_URL] });
    },
    meta: { errorTitle: 'settings:webhooks.error' },
  });
}

export function useDeleteWebhookMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`${WEBHOOKS_URL}/${id}`, { method: 'DELETE', schema: deleteWebhookResponseSchema }),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: [WEBHOOKS_URL] });
      toast.success(answer.message);
    },
    meta: { errorTitle: 'settings:webhooks.error' },
  });
}

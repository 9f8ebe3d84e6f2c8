import { pushSubscriptionListResponseSchema, pushSubscriptionResponseSchema } from '@farol/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client.ts';
import { i18n } from '../../../lib/i18n.ts';

const PUSH_SUBSCRIPTIONS_URL = '/api/push/subscriptions';

/** GET /api/push/subscriptions: the browsers that receive the user's notifications, newest first. */
export function usePushSubscriptionsQuery() {
  return useQuery({
    queryKey: [PUSH_SUBSCRIPTIONS_URL],
    queryFn: ({ signal }) =>
      apiRequest(PUSH_SUBSCRIPTIONS_URL, { schema: pushSubscriptionListResponseSchema, signal }),
    select: (answer) => answer.data,
    meta: { silent: true },
  });
}

/** DELETE /api/push/subscriptions/{id}: that browser stops receiving notifications. */
export function useRemovePushSubscriptionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`${PUSH_SUBSCRIPTIONS_URL}/${id}`, {
        method: 'DELETE',
        schema: pushSubscriptionResponseSchema,
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [PUSH_SUBSCRIPTIONS_URL] });
      toast.success(i18n.t('settings:pushBrowsers.removed'));
    },
    meta: { errorTitle: 'settings:pushBrowsers.removeError' },
  });
}

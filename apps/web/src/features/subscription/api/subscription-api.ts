import {
  cancelResponseSchema,
  currentSubscriptionResponseSchema,
  syncResponseSchema,
  usageResponseSchema,
  type CurrentSubscriptionResponse,
} from '@farol/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLanguageKey } from '../../../lib/language-key.ts';

// Same key (the URL and the language) as every other screen reading the current plan, so one answer serves them all.
export const CURRENT_SUBSCRIPTION_URL = '/api/subscription/current';
export const USAGE_URL = '/api/subscription/usage';

export type CurrentSubscription = CurrentSubscriptionResponse['data'];

export function useCurrentSubscriptionQuery() {
  return useQuery({
    queryKey: useLanguageKey(CURRENT_SUBSCRIPTION_URL),
    queryFn: ({ signal }) =>
      apiRequest(CURRENT_SUBSCRIPTION_URL, { schema: currentSubscriptionResponseSchema, signal }),
    select: (answer) => answer.data,
    // The card shows its own error state with a retry.
    meta: { silent: true },
  });
}

export function useUsageQuery() {
  return useQuery({
    queryKey: [USAGE_URL],
    queryFn: ({ signal }) => apiRequest(USAGE_URL, { schema: usageResponseSchema, signal }),
    select: (answer) => answer.data,
    meta: { silent: true },
  });
}

/** Reloads everything derived from the plan (the card, usage, and the screens sharing the key). */
export function useReloadSubscription() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [CURRENT_SUBSCRIPTION_URL] }),
      queryClient.invalidateQueries({ queryKey: [USAGE_URL] }),
    ]);
}

/** Cancel flow: post, reload, then the caller closes the dialog; the server's message is toasted. */
export function useCancelSubscriptionMutation() {
  const reload = useReloadSubscription();
  return useMutation({
    mutationFn: () =>
      apiRequest('/api/subscription/cancel', { method: 'POST', schema: cancelResponseSchema }),
    onSuccess: async (answer) => {
      await reload();
      toast.success(answer.data.message);
    },
    meta: { errorTitle: 'subscription:cancel.error' },
  });
}

/**
 * POST /sync reconciles the account with the card payment provider. It runs in the background: without a
 * payment provider configured the server refuses it, and the stored state is still the one to show.
 */
export function useSyncSubscriptionMutation() {
  const reload = useReloadSubscription();
  return useMutation({
    mutationFn: () => apiRequest('/api/subscription/sync', { method: 'POST', schema: syncResponseSchema }),
    onSuccess: () => reload(),
    meta: { silent: true },
  });
}

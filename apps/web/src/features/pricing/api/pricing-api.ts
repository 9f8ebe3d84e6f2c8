import { currentSubscriptionResponseSchema, plansResponseSchema, type Plan } from '@farol/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLanguageKey } from '../../../lib/language-key.ts';
import { useSession } from '../../../lib/session.ts';

const PLANS_URL = '/api/subscription/plans';
// The URL is the key, so every screen reading the current plan shares one answer.
const CURRENT_SUBSCRIPTION_URL = '/api/subscription/current';

/** The plan catalogue, in the interface language (the server translates names and features). */
export function usePlansQuery() {
  return useQuery({
    queryKey: useLanguageKey(PLANS_URL),
    queryFn: ({ signal }) => apiRequest(PLANS_URL, { schema: plansResponseSchema, signal }),
    select: (answer): Plan[] => answer.data,
    // The grid shows its own error state with a retry.
    meta: { silent: true },
  });
}

/**
 * The visitor's current plan, fetched only when a token is stored. A failure is
 * only logged: the cards stay usable without it.
 */
export function useCurrentPlanQuery() {
  const session = useSession();
  const query = useQuery({
    queryKey: useLanguageKey(CURRENT_SUBSCRIPTION_URL),
    queryFn: ({ signal }) =>
      apiRequest(CURRENT_SUBSCRIPTION_URL, { schema: currentSubscriptionResponseSchema, signal }).catch(
        (error: unknown) => {
          console.warn('Current subscription not loaded', error);
          throw error;
        },
      ),
    select: (answer) => answer.data,
    enabled: session !== null,
    retry: false,
    meta: { silent: true },
  });
  return { currentPlanId: query.data?.plan.id, isLoading: session !== null && query.isPending };
}

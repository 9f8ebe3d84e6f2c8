import { currentSubscriptionResponseSchema, type Plan, type PlansResponse } from '@farol/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { usePlansAnswerQuery } from '../../../lib/billing.ts';
import { useLanguageKey } from '../../../lib/language-key.ts';
import { useSession } from '../../../lib/session.ts';

// The URL is the key, so every screen reading the current plan shares one answer.
const CURRENT_SUBSCRIPTION_URL = '/api/subscription/current';

const selectPlans = (answer: PlansResponse): Plan[] => answer.data;

/** The plan catalogue, in the interface language (the server translates names and features). */
export function usePlansQuery() {
  return usePlansAnswerQuery(selectPlans);
}

/** What the pricing cards need to know of the visitor's plan. */
export type VisitorPlan = {
  currentPlanId: Plan['id'] | undefined;
  /** The plan in force is paid through Stripe (not free, not granted by an admin). */
  paysThroughStripe: boolean;
  isLoading: boolean;
  isSignedIn: boolean;
};

/**
 * The visitor's current plan, fetched only when a token is stored. A failure is
 * only logged: the cards stay usable without it.
 */
export function useCurrentPlanQuery(): VisitorPlan {
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
  const current = query.data;
  return {
    currentPlanId: current?.plan.id,
    paysThroughStripe: Boolean(
      current && current.plan.id !== 'free' && current.isActive && !current.subscription.grantedByAdmin,
    ),
    isLoading: session !== null && query.isPending,
    isSignedIn: session !== null,
  };
}

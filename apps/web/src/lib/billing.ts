import {
  checkoutResponseSchema,
  plansResponseSchema,
  portalResponseSchema,
  type PaidPlanId,
  type PlansResponse,
} from '@farol/contract';
import { useMutation, useQueryClient, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { apiRequest } from './api-client.ts';
import { useLanguageKey } from './language-key.ts';
import { leaveSite } from './leave-site.ts';

// Buying a plan is shared by the pricing cards, the upsell panels and settings: the plan catalogue's
// answer says whether billing is switched on, and the two calls below leave for Stripe's pages.

export const PLANS_URL = '/api/subscription/plans';
const CURRENT_SUBSCRIPTION_URL = '/api/subscription/current';

/** The plan catalogue's answer (one request per language, shared by every reader through the key). */
export function usePlansAnswerQuery<T>(select: (answer: PlansResponse) => T) {
  return useQuery({
    queryKey: useLanguageKey(PLANS_URL),
    queryFn: ({ signal }) => apiRequest(PLANS_URL, { schema: plansResponseSchema, signal }),
    select,
    // Readers show their own error state (the grid) or fall back to "coming soon" (buttons).
    meta: { silent: true },
  });
}

const selectCheckout = (answer: PlansResponse) => answer.billing.checkout;

/**
 * Whether plans can be bought here. Unknown (loading or failed) counts as not: the buttons then read
 * "coming soon" instead of leading to a checkout that would be refused.
 */
export function useCheckoutAvailable(): { available: boolean; isPending: boolean } {
  const query = usePlansAnswerQuery(selectCheckout);
  return { available: query.data === true, isPending: query.isPending };
}

/**
 * Starts Stripe Checkout for a plan and leaves for it. A user who already pays gets the change scheduled
 * for the next cycle instead (the server's message says when), and stays.
 */
export function useCheckoutMutation() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (planId: PaidPlanId) =>
      apiRequest('/api/subscription/checkout', {
        method: 'POST',
        body: { planId },
        schema: checkoutResponseSchema,
      }),
    onSuccess: async ({ data }) => {
      if (data.sessionId) return leaveSite(data.url);
      await queryClient.invalidateQueries({ queryKey: [CURRENT_SUBSCRIPTION_URL] });
      if (data.message) toast.success(data.message);
      void navigate('/settings');
    },
    meta: { errorTitle: 'pricing:checkoutError' },
  });
}

/** Opens Stripe's billing portal (change plan or card, invoices) and leaves for it. */
export function useBillingPortalMutation() {
  return useMutation({
    mutationFn: () =>
      apiRequest('/api/subscription/portal', { method: 'POST', schema: portalResponseSchema }),
    onSuccess: ({ data }) => leaveSite(data.url),
    meta: { errorTitle: 'pricing:portalError' },
  });
}

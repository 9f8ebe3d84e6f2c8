import {
  changePreviewResponseSchema,
  checkoutResponseSchema,
  type CheckoutRequest,
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

const selectYearly = (answer: PlansResponse) => answer.billing.checkout && answer.billing.yearly === true;

/** Whether the paid plans can be bought yearly too (the pricing page then shows the monthly/annual switch). */
export function useYearlyAvailable(): boolean {
  return usePlansAnswerQuery(selectYearly).data === true;
}

/**
 * Whether plans can be bought here. Unknown (loading or failed) counts as not: the buttons then read
 * "coming soon" instead of leading to a checkout that would be refused.
 */
export function useCheckoutAvailable(): { available: boolean; isPending: boolean } {
  const query = usePlansAnswerQuery(selectCheckout);
  return { available: query.data === true, isPending: query.isPending };
}

/**
 * What changing a paying subscriber's plan to `planId` charges now and when it applies, asked only while
 * `enabled` (the confirmation is open): an upgrade's amount is Stripe's, prorated to this moment.
 */
export function useChangePreviewQuery(planId: PaidPlanId, enabled: boolean) {
  const url = `/api/subscription/change-preview?plan=${planId}`;
  return useQuery({
    queryKey: useLanguageKey(url),
    queryFn: ({ signal }) => apiRequest(url, { schema: changePreviewResponseSchema, signal }),
    select: (answer) => answer.data,
    enabled,
    // the amount is prorated to the second: each opening asks again
    staleTime: 0,
    gcTime: 0,
    retry: false,
    meta: { silent: true },
  });
}

/**
 * Starts Stripe Checkout for a plan and leaves for it. A user who already pays stays: an upgrade applies
 * at once (charged at the preview's `prorationDate`), a downgrade is scheduled for the next cycle (the
 * server's message says which, and when).
 */
export function useCheckoutMutation() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (request: CheckoutRequest) =>
      apiRequest('/api/subscription/checkout', {
        method: 'POST',
        body: request,
        schema: checkoutResponseSchema,
      }),
    onSuccess: async ({ data }) => {
      if (data.sessionId) return leaveSite(data.url);
      await queryClient.invalidateQueries({ queryKey: [CURRENT_SUBSCRIPTION_URL] });
      // an upgrade changes the limits in force now: every screen's answers may grow
      if (data.upgradedTo) void queryClient.invalidateQueries();
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

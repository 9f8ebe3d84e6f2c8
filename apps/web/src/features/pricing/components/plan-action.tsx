import { isPaidPlanId, type BillingInterval, type Plan } from '@farol/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useBillingPortalMutation, useCheckoutMutation } from '../../../lib/billing.ts';
import type { VisitorPlan } from '../api/pricing-api.ts';
import { PlanChangeDialog } from '../../../components/plan-change-dialog.tsx';

/**
 * The button under a plan card. Without billing every plan reads "coming soon" (disabled); with it a
 * visitor creates an account first, a free user subscribes through Stripe Checkout, a paying user manages
 * the current plan in the billing portal and changes to another after a confirmation (an upgrade now, for
 * the prorated amount it shows; a downgrade at the period's end, on the date it shows), and Enterprise
 * talks to sales.
 */
export function PlanAction({
  plan,
  interval = 'month',
  visitor,
  checkoutAvailable,
  isLoading,
}: {
  plan: Plan;
  /** A new subscription's billing; a paying user's change keeps the interval they have. */
  interval?: BillingInterval;
  visitor: VisitorPlan;
  checkoutAvailable: boolean;
  isLoading: boolean;
}) {
  const { t } = useTranslation('pricing');
  const checkout = useCheckoutMutation();
  const portal = useBillingPortalMutation();
  const variant = plan.popular ? 'primary' : 'outline';
  const common = { variant, className: 'w-full' } as const;

  if (isLoading)
    return (
      <Button {...common} disabled>
        {t('loading')}
      </Button>
    );
  if (!checkoutAvailable)
    return (
      <Button {...common} disabled aria-describedby="plans-coming-soon">
        {t('comingSoon')}
      </Button>
    );
  if (plan.contactSales || !isPaidPlanId(plan.id))
    return (
      <Button {...common} asChild>
        <Link to="/contact">{t('contactSales')}</Link>
      </Button>
    );
  const planId = plan.id;
  if (!visitor.isSignedIn)
    return (
      <Button {...common} asChild>
        <Link to={`/register?next=${encodeURIComponent('/pricing')}`}>{t('signUpToSubscribe')}</Link>
      </Button>
    );
  if (visitor.currentPlanId === planId)
    return visitor.paysThroughStripe ? (
      <Button {...common} variant="outline" onClick={() => portal.mutate()} disabled={portal.isPending}>
        {portal.isPending ? t('redirecting') : t('manage')}
      </Button>
    ) : (
      <Button {...common} disabled>
        {t('current')}
      </Button>
    );
  if (visitor.paysThroughStripe)
    return (
      <PlanChangeDialog
        planId={planId}
        planName={plan.name}
        trigger={<Button {...common}>{t('changeTo', { plan: plan.name })}</Button>}
      />
    );
  const isPending = checkout.isPending && checkout.variables.planId === planId;
  return (
    <Button
      {...common}
      onClick={() => checkout.mutate({ planId, ...(interval === 'year' ? { interval } : {}) })}
      disabled={checkout.isPending}
    >
      {isPending ? t('redirecting') : t('subscribe', { plan: plan.name })}
    </Button>
  );
}

import { Crown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useCurrentPlanQuery } from '../features/pricing/api/pricing-api.ts';
import { useCheckoutAvailable, useCheckoutMutation } from '../lib/billing.ts';
import { PlanChangeDialog } from './plan-change-dialog.tsx';
import { Button, type ButtonProps } from './ui/button.tsx';

/**
 * The upsell panels' button: Stripe Checkout for Profissional when plans can be bought here (for a user who
 * already pays, the upgrade's confirmation with the amount charged now), a disabled "coming soon" otherwise.
 */
export function UpgradeButton({ variant = 'primary' }: { variant?: ButtonProps['variant'] }) {
  const { t } = useTranslation(['common', 'pricing', 'billing']);
  const billing = useCheckoutAvailable();
  const checkout = useCheckoutMutation();
  const visitor = useCurrentPlanQuery();
  if (!billing.available)
    return (
      <Button disabled variant={variant}>
        <Crown aria-hidden="true" />
        {t('common:actions.comingSoon')}
      </Button>
    );
  const label = (
    <>
      <Crown aria-hidden="true" />
      {t('common:actions.upgrade')}
    </>
  );
  if (visitor.paysThroughStripe)
    return (
      <PlanChangeDialog
        planId="profissional"
        planName={t('billing:plans.profissional.name')}
        trigger={<Button variant={variant}>{label}</Button>}
      />
    );
  return (
    <Button
      variant={variant}
      onClick={() => checkout.mutate({ planId: 'profissional' })}
      disabled={checkout.isPending}
    >
      <Crown aria-hidden="true" />
      {checkout.isPending ? t('pricing:redirecting') : t('common:actions.upgrade')}
    </Button>
  );
}

import { Crown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useCheckoutAvailable, useCheckoutMutation } from '../lib/billing.ts';
import { Button, type ButtonProps } from './ui/button.tsx';

/**
 * The upsell panels' button: Stripe Checkout for Profissional when plans can be bought here, a disabled
 * "coming soon" otherwise.
 */
export function UpgradeButton({ variant = 'primary' }: { variant?: ButtonProps['variant'] }) {
  const { t } = useTranslation(['common', 'pricing']);
  const billing = useCheckoutAvailable();
  const checkout = useCheckoutMutation();
  if (!billing.available)
    return (
      <Button disabled variant={variant}>
        <Crown aria-hidden="true" />
        {t('common:actions.comingSoon')}
      </Button>
    );
  return (
    <Button variant={variant} onClick={() => checkout.mutate('profissional')} disabled={checkout.isPending}>
      <Crown aria-hidden="true" />
      {checkout.isPending ? t('pricing:redirecting') : t('common:actions.upgrade')}
    </Button>
  );
}

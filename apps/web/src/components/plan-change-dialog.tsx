import type { PaidPlanId } from '@farol/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './ui/dialog.tsx';
import { ErrorState } from './ui/error-state.tsx';
import { InlineLoading } from './ui/spinner.tsx';
import { useChangePreviewQuery, useCheckoutMutation } from '../lib/billing.ts';
import { formatLongDate } from '../lib/format.ts';

/**
 * An amount in the currency Stripe charges it in, written the interface language's way; the narrow symbol
 * keeps the real "R$" in Spanish too, as every other price here.
 */
const formatAmount = (amount: number, currency: string, language: string) =>
  new Intl.NumberFormat(language, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).format(
    amount,
  );

/**
 * A paying subscriber's plan change behind a confirmation that says what it does: an upgrade shows what
 * Stripe charges now (asked when the dialog opens) and applies at once; a downgrade shows the date it
 * applies and that nothing is charged now.
 */
export function PlanChangeDialog({
  trigger,
  planId,
  planName,
}: {
  trigger: ReactNode;
  planId: PaidPlanId;
  planName: string;
}) {
  const { t, i18n } = useTranslation('pricing');
  const [isOpen, setIsOpen] = useState(false);
  const preview = useChangePreviewQuery(planId, isOpen);
  const checkout = useCheckoutMutation();
  const isBusy = checkout.isPending;
  const data = preview.data;
  const amount = data ? formatAmount(data.amountDue, data.currency, i18n.language) : '';
  const date = data?.effectiveAt ? formatLongDate(data.effectiveAt) : '';
  const confirm = () => {
    if (!data) return;
    checkout.mutate(
      { planId, ...(data.prorationDate ? { prorationDate: data.prorationDate } : {}) },
      { onSuccess: () => setIsOpen(false) },
    );
  };

  return (
    <Dialog open={isOpen} onOpenChange={(open) => !isBusy && setIsOpen(open)}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            {data?.change === 'downgrade'
              ? t('change.downgradeTitle', { plan: planName })
              : t('change.upgradeTitle', { plan: planName })}
          </DialogTitle>
          <DialogDescription>
            {!data
              ? t('change.checking', { plan: planName })
              : data.change === 'upgrade'
                ? t('change.upgradeBody', { plan: planName, amount })
                : date
                  ? t('change.downgradeBody', { plan: planName, date })
                  : t('change.downgradeBodyPeriodEnd', { plan: planName })}
          </DialogDescription>
        </DialogHeader>
        {preview.isPending ? <InlineLoading label={t('change.loading')} /> : null}
        {preview.isError ? (
          <ErrorState
            title={t('change.error')}
            description={preview.error.message}
            onRetry={() => void preview.refetch()}
            isRetrying={preview.isFetching}
          />
        ) : null}
        <DialogFooter>
          <Button variant="secondary" onClick={() => setIsOpen(false)} disabled={isBusy}>
            {t('change.back')}
          </Button>
          <Button onClick={confirm} disabled={!data || isBusy}>
            {isBusy
              ? t('change.busy')
              : data?.change === 'downgrade'
                ? t('change.confirmDowngrade', { date })
                : data
                  ? t('change.confirmUpgrade', { amount })
                  : t('change.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

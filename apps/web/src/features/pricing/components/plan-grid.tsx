import type { BillingInterval, Plan } from '@farol/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { ToggleGroup, ToggleGroupItem } from '../../../components/ui/toggle-group.tsx';
import { useCheckoutAvailable, useYearlyAvailable } from '../../../lib/billing.ts';
import { cn } from '../../../lib/cn.ts';
import { useCurrentPlanQuery, usePlansQuery } from '../api/pricing-api.ts';
import { PlanAction } from './plan-action.tsx';
import { PlanCard } from './plan-card.tsx';

/** A plan as billed at `interval`: the yearly price (ten months) when the year is chosen. */
const billedAt = (plan: Plan, interval: BillingInterval): Plan =>
  interval === 'year' && plan.yearlyPrice !== undefined
    ? { ...plan, price: plan.yearlyPrice, interval: 'year' }
    : plan;

/** Monthly or annual billing (shown only when the plans can be bought yearly). */
function IntervalSwitch({
  interval,
  onChange,
}: {
  interval: BillingInterval;
  onChange: (interval: BillingInterval) => void;
}) {
  const { t } = useTranslation('pricing');
  return (
    <ToggleGroup
      type="single"
      value={interval}
      onValueChange={(value) => value && onChange(value as BillingInterval)}
      aria-label={t('billingInterval.label')}
      className="self-center"
    >
      <ToggleGroupItem value="month" className="h-11 px-4">
        {t('billingInterval.month')}
      </ToggleGroupItem>
      <ToggleGroupItem value="year" className="h-11 px-4">
        {t('billingInterval.year')}{' '}
        <span className="ml-1 text-xs text-primary">{t('billingInterval.yearSaving')}</span>
      </ToggleGroupItem>
    </ToggleGroup>
  );
}

/**
 * The three paid plan cards (Iniciante, Profissional as the popular middle one, Enterprise). Free needs no
 * purchase and is offered by a line under the grid instead of a card.
 */
export function PlanGrid({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('pricing');
  const plans = usePlansQuery();
  const current = useCurrentPlanQuery();
  const billing = useCheckoutAvailable();
  const isYearlyAvailable = useYearlyAvailable();
  const [chosenInterval, setInterval] = useState<BillingInterval>('month');
  const interval = isYearlyAvailable ? chosenInterval : 'month';
  const gridClassName = cn('grid gap-6 pt-3 md:grid-cols-3', compact ? 'lg:gap-4' : '');

  if (plans.isPending) {
    return (
      <div className={gridClassName} role="status" aria-label={t('loading')}>
        {[0, 1, 2].map((index) => (
          <div
            key={index}
            className={cn(
              'animate-pulse rounded-xl border border-border bg-card',
              compact ? 'h-96' : 'h-[30rem]',
            )}
          />
        ))}
      </div>
    );
  }
  if (plans.isError) {
    return (
      <ErrorState
        title={t('loadError')}
        description={plans.error.message}
        onRetry={() => void plans.refetch()}
        isRetrying={plans.isFetching}
      />
    );
  }
  const paidPlans = plans.data.filter((plan) => plan.price !== 0);
  if (paidPlans.length === 0) return <EmptyState title={t('empty')} />;
  return (
    <div className="flex flex-col gap-3">
      {isYearlyAvailable ? <IntervalSwitch interval={interval} onChange={setInterval} /> : null}
      <div className={gridClassName}>
        {paidPlans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={billedAt(plan, interval)}
            compact={compact}
            isCurrent={plan.id === current.currentPlanId}
            action={
              <PlanAction
                plan={plan}
                interval={interval}
                visitor={current}
                checkoutAvailable={billing.available}
                isLoading={current.isLoading}
              />
            }
          />
        ))}
      </div>
      {billing.available ? (
        <p className="text-sm text-muted-foreground">{t('checkoutHint')}</p>
      ) : (
        <p id="plans-coming-soon" className="text-sm text-muted-foreground">
          {t('comingSoonHint')}
        </p>
      )}
    </div>
  );
}

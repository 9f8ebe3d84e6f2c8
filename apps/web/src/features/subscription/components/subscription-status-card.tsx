import { isPaidPlanId } from '@farol/contract';
import { CalendarClock, CreditCard, Crown, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatLongDate, formatPrice } from '../../../lib/format.ts';
import {
  useCurrentSubscriptionQuery,
  useUsageQuery,
  type CurrentSubscription,
} from '../api/subscription-api.ts';
import { CancelSubscriptionDialog } from './cancel-subscription-dialog.tsx';
import { useBillingPortalMutation, useCheckoutAvailable } from '../../../lib/billing.ts';

export type SubscriptionStatusCardProps = {
  /** `compact`: a dashboard stat card (plan, status, next date); `full`: the settings card with the cancel flow. */
  variant: 'compact' | 'full';
  className?: string;
};

/**
 * Status badge: active, inactive ("Inativo"), or active with a scheduled cancellation. The free plan has
 * nothing to be active or inactive about: its name says it all, so it shows no badge.
 */
function StatusBadge({ current }: { current: CurrentSubscription }) {
  const { t } = useTranslation('subscription');
  if (!isPaidPlanId(current.plan.id)) return null;
  if (!current.isActive) return <Badge variant="neutral">{t('status.inactive')}</Badge>;
  if (current.subscription.cancelAtPeriodEnd)
    return <Badge variant="warning">{t('status.cancelScheduled')}</Badge>;
  if (current.subscription.status === 'past_due' || current.subscription.status === 'unpaid') {
    return <Badge variant="danger">{t(`stripeStatus.${current.subscription.status}`)}</Badge>;
  }
  return <Badge variant="success">{t('status.active')}</Badge>;
}

/** The one date line: scheduled cancellation (access until) replaces the renewal date. */
function PeriodLine({ current }: { current: CurrentSubscription }) {
  const { t } = useTranslation('subscription');
  const { currentPeriodEnd, cancelAtPeriodEnd, grantedByAdmin } = current.subscription;
  if (!currentPeriodEnd) {
    return <span>{isPaidPlanId(current.plan.id) ? t('period.noEnd') : t('period.free')}</span>;
  }
  const date = formatLongDate(currentPeriodEnd);
  if (cancelAtPeriodEnd) return <span>{t('period.cancelsOn', { date })}</span>;
  return <span>{grantedByAdmin ? t('period.grantEndsOn', { date }) : t('period.renewsOn', { date })}</span>;
}

function PlanName({ current, className }: { current: CurrentSubscription; className?: string }) {
  const { t } = useTranslation('subscription');
  // The top plan (full analysis) carries the premium mark.
  const isPremium = current.plan.limits.advancedAnalysis && isPaidPlanId(current.plan.id);
  return (
    <span className={cn('inline-flex items-center gap-1.5', className)}>
      {isPremium ? <Crown aria-label={t('premium')} className="size-4 text-primary" /> : null}
      {current.plan.name}
    </span>
  );
}

function CompactCard({ current }: { current: CurrentSubscription }) {
  const { t } = useTranslation('subscription');
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <PlanName current={current} className="text-lg font-semibold sm:text-xl" />
        <StatusBadge current={current} />
      </div>
      <p className="mt-1 text-[11px] text-muted-foreground sm:text-xs">
        <PeriodLine current={current} />
      </p>
      {current.subscription.isAdmin ? (
        <Badge variant="primary" className="mt-2">
          <ShieldCheck aria-hidden="true" className="size-3" />
          {t('admin')}
        </Badge>
      ) : null}
    </>
  );
}

function UsageLine() {
  const { t } = useTranslation('subscription');
  const usage = useUsageQuery();
  if (!usage.data) return null;
  const { conversationsToday, limit } = usage.data;
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-muted-foreground">{t('usage.label')}</dt>
      <dd className="font-medium tabular-nums">
        {limit < 0
          ? t('usage.unlimited', { count: conversationsToday })
          : t('usage.limited', { count: conversationsToday, limit })}
      </dd>
    </div>
  );
}

/** Period, scheduled plan change, grant origin, data retention and today's usage. */
function SubscriptionDetails({ current }: { current: CurrentSubscription }) {
  const { t } = useTranslation('subscription');
  const { subscription } = current;
  return (
    <dl className="flex flex-col gap-2 text-sm">
      <div className="flex justify-between gap-4">
        <dt className="text-muted-foreground">{t('period.label')}</dt>
        <dd className="text-right font-medium">
          <PeriodLine current={current} />
        </dd>
      </div>
      {subscription.pendingPlan && subscription.currentPeriodEnd ? (
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">{t('pending.label')}</dt>
          <dd className="text-right font-medium">
            {t('pending.value', {
              plan: t(`billing:plans.${subscription.pendingPlan}.name`),
              date: formatLongDate(subscription.currentPeriodEnd),
            })}
          </dd>
        </div>
      ) : null}
      {subscription.grantedByAdmin ? (
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">{t('origin.label')}</dt>
          <dd className="text-right font-medium">{t('origin.granted')}</dd>
        </div>
      ) : null}
      {subscription.dataRetainedUntil ? (
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">{t('retention.label')}</dt>
          <dd className="text-right font-medium">{formatLongDate(subscription.dataRetainedUntil)}</dd>
        </div>
      ) : null}
      <UsageLine />
    </dl>
  );
}

function FullCard({ current }: { current: CurrentSubscription }) {
  const { t } = useTranslation('subscription');
  const { subscription, plan } = current;
  const canCancel = isPaidPlanId(plan.id) && !subscription.cancelAtPeriodEnd;
  return (
    <>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <PlanName current={current} className="text-xl font-semibold" />
            <StatusBadge current={current} />
            {subscription.isAdmin ? (
              <Badge variant="primary">
                <ShieldCheck aria-hidden="true" className="size-3" />
                {t('admin')}
              </Badge>
            ) : null}
          </div>
          {typeof plan.price === 'number' && plan.price > 0 ? (
            <p className="text-sm tabular-nums">
              <span className="font-semibold">{formatPrice(plan.price, 'BRL')}</span>
              <span className="text-muted-foreground"> / {t(`interval.${plan.interval}`)}</span>
            </p>
          ) : null}
        </div>
        <SubscriptionDetails current={current} />
        {plan.features.length > 0 ? (
          <ul className="grid gap-1.5 text-sm text-muted-foreground sm:grid-cols-2">
            {plan.features.map((feature) => (
              <li key={feature} className="flex gap-2">
                <span aria-hidden="true" className="text-success">
                  ✓
                </span>
                {feature}
              </li>
            ))}
          </ul>
        ) : null}
        {subscription.cancelAtPeriodEnd && subscription.currentPeriodEnd ? (
          <p className="flex items-start gap-2 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
            <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
            {t('cancel.scheduledNotice', {
              plan: plan.name,
              date: formatLongDate(subscription.currentPeriodEnd),
            })}
          </p>
        ) : null}
      </CardContent>
      <CardFooter className="flex-wrap">
        {canCancel ? (
          <CancelSubscriptionDialog planName={plan.name} periodEnd={subscription.currentPeriodEnd} />
        ) : null}
        {current.isActive && isPaidPlanId(plan.id) && !subscription.grantedByAdmin ? (
          <BillingPortalButton />
        ) : null}
        <Button asChild variant="secondary" size="sm">
          <Link to="/pricing">{t('seePlans')}</Link>
        </Button>
      </CardFooter>
    </>
  );
}

/** Stripe's billing portal (card, invoices, plan), when plans are sold here. */
function BillingPortalButton() {
  const { t } = useTranslation(['common', 'pricing']);
  const billing = useCheckoutAvailable();
  const portal = useBillingPortalMutation();
  if (!billing.available) return null;
  return (
    <Button variant="outline" size="sm" onClick={() => portal.mutate()} disabled={portal.isPending}>
      <CreditCard aria-hidden="true" />
      {portal.isPending ? t('pricing:redirecting') : t('common:actions.manageBilling')}
    </Button>
  );
}

/** Subscription status from GET /api/subscription/current, with loading and error-with-retry states. */
export function SubscriptionStatusCard({ variant, className }: SubscriptionStatusCardProps) {
  const { t } = useTranslation('subscription');
  const query = useCurrentSubscriptionQuery();
  const isCompact = variant === 'compact';
  const body = query.isPending ? (
    <LoadingState label={t('loading')} className={isCompact ? 'min-h-16' : 'min-h-48'} />
  ) : query.isError ? (
    <ErrorState
      title={t('loadError')}
      description={isCompact ? undefined : query.error.message}
      onRetry={() => void query.refetch()}
      isRetrying={query.isFetching}
      className={isCompact ? 'gap-2 px-3 py-3' : undefined}
    />
  ) : isCompact ? (
    <CompactCard current={query.data} />
  ) : null;

  if (isCompact) {
    return (
      <Card
        className={cn('flex min-w-0 flex-col p-3 sm:p-4', className)}
        aria-labelledby="subscription-compact-title"
      >
        <h2
          id="subscription-compact-title"
          className="mb-1 text-xs font-medium tracking-wide text-muted-foreground uppercase sm:mb-2"
        >
          {t('title')}
        </h2>
        {body}
      </Card>
    );
  }
  return (
    <Card className={className} aria-labelledby="subscription-full-title">
      <CardHeader>
        <CardTitle id="subscription-full-title">{t('title')}</CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      {query.data ? <FullCard current={query.data} /> : <CardContent>{body}</CardContent>}
    </Card>
  );
}

import { CUSTOM_PRICE, type Plan } from '@farol/contract';
import { Building2, Check, Crown, Sparkles, X, Zap, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/cn.ts';

const COMPACT_FEATURES = 3;
const planIcons: Record<Plan['id'], LucideIcon> = {
  free: Sparkles,
  iniciante: Zap,
  profissional: Crown,
  enterprise: Building2,
};

function formatPlanPrice(price: Plan['price'], language: string): string {
  // 'Personalizado' is shown as the server sends it.
  if (price === CUSTOM_PRICE) return price;
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: 'BRL',
    maximumFractionDigits: 0,
  }).format(price);
}

/** One plan: name, description, price and features, with its button (`action`) at the bottom. */
export function PlanCard({
  plan,
  compact = false,
  isCurrent = false,
  action,
}: {
  plan: Plan;
  compact?: boolean;
  isCurrent?: boolean;
  action: ReactNode;
}) {
  const { t } = useTranslation('pricing');
  const Icon = planIcons[plan.id];
  const headingId = `plan-${plan.id}-${compact ? 'compact' : 'full'}`;
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'relative flex flex-col gap-5 rounded-xl border bg-card p-6',
        plan.popular ? 'border-primary shadow-lg shadow-primary/10' : 'border-border',
      )}
    >
      {plan.popular ? (
        <Badge variant="primary" className="absolute -top-3 left-6 bg-card">
          {t('popular')}
        </Badge>
      ) : null}
      <div className="flex items-center gap-3">
        <span className="inline-flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <h3 id={headingId} className="text-lg font-semibold">
            {plan.name}
          </h3>
          {isCurrent ? <p className="text-xs text-success">{t('currentPlan', { plan: plan.name })}</p> : null}
        </div>
      </div>
      <p className={cn('text-sm text-muted-foreground', compact ? 'line-clamp-2 min-h-10' : '')}>
        {plan.description}
      </p>
      <PlanPrice plan={plan} />
      <PlanFeatures plan={plan} compact={compact} />
      {action}
    </section>
  );
}

/** The price per month or year; a custom price as the server sends it. */
function PlanPrice({ plan }: { plan: Plan }) {
  const { t, i18n } = useTranslation('pricing');
  return (
    <p className="flex items-baseline gap-1">
      <span className="text-3xl font-semibold tracking-tight tabular-nums">
        {formatPlanPrice(plan.price, i18n.language)}
      </span>
      {plan.price === CUSTOM_PRICE ? null : (
        <span className="text-sm text-muted-foreground">
          {plan.interval === 'year' ? t('perYear') : t('perMonth')}
        </span>
      )}
    </p>
  );
}

/** What the plan includes (the first few when compact) and, in full, what it leaves out. */
function PlanFeatures({ plan, compact }: { plan: Plan; compact: boolean }) {
  const { t } = useTranslation('pricing');
  const features = compact ? plan.features.slice(0, COMPACT_FEATURES) : plan.features;
  const hiddenCount = plan.features.length - features.length;
  return (
    <div className="flex flex-1 flex-col gap-2">
      <p className="text-xs font-medium tracking-wider text-muted-foreground uppercase">
        {t('featuresLabel')}
      </p>
      <ul className="flex flex-col gap-2 text-sm">
        {features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
            {feature}
          </li>
        ))}
      </ul>
      {hiddenCount > 0 ? (
        <p className="text-xs text-muted-foreground">{t('moreFeatures', { count: hiddenCount })}</p>
      ) : null}
      {!compact && plan.limitations.length > 0 ? (
        <>
          <p className="pt-2 text-xs font-medium tracking-wider text-muted-foreground uppercase">
            {t('limitationsLabel')}
          </p>
          <ul className="flex flex-col gap-2 text-sm text-muted-foreground">
            {plan.limitations.map((limitation) => (
              <li key={limitation} className="flex items-start gap-2">
                <X aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {limitation}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

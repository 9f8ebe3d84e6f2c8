import type { AlertLimits } from '@farol/contract';
import { Gauge } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';

/** Plan limits: alerts used against the plan's maximum; -1 means unlimited. */
export function AlertLimitsCard({ limits }: { limits: AlertLimits }) {
  const { t } = useTranslation('alertsPage');
  const isUnlimited = limits.maxAlerts < 0;
  const usedShare =
    isUnlimited || limits.maxAlerts === 0
      ? 0
      : Math.min(100, (limits.currentAlerts / limits.maxAlerts) * 100);
  const isFull = !isUnlimited && limits.remaining <= 0;
  return (
    <Card
      className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
      aria-labelledby="alert-limits-title"
    >
      <div className="flex items-center gap-3">
        <Gauge aria-hidden="true" className="size-5 text-primary" />
        <div>
          <h2 id="alert-limits-title" className="text-sm font-medium">
            {t('limits.title', {
              plan: t(`billing:plans.${limits.plan}.name`, { defaultValue: limits.plan }),
            })}
          </h2>
          <p className="text-xs text-muted-foreground">
            {isUnlimited
              ? t('limits.unlimited', { count: limits.currentAlerts })
              : t('limits.used', { count: limits.currentAlerts, max: limits.maxAlerts })}
            {!isUnlimited ? ` · ${t('limits.remaining', { count: Math.max(0, limits.remaining) })}` : null}
          </p>
        </div>
      </div>
      {!isUnlimited ? (
        <div
          role="progressbar"
          aria-label={t('limits.progress')}
          aria-valuemin={0}
          aria-valuemax={limits.maxAlerts}
          aria-valuenow={limits.currentAlerts}
          className="h-2 w-full overflow-hidden rounded-full bg-border sm:w-48"
        >
          <div
            className={cn('h-full rounded-full', isFull ? 'bg-danger' : 'bg-primary')}
            style={{ width: `${usedShare}%` }}
          />
        </div>
      ) : null}
    </Card>
  );
}

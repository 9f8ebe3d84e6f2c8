import type { Alert, AlertConditionKey } from '@farol/contract';
import { BellRing, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { cn } from '../../../lib/cn.ts';
import { coinPagePath } from '../../../lib/coin-prices.ts';
import { formatDate, formatDateTime, formatPercent } from '../../../lib/format.ts';
import { useCoinPriceQuery, useDeleteAlertMutation, useToggleAlertMutation } from '../api/alerts-api.ts';
import { describeAlertConditions, formatConditionValue } from './alert-condition-text.ts';
import { triggerDistancePercent } from './alert-price-distance.ts';

const typeVariant = {
  preco: 'primary',
  volume: 'warning',
  tecnico: 'success',
  sentimento: 'neutral',
  avancado: 'primary',
} as const;

/** One alert: name, coin (a link to its page), type, active switch, delete, triggered count, dates. */
export function AlertCard({ alert }: { alert: Alert }) {
  const { t } = useTranslation('alertsPage');
  const conditions = describeAlertConditions(alert, t);
  // in the alert's own currency: its thresholds are in it, whatever the display shows
  const price = useCoinPriceQuery(alert.coinSymbol, alert.currency, alert.type === 'preco').data;

  return (
    <Card className={cn('flex flex-col gap-3 p-4', !alert.isActive && 'opacity-75')}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="truncate font-semibold">{alert.name}</h3>
          <p className="text-sm text-muted-foreground">
            <Link
              to={coinPagePath(alert.coinSymbol)}
              className="underline decoration-muted-foreground/40 underline-offset-4 hover:text-foreground hover:decoration-current focus-visible:outline-2 focus-visible:outline-ring"
            >
              {alert.coinName} <span className="font-mono text-xs">({alert.coinSymbol})</span>
            </Link>
          </p>
        </div>
        <Badge variant={typeVariant[alert.type]}>{t(`types.${alert.type}`)}</Badge>
      </div>
      <ul className="flex flex-col gap-1 text-sm" aria-label={t('card.conditionsLabel')}>
        {conditions.map((condition) => {
          const threshold = isPriceCondition(condition.key) ? alert.conditions[condition.key] : undefined;
          return (
            <li
              key={condition.key}
              className="flex flex-wrap items-baseline justify-between gap-x-2 tabular-nums"
            >
              <span>{condition.text}</span>
              {price && threshold !== undefined && isPriceCondition(condition.key) ? (
                <TriggerDistance condition={condition.key} threshold={threshold} price={price} />
              ) : null}
            </li>
          );
        })}
      </ul>
      {price ? (
        <p className="text-xs text-muted-foreground tabular-nums">
          {t('distance.price', { price: formatConditionValue('priceAbove', price, alert.currency) })}
        </p>
      ) : null}
      <AlertActivity alert={alert} />
      <AlertActions alert={alert} />
    </Card>
  );
}

const isPriceCondition = (key: AlertConditionKey): key is 'priceAbove' | 'priceBelow' =>
  key === 'priceAbove' || key === 'priceBelow';

/**
 * How far a price threshold is from the current price, signed (+ above it, − below it), or that the price is
 * already past it.
 */
function TriggerDistance({
  condition,
  threshold,
  price,
}: {
  condition: 'priceAbove' | 'priceBelow';
  threshold: number;
  price: number;
}) {
  const { t } = useTranslation('alertsPage');
  const distance = triggerDistancePercent(threshold, price);
  const isPast = condition === 'priceAbove' ? distance <= 0 : distance >= 0;
  return (
    <span className="text-xs">
      <span className="font-semibold">{formatPercent(distance, { signed: true })}</span>{' '}
      <span className="text-muted-foreground">
        {isPast ? t('distance.crossed') : t(distance > 0 ? 'distance.abovePrice' : 'distance.belowPrice')}
      </span>
    </span>
  );
}

/** Triggered count, creation date and, once it fired, the last trigger. */
function AlertActivity({ alert }: { alert: Alert }) {
  const { t } = useTranslation('alertsPage');
  return (
    <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs text-muted-foreground">
      <dt>{t('card.triggered')}</dt>
      <dd className="text-right text-foreground">
        {alert.triggeredCount > 0 ? (
          <span className="inline-flex items-center gap-1">
            <BellRing aria-hidden="true" className="size-3 text-primary" />
            {t('card.triggeredCount', { count: alert.triggeredCount })}
          </span>
        ) : (
          t('card.notTriggered')
        )}
      </dd>
      <dt>{t('card.created')}</dt>
      <dd className="text-right">
        <time dateTime={alert.createdAt}>{formatDate(alert.createdAt)}</time>
      </dd>
      {alert.lastTriggered ? (
        <>
          <dt>{t('card.lastTriggered')}</dt>
          <dd className="text-right">
            <time dateTime={alert.lastTriggered}>{formatDateTime(alert.lastTriggered)}</time>
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/** The card's footer: the active switch and the confirmed delete. */
function AlertActions({ alert }: { alert: Alert }) {
  const { t } = useTranslation('alertsPage');
  const switchId = useId();
  const toggleMutation = useToggleAlertMutation();
  const deleteMutation = useDeleteAlertMutation();
  return (
    <div className="mt-auto flex items-center justify-between gap-2 border-t border-border pt-3">
      <div className="flex items-center gap-2">
        <Switch
          id={switchId}
          checked={alert.isActive}
          disabled={toggleMutation.isPending}
          onCheckedChange={() => toggleMutation.mutate(alert.id)}
          aria-label={t('card.activeLabel', { name: alert.name })}
        />
        <label htmlFor={switchId} className="text-sm" aria-hidden="true">
          {alert.isActive ? t('card.active') : t('card.inactive')}
        </label>
      </div>
      <ConfirmDialog
        trigger={
          <Button
            variant="ghost"
            size="sm"
            className="text-danger hover:text-danger"
            aria-label={t('delete.open', { name: alert.name })}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        }
        title={t('delete.title')}
        description={t('delete.description', { name: alert.name })}
        cancelLabel={t('delete.keep')}
        confirmLabel={t('delete.confirm')}
        busyLabel={t('delete.deleting')}
        isBusy={deleteMutation.isPending}
        onConfirm={(close) => deleteMutation.mutate(alert.id, { onSuccess: close })}
      />
    </div>
  );
}

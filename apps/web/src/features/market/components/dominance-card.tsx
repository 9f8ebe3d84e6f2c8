import type { GlobalMarketData, MarketSource } from '@farol/contract';
import { ArrowDownRight, ArrowUpRight, Bitcoin } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime, formatPercent, formatTrillions } from '../../../lib/format.ts';
import { useDominanceQuery } from '../api/market-api.ts';
import { MarketWidgetCard } from './market-widget-card.tsx';
import { DataCredit } from '../../../components/data-credit.tsx';
import { currencyOf, useCurrency, type Currency } from '../../../lib/currency.ts';

// A change badge only when the move since the previous fetch is at least 0.01 points.
const MIN_VISIBLE_CHANGE = 0.01;

/** 50 or more green, 40 or more yellow, below red. */
export function dominanceTone(value: number): 'success' | 'warning' | 'danger' {
  if (value >= 50) return 'success';
  if (value >= 40) return 'warning';
  return 'danger';
}

const barColor = { success: 'bg-success', warning: 'bg-warning', danger: 'bg-danger' } as const;

/** Difference between the latest fetched value and the one before it (null until two fetches). */
function useChangeSincePreviousFetch(value: number | undefined, fetchedAt: number): number | null {
  const previous = useRef<{ value: number; fetchedAt: number } | null>(null);
  const [change, setChange] = useState<number | null>(null);
  useEffect(() => {
    if (value === undefined || previous.current?.fetchedAt === fetchedAt) return;
    if (previous.current) setChange(value - previous.current.value);
    previous.current = { value, fetchedAt };
  }, [value, fetchedAt]);
  return change;
}

export function DominanceCard() {
  const { t } = useTranslation('dashboard');
  const query = useDominanceQuery();
  const currency = useCurrency();
  const change = useChangeSincePreviousFetch(query.data?.data.bitcoin_dominance, query.dataUpdatedAt);
  return (
    <MarketWidgetCard icon={Bitcoin} title={t('dominance.title')} query={query}>
      {(answer) => (
        <DominanceFigures
          data={answer.data}
          change={change}
          currency={currencyOf(answer, currency)}
          source={answer.source}
        />
      )}
    </MarketWidgetCard>
  );
}

function DominanceFigures({
  data,
  change,
  currency,
  source,
}: {
  data: GlobalMarketData;
  change: number | null;
  currency: Currency;
  source: MarketSource;
}) {
  const { t } = useTranslation(['dashboard', 'common']);
  const trillions = (value: number) =>
    t('common:currency.trillions', {
      symbol: t(`common:currency.short.${currency}`),
      value: formatTrillions(value),
    });
  const tone = dominanceTone(data.bitcoin_dominance);
  const showChange = change !== null && Math.abs(change) >= MIN_VISIBLE_CHANGE;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between gap-2">
        <p className="text-3xl font-semibold tabular-nums">{formatPercent(data.bitcoin_dominance)}</p>
        {showChange ? (
          <Badge
            variant={change > 0 ? 'success' : 'danger'}
            aria-label={t('dominance.change', { change: formatPercent(change, { signed: true }) })}
          >
            {change > 0 ? (
              <ArrowUpRight aria-hidden="true" className="size-3" />
            ) : (
              <ArrowDownRight aria-hidden="true" className="size-3" />
            )}
            {formatPercent(change, { signed: true })}
          </Badge>
        ) : null}
      </div>
      <div
        role="progressbar"
        aria-label={t('dominance.title')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Number(data.bitcoin_dominance.toFixed(2))}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn('h-full rounded-full', barColor[tone])}
          style={{ width: `${Math.min(100, data.bitcoin_dominance)}%` }}
        />
      </div>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        {/* no BTC market cap here: this one (dominance × total) differs from the coin's own, shown in the list */}
        <dt className="text-muted-foreground">{t('dominance.totalCap')}</dt>
        <dd className="text-right tabular-nums">{trillions(data.total_market_cap)}</dd>
        <dt className="text-muted-foreground">{t('dominance.ethDominance')}</dt>
        <dd className="text-right tabular-nums">{formatPercent(data.ethereum_dominance)}</dd>
      </dl>
      <p className="text-xs text-muted-foreground">
        {t('widgets.updatedAt', { date: formatDateTime(data.last_updated * 1000) })}
      </p>
      <DataCredit source={source} />
    </div>
  );
}

import type { LucideIcon } from 'lucide-react';
import { Activity, CircleDollarSign, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataCredit } from '../../../components/data-credit.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { currencyOf, useCurrency } from '../../../lib/currency.ts';
import { formatTrillions } from '../../../lib/format.ts';
import { COIN_PAGE_SIZE, isPlanRefusal, useCoinPricesQuery, useFavoritesQuery } from '../api/market-api.ts';
import type { PlanAccess } from '../hooks/plan-access.ts';

export function StatCard({
  icon: Icon,
  label,
  value,
  hint,
  credit,
}: {
  icon: LucideIcon;
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  /** The source credited under the figure (its data's provider). */
  credit?: ReactNode;
}) {
  return (
    <Card className="flex min-w-0 flex-col justify-between gap-1 p-3 sm:min-h-28 sm:gap-2 sm:p-4">
      <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground sm:text-sm">
        <span className="truncate">{label}</span>
        <Icon aria-hidden="true" className="size-4 shrink-0" />
      </div>
      <div className="truncate text-lg font-semibold tabular-nums sm:text-2xl">{value}</div>
      {hint ? <div className="line-clamp-2 text-[11px] text-muted-foreground sm:text-xs">{hint}</div> : null}
      {credit}
    </Card>
  );
}

/**
 * The four key figures, a 2×2 grid on phones so they fit the first screen: market cap of the listed coins (the first page, top 10 by
 * market cap), favourites, market-data status and the compact subscription card given by the page.
 */
export function StatCards({ access, subscriptionCard }: { access: PlanAccess; subscriptionCard: ReactNode }) {
  const { t } = useTranslation('dashboard');
  const firstPage = useCoinPricesQuery(1, access.coinsVisible > 0);
  const currency = currencyOf(firstPage.data, useCurrency());
  const favorites = useFavoritesQuery();
  const coins = firstPage.data?.data.slice(0, COIN_PAGE_SIZE) ?? [];
  const listedCap = coins.reduce((sum, coin) => sum + (coin.market_cap ?? 0), 0);
  const locked = access.coinsVisible === 0 || isPlanRefusal(firstPage.error);

  return (
    <section
      aria-label={t('phoneFirst.keyFigures')}
      className="grid grid-cols-2 gap-2 sm:gap-4 xl:grid-cols-4"
    >
      <StatCard
        icon={CircleDollarSign}
        label={t('stats.marketCap')}
        value={
          locked ? (
            '—'
          ) : firstPage.data ? (
            t('common:currency.trillions', {
              symbol: t(`common:currency.short.${currency}`),
              value: formatTrillions(listedCap),
            })
          ) : (
            <Spinner />
          )
        }
        hint={locked ? t('stats.marketCapLocked') : t('stats.marketCapHint', { total: coins.length })}
        credit={
          locked ? null : <DataCredit source={firstPage.data?.source} className="text-[11px] sm:text-xs" />
        }
      />
      <StatCard
        icon={Star}
        label={t('stats.favorites')}
        value={favorites.data ? favorites.data.data.length : favorites.isError ? '—' : <Spinner />}
        hint={t('stats.favoritesHint')}
      />
      <StatCard
        icon={Activity}
        label={t('stats.status')}
        value={
          locked || firstPage.isError ? (
            <span className="text-muted-foreground">{t('stats.statusUnavailable')}</span>
          ) : !firstPage.data ? (
            <Spinner />
          ) : firstPage.data.source === 'simulated' ? (
            <span className="text-warning">{t('stats.statusSimulated')}</span>
          ) : (
            <span className="text-success">{t('stats.statusLive')}</span>
          )
        }
        hint={firstPage.data ? t('stats.statusSource', { source: firstPage.data.source }) : undefined}
      />
      {subscriptionCard}
    </section>
  );
}

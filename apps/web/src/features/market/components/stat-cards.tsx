import type { LucideIcon } from 'lucide-react';
import { Activity, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataCredit } from '../../../components/data-credit.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isPlanRefusal, useCoinPricesQuery, useFavoritesQuery } from '../api/market-api.ts';
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
 * The account's bookkeeping, below the market on the dashboard: favourites, where the market data comes from
 * now, and the compact subscription card given by the page. The market's total capitalisation is the dominance
 * card's (CoinGecko's global figure): a sum of the listed coins beside it would be a second, different "market
 * cap".
 */
export function StatCards({ access, subscriptionCard }: { access: PlanAccess; subscriptionCard: ReactNode }) {
  const { t } = useTranslation('dashboard');
  const firstPage = useCoinPricesQuery(1, access.coinsVisible > 0);
  const favorites = useFavoritesQuery();
  const locked = access.coinsVisible === 0 || isPlanRefusal(firstPage.error);

  return (
    <section
      aria-label={t('phoneFirst.keyFigures')}
      className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-4"
    >
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
        credit={
          firstPage.data ? (
            <DataCredit source={firstPage.data.source} className="text-[11px] sm:text-xs" />
          ) : null
        }
      />
      <div className="col-span-2 sm:col-span-1">{subscriptionCard}</div>
    </section>
  );
}

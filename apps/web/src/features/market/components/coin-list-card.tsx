import type { CoinItem, Pagination } from '@farol/contract';
import { ChevronLeft, ChevronRight, Search, Star, X } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatCompact, formatPercent, formatPrice } from '../../../lib/format.ts';
import {
  COIN_PAGE_SIZE,
  coinListErrorKind,
  useCoinPricesQuery,
  useCoinSearchQuery,
  useToggleFavoriteMutation,
} from '../api/market-api.ts';
import type { PlanAccess } from '../hooks/plan-access.ts';
import { MarketSourceBadge } from './market-source-badge.tsx';

/** The paged coin table with favourites, search (when the plan allows it), cache indicator and error kinds. */
export function CoinListCard({ access }: { access: PlanAccess }) {
  const { t } = useTranslation('dashboard');
  const [page, setPage] = useState(1);
  const [term, setTerm] = useState('');
  const searchTerm = useDeferredValue(term.trim());
  const isSearching = access.canSearch && searchTerm.length > 0;

  const pageQuery = useCoinPricesQuery(page, !isSearching);
  const searchQuery = useCoinSearchQuery(searchTerm, isSearching);
  const favorite = useToggleFavoriteMutation();
  const active = isSearching ? searchQuery : pageQuery;

  const toggleFavorite = (coin: CoinItem) =>
    favorite.mutate(
      { coinId: coin.id, coinName: coin.name, isFavorite: !coin.isFavorite },
      // Toggling a favourite goes back to page 1, where favourites are listed.
      { onSuccess: () => setPage(1) },
    );

  // the server searches (name or symbol, any case) and puts favourites first
  const rows = (isSearching ? searchQuery.data?.data : pageQuery.data?.data) ?? [];
  const pagination = pageQuery.data?.pagination;

  return (
    <Card>
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>{t('coins.title')}</CardTitle>
          {active.data ? <MarketSourceBadge source={active.data.source} cache={active.data.cache} /> : null}
        </div>
        {access.canSearch ? <CoinSearchBox term={term} onChange={setTerm} /> : null}
        {isSearching && searchQuery.data ? (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t('coins.searchCount', { total: rows.length, term: searchTerm })}
          </p>
        ) : null}
      </CardHeader>
      <CardContent>
        {active.isError && !active.data ? (
          <CoinListError
            error={active.error}
            onRetry={() => void active.refetch()}
            isRetrying={active.isFetching}
          />
        ) : active.isPending ? (
          <CoinTableSkeleton />
        ) : rows.length === 0 ? (
          <EmptyState
            icon={Search}
            title={isSearching ? t('coins.noResults', { term: searchTerm }) : t('coins.empty')}
            action={
              isSearching ? (
                <Button variant="outline" size="sm" onClick={() => setTerm('')}>
                  {t('coins.clearSearch')}
                </Button>
              ) : undefined
            }
          />
        ) : (
          <CoinTable
            coins={rows}
            onToggleFavorite={toggleFavorite}
            pendingCoinId={favorite.isPending ? favorite.variables?.coinId : undefined}
          />
        )}
        {!isSearching && pagination && pagination.totalPages > 1 && access.coinsVisible > COIN_PAGE_SIZE ? (
          <CoinPagination
            pagination={pagination}
            isChangingPage={pageQuery.isPlaceholderData}
            onPrevious={() => setPage((current) => current - 1)}
            onNext={() => setPage((current) => current + 1)}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}

type CoinPaginationProps = {
  pagination: Pagination;
  /** The next page is still loading (the current one is shown meanwhile). */
  isChangingPage: boolean;
  onPrevious: () => void;
  onNext: () => void;
};

function CoinPagination({ pagination, isChangingPage, onPrevious, onNext }: CoinPaginationProps) {
  const { t } = useTranslation('dashboard');
  return (
    <nav aria-label={t('coins.pagination')} className="mt-4 flex items-center justify-between gap-2">
      <Button
        variant="outline"
        size="sm"
        disabled={!pagination.hasPreviousPage || isChangingPage}
        onClick={onPrevious}
      >
        <ChevronLeft aria-hidden="true" />
        <span className="max-sm:sr-only">{t('coins.previous')}</span>
      </Button>
      <span className="text-sm whitespace-nowrap text-muted-foreground tabular-nums">
        {t('coins.pageOf', { page: pagination.currentPage, total: pagination.totalPages })}
      </span>
      <Button
        variant="outline"
        size="sm"
        disabled={!pagination.hasNextPage || isChangingPage}
        onClick={onNext}
      >
        <span className="max-sm:sr-only">{t('coins.next')}</span>
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}

function CoinSearchBox({ term, onChange }: { term: string; onChange: (term: string) => void }) {
  const { t } = useTranslation('dashboard');
  const id = useId();
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        {t('coins.searchLabel')}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        id={id}
        type="search"
        value={term}
        onChange={(event) => onChange(event.target.value)}
        placeholder={t('coins.searchPlaceholder')}
        maxLength={50}
        className="pr-10 pl-9"
        autoComplete="off"
      />
      {term ? (
        <Button
          variant="ghost"
          size="icon"
          className="absolute top-0 right-0"
          onClick={() => onChange('')}
          aria-label={t('coins.clearSearch')}
        >
          <X aria-hidden="true" />
        </Button>
      ) : null}
    </div>
  );
}

function CoinListError({
  error,
  onRetry,
  isRetrying,
}: {
  error: unknown;
  onRetry: () => void;
  isRetrying: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const kind = coinListErrorKind(error);
  const copy = {
    rate_limit: {
      title: t('coins.errors.rate_limit.title'),
      description: t('coins.errors.rate_limit.description'),
    },
    server_error: {
      title: t('coins.errors.server_error.title'),
      description: t('coins.errors.server_error.description'),
    },
    api_error: {
      title: t('coins.errors.api_error.title'),
      description: t('coins.errors.api_error.description'),
    },
    network_error: {
      title: t('coins.errors.network_error.title'),
      description: t('coins.errors.network_error.description'),
    },
  }[kind];
  return (
    <ErrorState title={copy.title} description={copy.description} onRetry={onRetry} isRetrying={isRetrying} />
  );
}

function CoinTableSkeleton() {
  const { t } = useTranslation('dashboard');
  return (
    <div role="status" aria-label={t('coins.loading')} className="flex flex-col gap-2">
      {Array.from({ length: COIN_PAGE_SIZE }, (_, index) => (
        <div key={index} className="h-11 animate-pulse rounded-md bg-muted/60" />
      ))}
    </div>
  );
}

type CoinTableProps = {
  coins: CoinItem[];
  onToggleFavorite: (coin: CoinItem) => void;
  pendingCoinId?: string;
};

function CoinTable({ coins, onToggleFavorite, pendingCoinId }: CoinTableProps) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="-mx-5 overflow-x-auto sm:mx-0">
      <table className="w-full text-sm">
        <caption className="sr-only">{t('coins.title')}</caption>
        <thead className="text-left text-xs text-muted-foreground">
          <tr className="border-b border-border">
            <th scope="col" className="w-10 py-2 pl-3 sm:pl-1">
              <span className="sr-only">{t('coins.favorite')}</span>
            </th>
            <th scope="col" className="hidden w-10 py-2 sm:table-cell">
              #
            </th>
            <th scope="col" className="py-2">
              {t('coins.coin')}
            </th>
            <th scope="col" className="py-2 pl-2 text-right">
              {t('coins.price')}
            </th>
            <th scope="col" className="py-2 pr-4 pl-2 text-right sm:pr-2">
              {t('coins.change24h')}
            </th>
            <th scope="col" className="hidden py-2 pr-2 text-right md:table-cell">
              {t('coins.marketCap')}
            </th>
          </tr>
        </thead>
        <tbody>
          {coins.map((coin) => (
            <tr key={coin.id} className="border-b border-border/60 last:border-0 hover:bg-muted/40">
              <td className="py-1.5 pl-2 sm:pl-0">
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-9"
                  aria-pressed={coin.isFavorite}
                  aria-label={
                    coin.isFavorite
                      ? t('coins.removeFavorite', { name: coin.name })
                      : t('coins.addFavorite', { name: coin.name })
                  }
                  disabled={pendingCoinId === coin.id}
                  onClick={() => onToggleFavorite(coin)}
                >
                  <Star
                    aria-hidden="true"
                    className={cn(coin.isFavorite ? 'fill-primary text-primary' : 'text-muted-foreground')}
                  />
                </Button>
              </td>
              <td className="hidden text-muted-foreground tabular-nums sm:table-cell">
                {coin.market_cap_rank ?? '—'}
              </td>
              <td className="py-1.5">
                <div className="flex min-w-0 items-center gap-2">
                  <CoinIcon coin={coin} />
                  <div className="flex min-w-0 flex-col sm:flex-row sm:items-baseline sm:gap-2">
                    <span className="max-w-[7.5rem] truncate font-medium sm:max-w-none">{coin.name}</span>
                    <span className="text-xs text-muted-foreground uppercase">{coin.symbol}</span>
                  </div>
                </div>
              </td>
              <td className="py-1.5 pl-2 text-right whitespace-nowrap tabular-nums">
                {coin.current_price === null ? '—' : formatCoinPrice(coin.current_price)}
              </td>
              <td className="py-1.5 pr-4 pl-2 text-right whitespace-nowrap sm:pr-2">
                <ChangeText value={coin.price_change_percentage_24h} />
              </td>
              <td className="hidden py-1.5 pr-2 text-right tabular-nums md:table-cell">
                {coin.market_cap === null ? '—' : formatCompact(coin.market_cap)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Prices with 2 decimals, except coins worth less than a cent: "0,00" would hide the
 * price, so they keep 4 significant digits.
 */
export function formatCoinPrice(value: number): string {
  if (value === 0 || Math.abs(value) >= 0.01) return formatPrice(value);
  return new Intl.NumberFormat(currentLanguage(), {
    style: 'currency',
    currency: 'USD',
    maximumSignificantDigits: 4,
  }).format(value);
}

function CoinIcon({ coin }: { coin: CoinItem }) {
  if (coin.image)
    return (
      <img
        src={coin.image}
        alt=""
        width={24}
        height={24}
        loading="lazy"
        className="size-6 shrink-0 rounded-full"
      />
    );
  return (
    <span
      aria-hidden="true"
      className="grid size-6 shrink-0 place-items-center rounded-full bg-muted text-[0.6rem] font-semibold"
    >
      {coin.symbol.slice(0, 3).toUpperCase()}
    </span>
  );
}

export function ChangeText({ value }: { value: number | null }) {
  if (value === null) return <span className="text-muted-foreground">—</span>;
  return (
    <span
      className={cn(
        'tabular-nums',
        value > 0 ? 'text-success' : value < 0 ? 'text-danger' : 'text-muted-foreground',
      )}
    >
      {formatPercent(value, { signed: true })}
    </span>
  );
}

import type { CoinItem, CoinSortKey, Pagination } from '@farol/contract';
import { ChevronLeft, ChevronRight, Search, X } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Input, inputClassName } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { useMediaQuery, WIDE_SCREEN_QUERY } from '../../../lib/use-media-query.ts';
import {
  COIN_PAGE_SIZE,
  coinListErrorKind,
  TABLE_PAGE_SIZES,
  useCoinPricesQuery,
  useCoinSearchQuery,
  useToggleFavoriteMutation,
  type CoinTableOrder,
} from '../api/market-api.ts';
import { useLiveCoins } from '../hooks/live-market.ts';
import type { PlanAccess } from '../hooks/plan-access.ts';
import { CoinTable, nextOrder } from './coin-table.tsx';
import { MarketSourceBadge } from './market-source-badge.tsx';
import { DataCredit } from '../../../components/data-credit.tsx';
import { currencyOf, useCurrency } from '../../../lib/currency.ts';

/** What the table shows: its page, its order and the rows per page chosen on a wide screen. */
function useCoinTableView(access: PlanAccess) {
  const isWide = useMediaQuery(WIDE_SCREEN_QUERY);
  const [page, setPage] = useState(1);
  const [chosenSize, setChosenSize] = useState<number>(TABLE_PAGE_SIZES[0]);
  const [order, setOrder] = useState<CoinTableOrder>({ sort: 'rank', order: 'asc' });
  // phones keep the spec's 10 rows; the plan's limit caps both (the server lists no more than it)
  const pageSize = Math.min(isWide ? chosenSize : COIN_PAGE_SIZE, Math.max(1, access.coinsVisible));
  return {
    page,
    setPage,
    order,
    pageSize,
    chosenSize,
    canChooseSize: isWide && access.coinsVisible > TABLE_PAGE_SIZES[0],
    sortBy: (sort: CoinSortKey) => {
      setOrder((current) => nextOrder(current, sort));
      setPage(1);
    },
    chooseSize: (size: number) => {
      setChosenSize(size);
      setPage(1);
    },
  };
}

/**
 * The paged coin table with favourites, search (when the plan allows it), sorting by column, rows per page
 * (wide screens), cache indicator and error kinds.
 */
export function CoinListCard({ access }: { access: PlanAccess }) {
  const { t } = useTranslation('dashboard');
  const view = useCoinTableView(access);
  const { page, setPage, order, pageSize } = view;
  const [term, setTerm] = useState('');
  const searchTerm = useDeferredValue(term.trim());
  const isSearching = access.canSearch && searchTerm.length > 0;

  const pageQuery = useCoinPricesQuery(page, !isSearching, { limit: pageSize, ...order });
  const searchQuery = useCoinSearchQuery(searchTerm, isSearching, order);
  const favorite = useToggleFavoriteMutation();
  const active = isSearching ? searchQuery : pageQuery;
  const currency = useCurrency();

  const toggleFavorite = (coin: CoinItem) =>
    favorite.mutate(
      { coinId: coin.id, coinName: coin.name, isFavorite: !coin.isFavorite },
      // Toggling a favourite goes back to page 1, where favourites are listed.
      { onSuccess: () => setPage(1) },
    );

  // the server searches (name or symbol, any case), sorts and puts favourites first
  const rows = (isSearching ? searchQuery.data?.data : pageQuery.data?.data) ?? [];
  useLiveCoins(rows);

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
          <CoinTableSkeleton rows={pageSize} />
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
            order={order}
            onSort={view.sortBy}
            onToggleFavorite={toggleFavorite}
            pendingCoinId={favorite.isPending ? favorite.variables?.coinId : undefined}
            currency={currencyOf(active.data, currency)}
          />
        )}
        {isSearching ? null : (
          <CoinTableFooter
            view={view}
            pagination={pageQuery.data?.pagination}
            isChangingPage={pageQuery.isPlaceholderData}
            coinsVisible={access.coinsVisible}
          />
        )}
        <DataCredit source={active.data?.source} className="mt-3" />
      </CardContent>
    </Card>
  );
}

/** Rows per page (wide screens, plans with more than 25 coins) and the page buttons. */
function CoinTableFooter({
  view,
  pagination,
  isChangingPage,
  coinsVisible,
}: {
  view: ReturnType<typeof useCoinTableView>;
  pagination: Pagination | undefined;
  isChangingPage: boolean;
  coinsVisible: number;
}) {
  const hasPages = pagination && pagination.totalPages > 1 && coinsVisible > view.pageSize;
  if (!view.canChooseSize && !hasPages) return null;
  return (
    <div className="mt-4 flex flex-wrap items-center justify-end gap-x-6 gap-y-3">
      {view.canChooseSize ? <RowsPerPageSelect size={view.chosenSize} onChange={view.chooseSize} /> : null}
      {hasPages ? (
        <CoinPagination
          pagination={pagination}
          isChangingPage={isChangingPage}
          onPrevious={() => view.setPage((current) => current - 1)}
          onNext={() => view.setPage((current) => current + 1)}
        />
      ) : null}
    </div>
  );
}

function RowsPerPageSelect({ size, onChange }: { size: number; onChange: (size: number) => void }) {
  const { t } = useTranslation('dashboard');
  const id = useId();
  return (
    <div className="flex items-center gap-2 text-sm text-muted-foreground">
      <label htmlFor={id}>{t('market:table.rowsPerPage')}</label>
      <select
        id={id}
        value={size}
        onChange={(event) => onChange(Number(event.target.value))}
        className={cn(inputClassName, 'h-9 w-auto')}
      >
        {TABLE_PAGE_SIZES.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
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
    <nav
      aria-label={t('coins.pagination')}
      className="flex flex-1 items-center justify-between gap-2 sm:flex-none sm:gap-4"
    >
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

function CoinTableSkeleton({ rows }: { rows: number }) {
  const { t } = useTranslation('dashboard');
  return (
    <div role="status" aria-label={t('coins.loading')} className="flex flex-col gap-2">
      {Array.from({ length: Math.min(rows, 25) }, (_, index) => (
        <div key={index} className="h-11 animate-pulse rounded-md bg-muted/60" />
      ))}
    </div>
  );
}

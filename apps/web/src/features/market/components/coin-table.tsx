import type { CoinItem, CoinSortKey } from '@farol/contract';
import { ArrowDown, ArrowUp, ArrowUpDown, Star } from 'lucide-react';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { CoinLogo } from '../../../components/ui/coin-logo.tsx';
import { PriceFlash } from '../../../components/ui/price-flash.tsx';
import { cn } from '../../../lib/cn.ts';
import { coinPagePath } from '../../../lib/coin-prices.ts';
import type { Currency } from '../../../lib/currency.ts';
import { formatCompact, formatPercent, formatPrice } from '../../../lib/format.ts';
import type { CoinTableOrder } from '../api/market-api.ts';
import { CoinSparkline } from './coin-sparkline.tsx';

/** A column after the name: what it shows, whether it sorts, and from which width it is shown. */
type Column = {
  key: CoinSortKey | 'sparkline';
  /** Phones show name, price, 24 h and the sparkline; the rest appear as the screen widens. */
  visibility: string;
  /**
   * The table is laid out fixed at every width: each figure has a width of its own (room for more digits
   * than it shows) and the name takes the rest, so neither a tick nor a figure that loads later makes the
   * browser share the row out again.
   */
  width: string;
  cell: (coin: CoinItem, currency: Currency) => ReactNode;
};

const dash = <span className="text-muted-foreground">—</span>;
const amount = (value: number | null) => (value === null ? dash : formatCompact(value));

const numericColumns: Column[] = [
  {
    key: 'price',
    visibility: '',
    width: 'w-[6.5rem] sm:w-32',
    // the stream moves it: a brief glow says which way, in a cell as wide as before
    cell: (coin, currency) =>
      coin.current_price === null ? (
        dash
      ) : (
        <PriceFlash value={coin.current_price}>{formatPrice(coin.current_price, currency)}</PriceFlash>
      ),
  },
  {
    key: 'change1h',
    visibility: 'hidden lg:table-cell',
    width: 'w-20',
    cell: (coin) => <ChangeText value={coin.price_change_percentage_1h} />,
  },
  {
    key: 'change24h',
    visibility: '',
    width: 'w-[4.75rem] sm:w-20',
    cell: (coin) => <ChangeText value={coin.price_change_percentage_24h} />,
  },
  {
    key: 'change7d',
    visibility: 'hidden sm:table-cell',
    width: 'w-20',
    cell: (coin) => <ChangeText value={coin.price_change_percentage_7d} />,
  },
  {
    key: 'marketCap',
    visibility: 'hidden md:table-cell',
    width: 'w-24',
    cell: (coin) => amount(coin.market_cap),
  },
  {
    key: 'volume',
    visibility: 'hidden lg:table-cell',
    width: 'w-24',
    cell: (coin) => amount(coin.total_volume),
  },
];

/** The direction a column starts in: rank from the top, figures from the largest. */
export function nextOrder(current: CoinTableOrder, sort: CoinSortKey): CoinTableOrder {
  if (current.sort === sort) return { sort, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { sort, order: sort === 'rank' ? 'asc' : 'desc' };
}

type CoinTableProps = {
  coins: CoinItem[];
  order: CoinTableOrder;
  onSort: (sort: CoinSortKey) => void;
  onToggleFavorite: (coin: CoinItem) => void;
  pendingCoinId?: string;
  /** The currency the answer's figures are in. */
  currency: Currency;
};

/**
 * The coin table: sortable headers (aria-sort on the sorted one), rows that open the coin page (the coin's
 * name is the link for keyboards and screen readers; a click anywhere else on the row does the same), and
 * the favourite star, which never opens the row.
 */
export function CoinTable({
  coins,
  order,
  onSort,
  onToggleFavorite,
  pendingCoinId,
  currency,
}: CoinTableProps) {
  const { t } = useTranslation(['dashboard', 'market']);
  return (
    <div className="-mx-5 sm:mx-0">
      <table className="w-full table-fixed text-sm">
        <caption className="sr-only">{t('dashboard:coins.title')}</caption>
        <thead className="text-xs text-muted-foreground">
          <tr className="border-b border-border">
            <th scope="col" className="w-9 py-2 pl-1 sm:w-10 sm:pl-0">
              <span className="sr-only">{t('dashboard:coins.favorite')}</span>
            </th>
            <SortHeader
              column="rank"
              order={order}
              onSort={onSort}
              className="hidden w-12 text-left sm:table-cell"
            />
            <th scope="col" className="py-2 text-left font-medium">
              {t('dashboard:coins.coin')}
            </th>
            {numericColumns.map((column) => (
              <SortHeader
                key={column.key}
                column={column.key as CoinSortKey}
                order={order}
                onSort={onSort}
                className={cn('text-right', column.visibility, column.width)}
              />
            ))}
            <th scope="col" className="w-16 py-2 pr-3 pl-2 text-right font-medium sm:w-24 sm:pr-2 xl:w-28">
              <span aria-hidden="true">{t('market:table.columns.sparkline.short')}</span>
              <span className="sr-only">{t('market:table.columns.sparkline.long')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {coins.map((coin) => (
            <CoinRow
              key={coin.id}
              coin={coin}
              onToggleFavorite={onToggleFavorite}
              isPending={pendingCoinId === coin.id}
              currency={currency}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SortHeader({
  column,
  order,
  onSort,
  className,
}: {
  column: CoinSortKey;
  order: CoinTableOrder;
  onSort: (sort: CoinSortKey) => void;
  className?: string;
}) {
  const { t } = useTranslation('market');
  const isSorted = order.sort === column;
  const Icon = !isSorted ? ArrowUpDown : order.order === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={isSorted ? (order.order === 'asc' ? 'ascending' : 'descending') : undefined}
      className={cn('py-1 pl-2 font-medium', className)}
    >
      <button
        type="button"
        onClick={() => onSort(column)}
        className={cn(
          'inline-flex min-h-8 items-center gap-1 rounded-sm whitespace-nowrap hover:text-foreground',
          'focus-visible:outline-2 focus-visible:outline-ring',
          isSorted && 'text-foreground',
        )}
      >
        <span aria-hidden="true">{t(`market:table.columns.${column}.short`)}</span>
        <span className="sr-only">{t(`market:table.columns.${column}.long`)}</span>
        <Icon aria-hidden="true" className={cn('size-3 shrink-0', !isSorted && 'opacity-50')} />
      </button>
    </th>
  );
}

function CoinRow({
  coin,
  onToggleFavorite,
  isPending,
  currency,
}: {
  coin: CoinItem;
  onToggleFavorite: (coin: CoinItem) => void;
  isPending: boolean;
  currency: Currency;
}) {
  const { t } = useTranslation(['dashboard', 'market']);
  const navigate = useNavigate();
  const path = coinPagePath(coin.symbol);
  // the link and the star handle their own clicks; anywhere else on the row opens the coin
  const openRow = (event: MouseEvent<HTMLTableRowElement>) => {
    if ((event.target as Element).closest('a, button')) return;
    void navigate(path);
  };
  return (
    <tr
      onClick={openRow}
      className="cursor-pointer border-b border-border/60 last:border-0 hover:bg-muted/40"
    >
      <td className="py-1.5 pl-1 sm:pl-0">
        <FavoriteButton coin={coin} onToggle={onToggleFavorite} isPending={isPending} />
      </td>
      <td className="hidden pl-2 text-muted-foreground tabular-nums sm:table-cell">
        {coin.market_cap_rank ?? '—'}
      </td>
      <td className="py-1.5">
        <div className="flex min-w-0 items-center gap-2">
          {/* phones give the name the logo's room */}
          <CoinLogo image={coin.image} symbol={coin.symbol} className="max-sm:hidden" />
          <div className="flex min-w-0 flex-col sm:flex-row sm:items-baseline sm:gap-2">
            <Link
              to={path}
              className="truncate font-medium hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            >
              {coin.name}
            </Link>
            <span className="text-xs text-muted-foreground uppercase">{coin.symbol}</span>
          </div>
        </div>
      </td>
      {numericColumns.map((column) => (
        <td
          key={column.key}
          className={cn(
            'py-1.5 pl-2 text-right whitespace-nowrap tabular-nums max-sm:text-xs',
            column.visibility,
          )}
        >
          {column.cell(coin, currency)}
        </td>
      ))}
      <td className="py-1.5 pr-3 pl-2 sm:pr-2">
        <CoinSparkline prices={coin.sparkline_7d} change7d={coin.price_change_percentage_7d} />
        {coin.price_change_percentage_7d === null ? null : (
          <span className="sr-only sm:hidden">
            {t('market:table.change7dText', {
              value: formatPercent(coin.price_change_percentage_7d, { signed: true }),
            })}
          </span>
        )}
      </td>
    </tr>
  );
}

function FavoriteButton({
  coin,
  onToggle,
  isPending,
}: {
  coin: CoinItem;
  onToggle: (coin: CoinItem) => void;
  isPending: boolean;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-8 sm:size-9"
      aria-pressed={coin.isFavorite}
      aria-label={
        coin.isFavorite
          ? t('dashboard:coins.removeFavorite', { name: coin.name })
          : t('dashboard:coins.addFavorite', { name: coin.name })
      }
      disabled={isPending}
      onClick={() => onToggle(coin)}
    >
      <Star
        aria-hidden="true"
        className={cn(coin.isFavorite ? 'fill-primary text-primary' : 'text-muted-foreground')}
      />
    </Button>
  );
}

export function ChangeText({ value }: { value: number | null }) {
  if (value === null) return dash;
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

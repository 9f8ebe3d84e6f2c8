import type { MarketSignal, UnavailableSignal } from '@farol/contract';
import { Radar } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime, formatPrice, formatRsi, formatWholePercent } from '../../../lib/format.ts';
import { useDashboardSignalsQuery } from '../api/signals-api.ts';
import { SignalBadge } from './signal-badge.tsx';
import { DataCredit } from '../../../components/data-credit.tsx';
import { useTrackRecordQuery } from '../api/track-record-api.ts';
import { measuredHitRate, RecordLink } from './signal-record-note.tsx';
import { currencyOf, useCurrency, type Currency } from '../../../lib/currency.ts';

/** An outage (no answer or 5xx) is "temporarily unavailable"; anything else is an error loading signals. */
const isOutage = (error: unknown) => !isApiError(error) || error.status === 0 || error.status >= 500;

/** Dashboard panel of market signals: as many coins as the plan allows, refreshed every 60 s. */
export function SignalsPanel() {
  const { t } = useTranslation('marketAnalysis');
  const record = useTrackRecordQuery();
  const query = useDashboardSignalsQuery();
  const currency = currencyOf(query.data, useCurrency());
  const signals = query.data?.data ?? [];
  const unavailable = query.data?.unavailable ?? [];
  const isSimulated = signals.some((item) => item.source === 'simulated');
  const titleId = useId();
  return (
    <Card className="h-full" aria-labelledby={titleId}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle id={titleId} className="flex items-center gap-2">
          <Radar aria-hidden="true" className="size-4 text-muted-foreground" />
          {t('panel.title')}
        </CardTitle>
        {isSimulated ? <Badge variant="warning">{t('panel.simulated')}</Badge> : null}
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <div role="status" aria-label={t('panel.loading')} className="flex flex-col gap-2">
            {[0, 1, 2].map((index) => (
              <div key={index} className="h-14 animate-pulse rounded-md bg-muted/60" />
            ))}
          </div>
        ) : query.isError && !query.data ? (
          <ErrorState
            title={isOutage(query.error) ? t('panel.unavailable') : t('panel.error')}
            description={isOutage(query.error) ? t('panel.unavailableHint') : query.error.message}
            onRetry={() => void query.refetch()}
            isRetrying={query.isFetching}
          />
        ) : signals.length === 0 && unavailable.length > 0 ? (
          <ErrorState
            title={t('panel.unavailable')}
            description={t('panel.unavailableHint')}
            onRetry={() => void query.refetch()}
            isRetrying={query.isFetching}
          />
        ) : signals.length === 0 ? (
          <EmptyState icon={Radar} title={t('panel.empty')} />
        ) : (
          <>
            <div
              aria-hidden="true"
              className={cn(rowGrid, 'border-b border-border/60 pb-1.5 text-[11px] text-muted-foreground')}
            >
              <span>{t('dashboard:phoneFirst.columns.coin')}</span>
              <span>{t('dashboard:phoneFirst.columns.price')}</span>
              <span>{t('dashboard:phoneFirst.columns.signal')}</span>
              <span className="text-right">{t('dashboard:phoneFirst.columns.strength')}</span>
            </div>
            <ul className="[&>li]:border-b [&>li]:border-border/60">
              {signals.map((item) => (
                <SignalRow
                  key={item.symbol}
                  item={item}
                  currency={currency}
                  hitRate={record.data ? measuredHitRate(record.data, item.signal).hitRate : null}
                />
              ))}
            </ul>
            <ConfidenceNote />
          </>
        )}
        {signals.length > 0 && unavailable.length > 0 ? <UnavailableCoins coins={unavailable} /> : null}
        {query.data && signals[0] ? (
          <p className="mt-3 text-xs text-muted-foreground">
            {t('panel.asOf', { date: formatDateTime(signals[0].asOf) })}
          </p>
        ) : null}
        {signals.length > 0 ? (
          <DataCredit source={isSimulated ? 'simulated' : 'binance'} className="mt-1" />
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The coins of the list that have no signal now, each with why, beside the ones that have. */
/** What the confidence figure means, and the way to the measured record. */
function ConfidenceNote() {
  const { t } = useTranslation('marketAnalysis');
  return (
    <p className="mt-2 text-xs text-muted-foreground">
      {t('record.panelNote')} <RecordLink />
    </p>
  );
}

function UnavailableCoins({ coins }: { coins: UnavailableSignal[] }) {
  const { t } = useTranslation('marketAnalysis');
  return (
    <div className="mt-3 rounded-md border border-warning/40 bg-warning/10 p-3 text-xs">
      <p className="font-medium">{t('panel.unavailableCoins')}</p>
      <ul className="mt-1 flex flex-col gap-0.5 text-muted-foreground">
        {coins.map((coin) => (
          <li key={coin.symbol}>
            <span className="font-semibold text-foreground">{coin.symbol}</span>:{' '}
            {t(`panel.unavailableKinds.${coin.errorKind}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}

// symbol, price, class, strength: one line per coin on every width
const rowGrid = 'grid grid-cols-[3.25rem_minmax(0,1fr)_auto_2.75rem] items-center gap-x-2 sm:gap-x-3';

/**
 * One coin, one line: symbol, price, the signal class and its strength (a whole percentage). The class is
 * the row's one verdict (no trend label beside it to contradict it); confidence and RSI follow in small
 * print from sm up. The whole row opens the coin's page.
 */
function SignalRow({
  item,
  currency,
  hitRate,
}: {
  item: MarketSignal;
  currency: Currency;
  /** The class's measured 24 h hit rate (0-1) in the track record; null while unknown. */
  hitRate: number | null;
}) {
  const { t } = useTranslation(['marketAnalysis', 'dashboard']);
  return (
    <li>
      {/* the row's name is its own text, read in the order it shows (sr-only words fill in what the column headings say) */}
      <Link
        to={`/coins/${item.symbol.toLowerCase()}`}
        className="-mx-2 block rounded-md px-2 py-2 text-sm transition-colors hover:bg-muted/60 focus-visible:outline-2 focus-visible:outline-ring"
      >
        <span className={rowGrid}>
          {/* the spaces between the cells keep the words apart in the link's name (the grid ignores them) */}
          <span className="font-semibold">{item.symbol}</span>{' '}
          <span className="truncate tabular-nums">{formatPrice(item.price, currency)}</span>{' '}
          <SignalBadge signal={item.signal} />{' '}
          <span className="text-right font-medium tabular-nums">
            <span className="sr-only">{t('dashboard:phoneFirst.columns.strength')}</span>{' '}
            {formatWholePercent(item.strength)}
          </span>
        </span>{' '}
        <span className="mt-0.5 hidden gap-x-4 text-xs text-muted-foreground tabular-nums sm:flex">
          <span>
            {t('metrics.confidence')}: {formatWholePercent(item.confidence)}
          </span>{' '}
          <span>RSI {formatRsi(item.keyIndicators.rsi.value)}</span>{' '}
          {hitRate === null ? null : (
            <span>{t('record.rowHitRate', { hitRate: formatWholePercent(hitRate * 100) })}</span>
          )}
        </span>
      </Link>
    </li>
  );
}

import { candleIntervals, type CandleInterval } from '@farol/contract';
import { ChartCandlestick, ChevronsRight, Maximize, Minimize, ZoomIn, ZoomOut } from 'lucide-react';
import { lazy, Suspense, useRef, type ReactNode, type Ref, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { ChoiceGroup } from '../../../components/ui/toggle-group.tsx';
import { DataCredit } from '../../../components/data-credit.tsx';
import { cn } from '../../../lib/cn.ts';
import { currencyOf, useCurrency, type Currency } from '../../../lib/currency.ts';
import { useSession } from '../../../lib/session.ts';
import { AlertAtPriceAction } from '../../../components/alert-at-price-action.tsx';
import { useCandlesQuery } from '../api/market-api.ts';
import { useLiveSymbols } from '../hooks/live-market.ts';
import { useFullscreen } from '../hooks/use-fullscreen.ts';
import { indicatorIds, type IndicatorChoice } from './chart-indicators.ts';
import type { PriceLevel } from './chart-levels.ts';
import { useChartInterval, useChartSymbol, useIndicatorChoice } from './chart-preferences.ts';
import { MarketSourceBadge } from './market-source-badge.tsx';
import type { ChartView } from './price-chart.tsx';
import { quickChoiceOptions, SymbolSearch, useAnalysableCoinOptions } from './symbol-search.tsx';

// lightweight-charts is the heaviest module of the dashboard: loaded on its own so the first paint does not wait.
const PriceChart = lazy(() => import('./price-chart.tsx'));

// Chart 500 px tall (candles, volume, RSI and MACD share it).
export const DASHBOARD_CHART_HEIGHT = 500;

type ChartBodyProps = {
  symbol: string;
  interval: CandleInterval;
  /** Pixels, or undefined to fill the card (full screen). */
  height: number | undefined;
  indicators?: IndicatorChoice;
  levels?: readonly PriceLevel[];
  viewRef?: Ref<ChartView>;
  caption: string;
};

function ChartFrame({ height, children }: { height: number | undefined; children: ReactNode }) {
  return (
    <div
      style={height === undefined ? undefined : { height }}
      className={cn(height === undefined && 'min-h-0 flex-1')}
    >
      {children}
    </div>
  );
}

/** The pair as shown: BTC/USDT, or BTC/BRL when the candles are converted to reais. */
const chartPair = (symbol: string, currency: Currency) => `${symbol}/${currency === 'BRL' ? 'BRL' : 'USDT'}`;

function ChartBody(props: ChartBodyProps) {
  const { symbol, interval, height, indicators, levels, viewRef, caption } = props;
  const { t } = useTranslation(['dashboard', 'common']);
  const query = useCandlesQuery(symbol, interval);
  useLiveSymbols([symbol], interval);
  const displayCurrency = useCurrency();
  const session = useSession();
  const currency = currencyOf(query.data, displayCurrency);
  const pair = chartPair(symbol, currency);
  // an alert is set in the display currency: offered from the chart only when the candles are in it
  const priceAction =
    session && currency === displayCurrency
      ? (price: number, close: () => void) => (
          <AlertAtPriceAction symbol={symbol} price={price} currency={currency} onClose={close} />
        )
      : undefined;
  const placeholder = <LoadingState className="h-full rounded-md bg-muted/30" />;
  if (query.isPending) return <ChartFrame height={height}>{placeholder}</ChartFrame>;
  if (query.isError && !query.data) {
    return (
      <ChartFrame height={height}>
        <ErrorState
          className="h-full"
          title={t('chart.error')}
          description={query.error.message}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      </ChartFrame>
    );
  }
  const candles = query.data.data;
  return (
    <div className={cn('flex flex-col gap-2', height === undefined && 'min-h-0 flex-1')}>
      <ChartFrame height={height}>
        {candles.length === 0 ? (
          <EmptyState className="h-full" icon={ChartCandlestick} title={t('chartControls.empty', { pair })} />
        ) : (
          <Suspense fallback={placeholder}>
            <PriceChart
              candles={candles}
              // a new currency is a new series: its candles are drawn afresh, never patched onto the other's
              seriesKey={`${symbol}-${interval}-${currency}`}
              indicators={indicators}
              levels={levels}
              viewRef={viewRef}
              priceAction={priceAction}
              label={t('chartControls.label', { pair, interval: t(`chart.intervals.${interval}`) })}
            />
          </Suspense>
        )}
      </ChartFrame>
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
        <span>{caption}</span>
        <div className="flex flex-wrap items-center gap-2">
          {/* where the candles come from, and how BRL prices are made from them */}
          <DataCredit
            source={query.data.source}
            lead={t(`common:currency.chartSource.${currency}`, { symbol })}
            className="tabular-nums"
          />
          <MarketSourceBadge source={query.data.source} cache={query.data.cache} />
        </div>
      </div>
    </div>
  );
}

/** One pressed/unpressed button per study; RSI and MACD panes come and go with theirs. */
function IndicatorToggles({
  choice,
  onChange,
}: {
  choice: IndicatorChoice;
  onChange: (choice: IndicatorChoice) => void;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <div
      role="group"
      aria-label={t('chartControls.indicators')}
      className="flex flex-wrap items-center gap-1 [grid-area:studies]"
    >
      {indicatorIds.map((id) => (
        <button
          key={id}
          type="button"
          aria-pressed={choice[id]}
          title={t(`chartControls.hints.${id}`)}
          onClick={() => onChange({ ...choice, [id]: !choice[id] })}
          className={cn(
            'inline-flex h-7 items-center rounded-md border px-2 text-xs font-medium whitespace-nowrap transition-colors',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            choice[id]
              ? 'border-primary/60 bg-primary/15 text-foreground'
              : 'border-border bg-transparent text-muted-foreground hover:text-foreground',
          )}
        >
          {t(`chartControls.toggles.${id}`)}
        </button>
      ))}
    </div>
  );
}

function ViewButton({
  label,
  onClick,
  pressed,
  children,
}: {
  label: string;
  onClick: () => void;
  pressed?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-7"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

/** Zoom and "back to the latest" for those without a wheel or a pinch, and full screen. */
function ViewButtons({
  viewRef,
  isFullscreen,
  onFullscreen,
}: {
  viewRef: RefObject<ChartView | null>;
  isFullscreen: boolean;
  onFullscreen: () => void;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <div
      role="group"
      aria-label={t('chartControls.view')}
      className="flex items-center gap-0.5 justify-self-end [grid-area:view]"
    >
      <ViewButton label={t('chartControls.zoomOut')} onClick={() => viewRef.current?.zoom(1.5)}>
        <ZoomOut aria-hidden="true" />
      </ViewButton>
      <ViewButton label={t('chartControls.zoomIn')} onClick={() => viewRef.current?.zoom(1 / 1.5)}>
        <ZoomIn aria-hidden="true" />
      </ViewButton>
      <ViewButton label={t('chartControls.latest')} onClick={() => viewRef.current?.showLatest()}>
        <ChevronsRight aria-hidden="true" />
      </ViewButton>
      <ViewButton
        label={isFullscreen ? t('chartControls.exitFullscreen') : t('chartControls.fullscreen')}
        onClick={onFullscreen}
        pressed={isFullscreen}
      >
        {isFullscreen ? <Minimize aria-hidden="true" /> : <Maximize aria-hidden="true" />}
      </ViewButton>
    </div>
  );
}

// A phone: title and coin, then intervals and view buttons, then the studies. Wider: title, coin and intervals,
// then the studies and the view buttons.
const headerGrid = cn(
  'grid items-center gap-x-3 gap-y-2',
  "grid-cols-[auto_minmax(8rem,1fr)] [grid-template-areas:'title_coin'_'interval_view'_'studies_studies']",
  "sm:grid-cols-[1fr_auto_auto] sm:[grid-template-areas:'title_coin_interval'_'studies_studies_view']",
);

/**
 * The chart's coin search: every coin with a Binance pair (GET /api/market-signals/coins), the ten quick
 * choices first (the list's order, and all it offers while the list loads or after it failed).
 */
function ChartCoinSearch({ value, onChange }: { value: string; onChange: (symbol: string) => void }) {
  const { options, status } = useAnalysableCoinOptions(quickChoiceOptions);
  return (
    <SymbolSearch
      value={value}
      onChange={onChange}
      options={options}
      status={status}
      className="[grid-area:coin] sm:w-56"
    />
  );
}

/**
 * The trader's chart: any coin with a Binance pair (symbol search, unless the page fixes the coin), 15m to 1d,
 * studies switched on and off, zoom, full screen; support and resistance when `levels` are given. Choices
 * persist in this browser across pages.
 */
export function PriceChartCard({
  symbol: fixedSymbol,
  levels,
}: {
  symbol?: string;
  levels?: readonly PriceLevel[];
}) {
  const { t } = useTranslation('dashboard');
  // the page's coin when it names one, else the trader's last choice
  const [storedSymbol, setSymbol] = useChartSymbol();
  const symbol = fixedSymbol ?? storedSymbol;
  const [interval, setInterval] = useChartInterval();
  const [indicators, setIndicators] = useIndicatorChoice();
  const currency = useCurrency();
  const cardRef = useRef<HTMLElement>(null);
  const viewRef = useRef<ChartView>(null);
  const fullscreen = useFullscreen(cardRef);
  return (
    <Card
      ref={cardRef}
      data-fullscreen={fullscreen.isFullscreen || undefined}
      className={cn(
        fullscreen.isFullscreen && 'flex h-full flex-col overflow-y-auto rounded-none',
        fullscreen.isOverlay && 'fixed inset-0 z-50',
      )}
    >
      <CardHeader className="px-3 sm:px-5">
        <div className={headerGrid}>
          <CardTitle className="flex items-center gap-2 [grid-area:title]">
            <ChartCandlestick aria-hidden="true" className="size-4 text-muted-foreground" />
            {t('chart.title', { pair: chartPair(symbol, currency) })}
          </CardTitle>
          {fixedSymbol ? null : <ChartCoinSearch value={storedSymbol} onChange={setSymbol} />}
          <ChoiceGroup
            value={interval}
            options={candleIntervals}
            onChange={setInterval}
            label={t('chart.interval')}
            optionLabel={(option) => t(`chart.intervals.${option}`)}
            className="justify-self-start [grid-area:interval]"
            itemClassName="h-7 min-w-9 px-2"
          />
          <ViewButtons
            viewRef={viewRef}
            isFullscreen={fullscreen.isFullscreen}
            onFullscreen={fullscreen.toggle}
          />
          <IndicatorToggles choice={indicators} onChange={setIndicators} />
        </div>
      </CardHeader>
      <CardContent className={cn('px-3 sm:px-5', fullscreen.isFullscreen && 'flex min-h-0 flex-1 flex-col')}>
        <ChartBody
          symbol={symbol}
          interval={interval}
          height={fullscreen.isFullscreen ? undefined : DASHBOARD_CHART_HEIGHT}
          indicators={indicators}
          levels={levels}
          viewRef={viewRef}
          caption={t('chartControls.caption')}
        />
      </CardContent>
    </Card>
  );
}

export type { PriceLevel };

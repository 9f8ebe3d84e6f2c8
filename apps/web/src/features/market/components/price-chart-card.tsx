import { candleIntervals, type AnalysisSymbol, type CandleInterval } from '@farol/contract';
import { ChartCandlestick } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { ToggleGroup, ToggleGroupItem } from '../../../components/ui/toggle-group.tsx';
import { useCandlesQuery } from '../api/market-api.ts';
import { MarketSourceBadge } from './market-source-badge.tsx';
import type { PriceLevel } from './price-chart.tsx';

// lightweight-charts is the heaviest module of the dashboard: loaded on its own so the first paint does not wait.
const PriceChart = lazy(() => import('./price-chart.tsx'));

// Chart 500 px tall (candles, volume, RSI and MACD share it).
export const DASHBOARD_CHART_HEIGHT = 500;

function ChartBody({
  symbol,
  interval,
  height,
  withIndicators,
  levels,
}: {
  symbol: AnalysisSymbol;
  interval: CandleInterval;
  height: number;
  withIndicators: boolean;
  levels?: readonly PriceLevel[];
}) {
  const { t } = useTranslation('dashboard');
  const query = useCandlesQuery(symbol, interval);
  const placeholder = <LoadingState className="rounded-md bg-muted/30" />;
  if (query.isPending) return <div style={{ height }}>{placeholder}</div>;
  if (query.isError && !query.data) {
    return (
      <div style={{ height }} className="grid place-items-center">
        <ErrorState
          title={t('chart.error')}
          description={query.error.message}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <Suspense fallback={<div style={{ height }}>{placeholder}</div>}>
        <PriceChart
          candles={query.data.data}
          seriesKey={`${symbol}-${interval}`}
          height={height}
          withIndicators={withIndicators}
          levels={levels}
          label={t('chart.label', { pair: `${symbol}/USDT`, interval: t(`chart.intervals.${interval}`) })}
        />
      </Suspense>
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
        <span>{withIndicators ? t('chart.timeZoneIndicators') : t('chart.timeZone')}</span>
        <MarketSourceBadge source={query.data.source} cache={query.data.cache} />
      </div>
    </div>
  );
}

/** Dashboard chart: BTC/USDT, 1h by default, interval switch, volume + RSI(14) + MACD(12,26,9) panes. */
export function PriceChartCard({ symbol = 'BTC' }: { symbol?: AnalysisSymbol }) {
  const { t } = useTranslation('dashboard');
  const [interval, setInterval] = useState<CandleInterval>('1h');
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle className="flex items-center gap-2">
          <ChartCandlestick aria-hidden="true" className="size-4 text-muted-foreground" />
          {t('chart.title', { pair: `${symbol}/USDT` })}
        </CardTitle>
        <ToggleGroup
          type="single"
          value={interval}
          // Radix sends '' when the pressed item is pressed again: keep the current interval then.
          onValueChange={(value) => value && setInterval(value as CandleInterval)}
          aria-label={t('chart.interval')}
        >
          {candleIntervals.map((value) => (
            <ToggleGroupItem key={value} value={value} aria-label={t(`chart.intervals.${value}`)}>
              {value}
            </ToggleGroupItem>
          ))}
        </ToggleGroup>
      </CardHeader>
      <CardContent>
        <ChartBody symbol={symbol} interval={interval} height={DASHBOARD_CHART_HEIGHT} withIndicators />
      </CardContent>
    </Card>
  );
}

/** A small chart of one coin (1h) with support and resistance drawn as price lines. */
export function CoinLevelsChart({
  symbol,
  levels,
}: {
  symbol: AnalysisSymbol;
  levels: readonly PriceLevel[];
}) {
  return <ChartBody symbol={symbol} interval="1h" height={280} withIndicators={false} levels={levels} />;
}

export type { PriceLevel };

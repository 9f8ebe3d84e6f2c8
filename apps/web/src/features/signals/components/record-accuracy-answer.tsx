import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TrackRecord } from '@farol/contract';
import { InlineErrorState } from '../../../components/ui/error-state.tsx';
import { InlineLoading } from '../../../components/ui/spinner.tsx';
import { queryClient } from '../../../lib/query-client.ts';
import { useTrackRecordQuery } from '../api/track-record-api.ts';
import { beatsChance, buySideHitRate, dayHorizonOf, leadingRecord } from '../api/track-record-figures.ts';

/**
 * The landing FAQ's answer to "how accurate are the signals?", from the track record (the one source of the
 * public figures): it says whether it quotes the backtest or the live signals. The landing loads this module
 * only when its questions come near the viewport (zod and TanStack Query stay off its first load); the app's
 * one query client is used, so the figures are shared with /trading-signals and /track-record.
 */
export default function RecordAccuracyAnswer() {
  return (
    <QueryClientProvider client={queryClient}>
      <AccuracyFigures />
    </QueryClientProvider>
  );
}

function AccuracyFigures() {
  const { t } = useTranslation('landing');
  const query = useTrackRecordQuery();
  if (query.isPending) return <InlineLoading label={t('faq.accuracy.loading')} />;
  if (query.isError) {
    return (
      <InlineErrorState
        message={t('faq.accuracy.error')}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  return <AccuracyText record={query.data} />;
}

function AccuracyText({ record }: { record: TrackRecord }) {
  const { t, i18n } = useTranslation('landing');
  const percent = new Intl.NumberFormat(i18n.language, {
    style: 'percent',
    maximumFractionDigits: 1,
    minimumFractionDigits: 1,
  });
  const integer = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  const monthYear = new Intl.DateTimeFormat(i18n.language, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' });
  const horizon = dayHorizonOf(leadingRecord(record).horizons);
  const buyHit = buySideHitRate(horizon);
  const figures = {
    buyHit: buyHit === null ? '—' : percent.format(buyHit),
    alwaysLong: percent.format(horizon.alwaysLong.hitRate),
  };
  const { live, backtest } = record;
  const source =
    record.primary === 'live'
      ? t('faq.accuracy.live', {
          ...figures,
          since: day.format(new Date(live.from!)),
          signals: integer.format(live.signals),
          coinCount: live.coins.length,
        })
      : t('faq.accuracy.backtest', {
          ...figures,
          symbols: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(backtest.symbols),
          from: monthYear.format(new Date(backtest.from)),
          to: monthYear.format(new Date(backtest.to)),
          signals: integer.format(horizon.signals),
        });
  const window =
    record.primary === 'live'
      ? ''
      : t(backtest.overlapsTuning ? 'faq.accuracy.overlapsTuning' : 'faq.accuracy.validation');
  const dayRange = backtest.ranges?.find((range) => range.horizonHours === 24 && range.coverage !== null);
  const ranges = dayRange
    ? t('faq.accuracy.ranges', {
        nominal: percent.format(dayRange.nominal),
        coverage: percent.format(dayRange.coverage!),
        symbols: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(backtest.symbols),
      })
    : '';
  return (
    <>
      {source} {window} {t(horizon.classes.some(beatsChance) ? 'faq.accuracy.edge' : 'faq.accuracy.noEdge')}{' '}
      {ranges}
      {t('faq.accuracy.disclaimer')}{' '}
      <Link to="/track-record" className="font-medium text-primary underline-offset-4 hover:underline">
        {t('faq.accuracy.trackRecordLink')}
      </Link>
    </>
  );
}

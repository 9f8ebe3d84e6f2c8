import type { SignalValue, TrackRecord } from '@farol/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InlineErrorState } from '../../../components/ui/error-state.tsx';
import { InlineLoading } from '../../../components/ui/spinner.tsx';
import { formatNumber, formatWholePercent } from '../../../lib/format.ts';
import { useTrackRecordQuery } from '../api/track-record-api.ts';
import { dayHorizonOf, leadingRecord } from '../api/track-record-figures.ts';

/** The measured 24 h hit rate of a signal class in the record the public pages lead with (live, else backtest). */
export function measuredHitRate(record: TrackRecord, signal: SignalValue) {
  const horizon = dayHorizonOf(leadingRecord(record).horizons);
  const row = horizon.classes.find((candidate) => candidate.signal === signal);
  return {
    hitRate: row?.hitRate ?? null,
    count: row?.count ?? 0,
    hours: horizon.hours,
    primary: record.primary,
  };
}

/**
 * Beside a signal and its confidence: how often signals of that class were right over 24 h in the track
 * record, with the way to it, and what the confidence figure means, in one line each.
 */
export function SignalRecordNote({ signal, confidence }: { signal: SignalValue; confidence: number }) {
  const { t } = useTranslation('marketAnalysis');
  const query = useTrackRecordQuery();
  return (
    <div className="flex flex-col gap-1 text-xs text-muted-foreground" data-testid="signal-record-note">
      <p>
        {query.isPending ? (
          <InlineLoading label={t('record.loading')} />
        ) : query.isError ? (
          <InlineErrorState
            message={t('record.error')}
            onRetry={() => void query.refetch()}
            isRetrying={query.isFetching}
          />
        ) : (
          <HitRateLine record={query.data} signal={signal} />
        )}{' '}
        {query.isError ? null : <RecordLink />}
      </p>
      <p>{t('record.confidence', { confidence: formatWholePercent(confidence) })}</p>
    </div>
  );
}

/** The way to the signals' measured record. */
export function RecordLink() {
  const { t } = useTranslation('marketAnalysis');
  return (
    <Link
      to="/track-record"
      className="inline-flex min-h-6 items-center font-medium text-primary underline-offset-4 hover:underline"
    >
      {t('record.link')}
    </Link>
  );
}

function HitRateLine({ record, signal }: { record: TrackRecord; signal: SignalValue }) {
  const { t } = useTranslation('marketAnalysis');
  const measured = measuredHitRate(record, signal);
  const params = {
    signal: t(`signals:signal.${signal}`),
    hours: measured.hours,
    source: t(`record.source.${measured.primary}`),
  };
  if (measured.hitRate === null || measured.count === 0) return <>{t('record.none', params)}</>;
  return (
    <>
      {t('record.hitRate', {
        ...params,
        hitRate: formatWholePercent(measured.hitRate * 100),
        signals: formatNumber(measured.count, 0),
      })}
    </>
  );
}
